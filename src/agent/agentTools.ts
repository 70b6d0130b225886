// The tools as VS Code calls them (through the stand-ins registered at activation,
// ./registration.ts): prepare, then invoke. An act tool's plan is made in prepare (its
// confirmation shows it) and kept until invoke carries it out, so what runs is what the
// user confirmed; a plan that failed is answered in invoke, as text, with nothing done.
import * as vscode from 'vscode';
import type { Core, ServiceCore } from '../core';
import type { Caller } from '../callers';
import { askOtherCaller } from '../actions/consent';
import { UserCancelled } from '../model';
import { failureText, rateLimitedText } from './modelText';
import { readForOther, withheldPlanText } from './readConsent';
import type { PreparedToolInvocation } from './lmApi';
import { serviceCore, type ServiceInput } from './serviceInput';
import { agentToolsEnabled } from './setting';
import type { AgentTool, NothingToDo, Planned, ToolContext } from './toolBase';

/** Plans waiting for their invoke (a confirmation may wait a while; a few at most). */
const MAX_PLANS = 20;

type Prepared = { planned: Planned<unknown> } | { answer: string };

export class AgentTools {
  private readonly tools: Map<string, AgentTool>;
  private readonly plans = new Map<string, Promise<Prepared>>();

  constructor(
    private readonly s: Core,
    tools: readonly AgentTool[],
  ) {
    this.tools = new Map(tools.map((t) => [t.name, t]));
  }

  get names(): string[] {
    return [...this.tools.keys()];
  }

  /** What the chat shows before the call: the progress text, and for act tools the confirmation. */
  async prepare(name: string, input: unknown, token: vscode.CancellationToken): Promise<PreparedToolInvocation | undefined> {
    const tool = this.tool(name);
    const invocationMessage = tool.progress(input ?? {});
    if (tool.kind === 'read' || !agentToolsEnabled()) return { invocationMessage };
    const prepared = this.withContext<Prepared>(token, input, (ctx) => this.planOf(tool, input ?? {}, ctx), (error) => ({ answer: failureText(error) }));
    this.keep(planKey(name, input), prepared);
    const result = await prepared;
    if (!('planned' in result)) return { invocationMessage };
    const { title, message } = result.planned.confirmation;
    return { invocationMessage, confirmationMessages: { title, message: new vscode.MarkdownString(message) } };
  }

  /**
   * Runs the tool; always text, failures included. A chat's call (`caller` chat) was
   * confirmed by VS Code; any other call gets AppHost's own question first, whatever the
   * chat's auto-approve settings say: an act tool's, and a read tool's (./readConsent.ts).
   */
  async invoke(name: string, input: unknown, token: vscode.CancellationToken, caller: Exclude<Caller, 'user'> = 'other'): Promise<string> {
    const tool = this.tool(name);
    if (!agentToolsEnabled()) {
      return vscode.l10n.t('AppHost\'s agent tools are turned off (setting apphost.agentTools.enabled). Nothing was done.');
    }
    const text = await this.withContext(token, input, async (ctx) => {
      try {
        const paused = ctx.s.connections.of(ctx.s.service).budget.snapshot();
        if (paused.pausedForMs > 0) return rateLimitedText(Date.now() + paused.pausedForMs);
        if (tool.kind === 'read') return caller === 'chat' ? await tool.run(input ?? {}, ctx) : await readForOther(this.s, tool, input ?? {}, ctx);
        const key = planKey(name, input);
        const prepared = this.plans.get(key);
        this.plans.delete(key);
        if (!prepared) {
          return vscode.l10n.t('Not done: this action needs the user\'s confirmation, and VS Code did not ask for it. Call the tool again.');
        }
        const result = await prepared;
        if (!('planned' in result)) return caller === 'chat' ? result.answer : withheldPlanText();
        if (caller !== 'chat') {
          const { title, message } = result.planned.confirmation;
          try {
            await askOtherCaller(title, plainText(message));
          } catch (error) {
            if (error instanceof UserCancelled) return vscode.l10n.t('Not done: the user declined. Nothing was sent to the service.');
            throw error;
          }
        }
        return await tool.run(result.planned.plan, ctx);
      } catch (error) {
        this.s.log.warn(`[agent] ${name}: ${error instanceof Error ? error.message : String(error)}`);
        return failureText(error);
      }
    }, failureText);
    return this.scrubbed(text);
  }

  private tool(name: string): AgentTool {
    const tool = this.tools.get(name);
    if (!tool) throw new Error(`No AppHost tool ${name}`);
    return tool;
  }

  private async planOf(tool: Extract<AgentTool, { kind: 'act' }>, input: unknown, ctx: ToolContext): Promise<Prepared> {
    try {
      const planned: Planned<unknown> | NothingToDo = await tool.plan(input, ctx);
      return 'answer' in planned ? { answer: planned.answer } : { planned };
    } catch (error) {
      return { answer: failureText(error) };
    }
  }

  private keep(key: string, prepared: Promise<Prepared>): void {
    this.plans.delete(key);
    this.plans.set(key, prepared);
    while (this.plans.size > MAX_PLANS) this.plans.delete(this.plans.keys().next().value!);
  }

  /** Runs with the Core of the service the input names (serviceInput.ts); an unknown one is answered as a failure. */
  private async withContext<T>(token: vscode.CancellationToken, input: unknown, run: (ctx: ToolContext) => Promise<T>, failed: (error: unknown) => T): Promise<T> {
    let s: ServiceCore;
    try {
      s = serviceCore(this.s, (input ?? {}) as ServiceInput);
    } catch (error) {
      return failed(error);
    }
    const abort = new AbortController();
    const sub = token.onCancellationRequested(() => abort.abort());
    if (token.isCancellationRequested) abort.abort();
    try {
      return await run({ s, token, signal: abort.signal });
    } finally {
      sub.dispose();
    }
  }

  /** No service's token can ever reach the model, whatever a server or git printed. */
  private async scrubbed(text: string): Promise<string> {
    const sessions = await Promise.all(this.s.connections.all().map((c) => c.session().catch(() => undefined)));
    const tokens = sessions.flatMap((session) => (session ? [session.token] : []));
    try {
      return this.s.connections.first.api().scrubber.with(tokens).scrub(text);
    } catch {
      return tokens.reduce((t, token) => t.split(token).join('••••••••'), text);
    }
  }
}

/** Prepare and invoke of one call carry the same input: it keys the plan. */
function planKey(name: string, input: unknown): string {
  return `${name} ${stableJson(input ?? {})}`;
}

function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.keys(value).sort().map((k) => `${JSON.stringify(k)}:${stableJson((value as Record<string, unknown>)[k])}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** A confirmation's Markdown as a modal shows it: no bold marks, no code fences (their lines as they are). */
function plainText(markdown: string): string {
  return markdown.replace(/\*\*/g, '').split('\n').filter((line) => !/^`{3,}$/.test(line)).join('\n');
}
