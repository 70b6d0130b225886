// The part of VS Code's language model tools API (1.95+) that AppHost uses, typed here:
// the extension builds against @types/vscode 1.90 (its engines minimum), where it does not
// exist. `languageModelTools()` is the one place that looks for it at runtime; on an older
// VS Code it answers undefined and nothing is registered.
import * as vscode from 'vscode';

export interface ToolPrepareOptions<T> {
  readonly input: T;
}

export interface ToolInvocationOptions<T> {
  readonly input: T;
  readonly toolInvocationToken: unknown;
}

export interface ToolConfirmation {
  readonly title: string;
  readonly message: string | vscode.MarkdownString;
}

export interface PreparedToolInvocation {
  readonly invocationMessage?: string | vscode.MarkdownString;
  /** Present: VS Code asks the user before `invoke` runs. */
  readonly confirmationMessages?: ToolConfirmation;
}

/** What `vscode.lm.invokeTool` returns to the caller and VS Code gives the model. */
export interface ToolResult {
  readonly content: readonly unknown[];
}

export interface LanguageModelTool<T> {
  invoke(options: ToolInvocationOptions<T>, token: vscode.CancellationToken): Promise<ToolResult>;
  prepareInvocation?(options: ToolPrepareOptions<T>, token: vscode.CancellationToken): Promise<PreparedToolInvocation | undefined>;
}

export interface LanguageModelToolsApi {
  registerTool<T>(name: string, tool: LanguageModelTool<T>): vscode.Disposable;
  /** A result of one text part, as the model reads it. */
  textResult(text: string): ToolResult;
}

interface ToolsNamespace {
  lm?: { registerTool?: (name: string, tool: LanguageModelTool<unknown>) => vscode.Disposable };
  LanguageModelToolResult?: new (content: unknown[]) => ToolResult;
  LanguageModelTextPart?: new (value: string) => unknown;
}

/** VS Code's tools API, or undefined when this VS Code has none (before 1.95). */
export function languageModelTools(api: unknown = vscode): LanguageModelToolsApi | undefined {
  const ns = api as ToolsNamespace;
  const register = ns.lm?.registerTool;
  const Result = ns.LanguageModelToolResult;
  const Text = ns.LanguageModelTextPart;
  if (typeof register !== 'function' || !Result || !Text) return undefined;
  return {
    registerTool: (name, tool) => register.call(ns.lm, name, tool as LanguageModelTool<unknown>),
    textResult: (text) => new Result([new Text(text)]),
  };
}
