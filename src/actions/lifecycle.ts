// What start, stop and restart share (each is its own descriptor: start.ts, stop.ts,
// restart.ts): the call on the app's own service, the rows busy meanwhile, then the process
// report's true state (the service never updates an app's status), which the rows show; the
// notice says it is done, the tool's answer adds the report.
import type { ApiClient, CallOptions, ProcessSummary } from '../api';
import type { AppAction, AppActionTexts, BatchTexts } from '../kit/appAction';
import { inform } from '../kit/notices';
import type { Core } from '../core';
import type { AppRef } from '../model';
import { processLines } from './processLines';

export interface LifecycleSpec {
  readonly command: AppAction['command'];
  readonly tool: NonNullable<AppAction['tool']>;
  readonly texts: AppActionTexts & {
    /** The result ("shop-api restarted."): the notice and the tool's answer start with it. */
    done(app: string): string;
  };
  readonly batch: BatchTexts;
  /** The request of the specification it sends. */
  request(api: ApiClient, id: string, options: CallOptions): Promise<unknown>;
}

export function lifecycleAction(spec: LifecycleSpec): AppAction<ProcessSummary | undefined> {
  const { texts } = spec;
  const call = (s: Core, app: AppRef, options: CallOptions) => spec.request(s.connections.of(app.service).api(), app.id, { workspace: app.workspace, ...options });
  return {
    command: spec.command,
    tool: spec.tool,
    texts,
    batch: { ...spec.batch, call, after: (s, app) => s.tree.readState(app, { rerender: true }) },
    async perform(s, app, { clicked, options, around = (_busy, request) => request(), answers = false }) {
      const rows = [...new Set([...(clicked ? [clicked] : []), ...s.tree.appRows(app)])];
      const busy = texts.busy(app.name);
      await s.tree.busyWhile(rows, busy, () => around(busy, () => call(s, app, options)));
      return s.tree.readState(app, { rerender: true, options, always: answers });
    },
    tell: async (s, app) => void inform(s, texts.done(app.name)),
    answer: async (_s, app, report) => ({ text: [texts.done(app.name), ...processLines(report)].join('\n') }),
  };
}
