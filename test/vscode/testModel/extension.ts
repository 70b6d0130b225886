// A language model for tests: test VS Code has none (no Copilot), so AppHost's fallback of
// Diagnose Failure (ask a model of VS Code when the service has no AI key) could never run.
// This extension contributes the vendor `apphost-test` and registers a provider for it
// (vscode.lm.registerLanguageModelChatProvider, final since VS Code 1.104). Its answer is
// made of what it received, and it keeps each prompt in a file for the test to read; a
// file tells it to fail in one of the ways a model fails instead (protocol.ts).
// It is never part of AppHost's .vsix: test/vscode/testModel/packageTestModel.ts builds it
// into its own folder or .vsix at test time.
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import * as vscode from 'vscode';
import { answerFor, behaviourFile, MODEL_DIR_ENV, MODEL_NAME, promptFile, releaseFile, VENDOR, WAITING_WORDS, type Behaviour } from './protocol';

/** The provider's side of the API, as VS Code 1.139 defines it (@types/vscode is 1.90's). */
interface ChatInformation {
  id: string;
  name: string;
  family: string;
  version: string;
  maxInputTokens: number;
  maxOutputTokens: number;
  capabilities: { imageInput?: boolean; toolCalling?: boolean | number };
}
interface RequestMessage {
  content: readonly unknown[];
}
interface ChatProvider {
  provideLanguageModelChatInformation(options: { silent: boolean }, token: vscode.CancellationToken): ChatInformation[];
  provideLanguageModelChatResponse(model: ChatInformation, messages: readonly RequestMessage[], options: unknown, progress: vscode.Progress<unknown>, token: vscode.CancellationToken): Promise<void>;
  provideTokenCount(model: ChatInformation, text: string | RequestMessage, token: vscode.CancellationToken): Promise<number>;
}
type LmWithProviders = typeof vscode.lm & { registerLanguageModelChatProvider(vendor: string, provider: ChatProvider): vscode.Disposable };
type TextPartClass = new (value: string) => unknown;

const MODEL: ChatInformation = {
  id: 'apphost-test-model', name: MODEL_NAME, family: 'apphost-test', version: '1',
  maxInputTokens: 100_000, maxOutputTokens: 4_000, capabilities: {},
};

function textOf(message: string | RequestMessage): string {
  if (typeof message === 'string') return message;
  return message.content.map((part) => (typeof (part as { value?: unknown }).value === 'string' ? (part as { value: string }).value : '')).join('');
}

function behaviour(dir: string): Behaviour {
  const file = behaviourFile(dir);
  return existsSync(file) ? (readFileSync(file, 'utf8').trim() as Behaviour) : 'answer';
}

/** Resolves once the release file is there, or the request is cancelled. */
function released(dir: string, token: vscode.CancellationToken): Promise<void> {
  return new Promise((resolve) => {
    const poll = setInterval(() => {
      if (!existsSync(releaseFile(dir)) && !token.isCancellationRequested) return;
      clearInterval(poll);
      resolve();
    }, 20);
  });
}

export function activate(context: vscode.ExtensionContext): void {
  const dir = process.env[MODEL_DIR_ENV];
  if (!dir) throw new Error(`${MODEL_DIR_ENV} is not set: the test model has nowhere to keep its prompts.`);
  const TextPart = (vscode as unknown as { LanguageModelTextPart: TextPartClass }).LanguageModelTextPart;
  const provider: ChatProvider = {
    provideLanguageModelChatInformation: () => [MODEL],
    async provideLanguageModelChatResponse(_model, messages, _options, progress, token) {
      const prompt = messages.map(textOf).join('\n');
      writeFileSync(promptFile(dir, readdirSync(dir).filter((f) => f.startsWith('prompt-')).length + 1), prompt);
      const how = behaviour(dir);
      switch (how) {
        case 'fail': throw new Error('the test model broke down');
        case 'blocked': throw vscode.LanguageModelError.Blocked('the test model does not answer questions about deploys');
        case 'no-permissions': throw vscode.LanguageModelError.NoPermissions('the test model is not for AppHost');
        case 'not-found': throw vscode.LanguageModelError.NotFound('the test model was removed');
        case 'wait':
          // Some of an answer first (the document shows what came), then nothing until the user cancels.
          progress.report(new TextPart(WAITING_WORDS));
          await new Promise<void>((resolve) => token.onCancellationRequested(() => resolve()));
          return;
        case 'hold':
        case 'answer':
          if (how === 'hold') await released(dir, token);
          if (token.isCancellationRequested) return;
          // In pieces, as a model streams: the diagnosis grows as they come.
          for (const piece of answerFor(prompt.length).split(/(?<=\n)/)) progress.report(new TextPart(piece));
      }
    },
    provideTokenCount: async (_model, text) => Math.ceil(textOf(text).length / 4),
  };
  context.subscriptions.push((vscode.lm as LmWithProviders).registerLanguageModelChatProvider(VENDOR, provider));
}
