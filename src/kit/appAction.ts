// An action on one app that the user, the chat's agent and an `apphost` task can all take
// (start, stop, restart, rebuild, scale, roll back): one descriptor in src/actions/<verb>.ts
// declares its ids, its texts, what it needs beyond the app (a scaling, a release: `choose`
// in the command, `plan` from a tool's input), its call and its effect on the tree, and what
// each door says at its end. The
// doors are built from it: the command (kit/appCommand.ts: target resolved once, busy mark,
// progress, notice; a multi-selection when it has batch texts), the agent tool
// (agent/appActionTool.ts: VS Code's confirmation, the run, text for the model) and, when it
// names one, the task (deploy/appActionTask.ts: a terminal that ends with the action).
import type { CallOptions } from '../api';
import type { Core, ServiceCore } from '../core';
import type { AppRef } from '../model';
import type { CommandTarget, Row } from '../tree/commandTarget';

export interface AppActionTexts {
  /** The question ("Restart shop-api?"). */
  title(app: string): string;
  /** What happens, under the question (a tool's confirmation, a task's first run). */
  effect(app: string): string;
  /** The rows' busy mark and the progress ("Restarting shop-api…"). */
  busy(app: string): string;
  /** The palette's app picker, when no row says which app. */
  pick?(): string;
  /** What a refusal of the service is explained as ("Cannot rebuild shop-api"). */
  cannot?(app: string): string;
}

/** A multi-selection's texts: the command takes one when the action has them. */
export interface BatchTexts {
  title(count: number): string;
  allDone(count: number): string;
  someDone(done: number, total: number): string;
}

/** The action on every app of a multi-selection (kit/batches.ts marks the rows busy itself). */
export interface Batch extends BatchTexts {
  /** The request alone, on the app's own service. */
  call(s: Core, app: AppRef, options: CallOptions): Promise<unknown>;
  /** After one app's call, while its rows are still busy. */
  after(s: Core, app: AppRef): Promise<unknown>;
}

/** How a door runs the action: the row clicked, the call's options, what wraps the call. */
export interface Performing {
  readonly clicked?: Row;
  readonly options: CallOptions;
  /** Wraps the call: the command's progress notification, titled with the busy mark the rows show. */
  readonly around?: <T>(busy: string, call: () => Promise<T>) => Promise<T>;
  /** The door's answer quotes the result (a tool's): read it even where no row shows it. */
  readonly answers?: boolean;
}

/** A task's terminal, for the action's last lines. */
export interface TaskLines {
  line(text: string, style?: 'dim' | 'passed' | 'failed'): void;
}

/** The `apphost` task of an action: `{"type": "apphost", "app": …, "<property>": true}`. */
export interface TaskDoor<R> {
  readonly property: string;
  /** Its name in Run Task ("Rebuild shop-api") and the line under it. */
  label(app: string): string;
  detail(app: string): string;
  /** AppHost's question before its first run ("A task asks AppHost to rebuild shop-api."). */
  asks(app: string): string;
  /** Its last lines in the terminal, and whether it succeeded (its exit code). */
  finish(s: Core, app: AppRef, result: R, terminal: TaskLines): Promise<boolean>;
}

/** A tool call's input beyond the app (`scaling`, `release`: the tool's input schema). */
export type ToolInput = Readonly<Record<string, unknown>>;

/** What a tool call will do once confirmed: the plan, and its confirmation's title and lines. */
export interface ToolPlan<P> {
  readonly plan: P;
  readonly title: string;
  readonly lines: readonly string[];
}

export interface AppAction<R = unknown, P = unknown> {
  readonly command: `apphost.${string}`;
  /** The agent tool's name (`languageModelTools`), when the chat may take it. */
  readonly tool?: `apphost_${string}`;
  /** Its `apphost` task, when a task may run it. */
  readonly task?: TaskDoor<R>;
  readonly texts: AppActionTexts;
  readonly batch?: Batch;
  /** The chat's progress text for a call with this input (default: the busy mark of the app it names). */
  toolProgress?(app: string, input: ToolInput): string;
  /**
   * What else the command asks the user, the app known (a scaling, a release; the row
   * clicked may say), and asks to confirm where it matters; undefined: nothing to do (it said so).
   */
  choose?(s: ServiceCore, app: AppRef, target: CommandTarget | undefined): Promise<P | undefined>;
  /** The same from a tool call's input, read on the service: the plan and its confirmation, or the answer when there is nothing to do. */
  plan?(s: Core, app: AppRef, input: ToolInput, options: CallOptions): Promise<ToolPlan<P> | { readonly answer: string }>;
  /** The request with its effect on the tree: the app's rows busy meanwhile, what they show after. */
  perform(s: Core, app: AppRef, how: Performing, plan: P): Promise<R>;
  /** The command's last word: a notice, with its next steps. */
  tell(s: ServiceCore, app: AppRef, result: R, plan: P): Promise<void>;
  /** The tool's answer; `appOutput`: it quotes the app's own output, which may print config values (the door masks them). */
  answer(s: Core, app: AppRef, result: R, plan: P): Promise<{ readonly text: string; readonly appOutput?: boolean }>;
}
