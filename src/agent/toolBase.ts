// What every AppHost tool for the chat's agent mode is made of. A read tool reads and
// answers; an act tool first plans (reads what its confirmation must show, costs no write)
// and then carries out exactly what the user confirmed. Answers are plain text for the
// model, bounded in size; failures are text too (./modelText.ts), never thrown.
import type * as vscode from 'vscode';
import type { CallOptions } from '../api';
import type { ServiceCore } from '../core';
import type { AppRef } from '../model';

export interface ToolContext {
  readonly s: ServiceCore;
  readonly token: vscode.CancellationToken;
  /** Aborted with the token (the chat request was cancelled). */
  readonly signal: AbortSignal;
  /** The app the user allowed a caller outside a chat to read (./readConsent.ts): the read reads that one. */
  readonly app?: AppRef;
}

/** What a read tool hands over, as AppHost's question to a caller outside a chat names it. */
export interface Reading {
  /** The app it reads, as the call resolves it; none for a read of the account (its apps, its activity). */
  readonly app?: AppRef;
  /** What of it: "its last 1000 log lines", "its config values". */
  readonly what: string;
}

/** What an act tool will do, and what the user is asked to confirm. */
export interface Planned<P> {
  readonly plan: P;
  readonly confirmation: { readonly title: string; readonly message: string };
}

/** An act tool whose request needs no action (already so, or refused before any write): its answer. */
export interface NothingToDo {
  readonly answer: string;
}

export interface ReadTool<I> {
  readonly name: string;
  readonly kind: 'read';
  /** The progress text the chat shows while it runs. */
  progress(input: I): string;
  /** What the call would read (resolving its app costs what run's would); a caller outside a chat is asked first. */
  reads(input: I, ctx: ToolContext): Promise<Reading>;
  run(input: I, ctx: ToolContext): Promise<string>;
}

export interface ActTool<I, P> {
  readonly name: string;
  readonly kind: 'act';
  progress(input: I): string;
  /** Reads what the confirmation shows; free of side effects (VS Code may not invoke after it). */
  plan(input: I, ctx: ToolContext): Promise<Planned<P> | NothingToDo>;
  /** Carries out the confirmed plan. */
  run(plan: P, ctx: ToolContext): Promise<string>;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a table of tools of every input type
export type AgentTool = ReadTool<any> | ActTool<any, any>;

/**
 * Options of every call a tool makes: the user's priority in the shared budget (an agent's
 * call is a user action), and no waiting out a rate limit: the model is told until when.
 */
export function callOptions(ctx: ToolContext, app?: Pick<AppRef, 'workspace'>): CallOptions {
  return { workspace: app?.workspace, priority: 'user', failWhenThrottled: true, signal: ctx.signal };
}

/** At most `max` characters: the end kept (the newest lines of a log), with a note of what was cut. */
export function tailText(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(text.length - max);
  const start = cut.indexOf('\n') + 1;
  return `[… ${text.length - max + start} earlier characters left out]\n${cut.slice(start)}`;
}
