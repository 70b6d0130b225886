// A read tool called outside a chat (no toolInvocationToken: another extension's
// vscode.lm.invokeTool, not a chat the user started) hands over data the user has shown no
// one: logs, config values, the apps. So AppHost asks first, with its own modal: the app as
// the service names it (read by id, actions/consent.ts) and what the read hands over.
// Declined: the answer says so and holds none of the data. The read then reads the app the
// user allowed (ToolContext.app), never a name resolved again.
import * as vscode from 'vscode';
import { appFromService, askOtherCaller, whereText } from '../actions/consent';
import type { Core } from '../core';
import { UserCancelled, type AppRef } from '../model';
import { failureText, ToolFailure } from './modelText';
import { serviceText } from './serviceInput';
import type { ReadTool, ToolContext } from './toolBase';

/** The answer to a caller whose read the user declined: none of the data. */
export function declinedReadText(): string {
  return vscode.l10n.t('Not read: the user declined to hand this over outside a chat. AppHost gave nothing of it.');
}

/**
 * An act tool's request that will not be carried out (nothing to do, a conflict, an unknown
 * app…), answered to a caller outside a chat: its reason is made of the user's data (the
 * values a config already holds, the apps that exist), so that caller learns none of it.
 */
export function withheldPlanText(): string {
  return vscode.l10n.t('Not done: nothing to do, or AppHost could not plan it. Outside a chat, AppHost gives no reason: the reason would show the user\'s data. Nothing was sent.');
}

/**
 * Runs a read tool for a caller outside a chat: asks, then reads what the user allowed.
 * Before the question, a failure that could name the user's data (an unknown app's answer
 * lists the apps that exist) is answered without it.
 */
export async function readForOther(s: Core, tool: ReadTool<unknown>, input: unknown, ctx: ToolContext): Promise<string> {
  let app: AppRef | undefined;
  let what: string;
  try {
    const reading = await tool.reads(input, ctx);
    app = reading.app && (await appFromService(s, reading.app));
    what = reading.what;
  } catch (error) {
    if (error instanceof ToolFailure) {
      return vscode.l10n.t('Not read: AppHost found no app or workspace of that name, or no linked folder, and names none to a caller outside a chat. Name an app as the AppHost view shows it.');
    }
    throw error;
  }
  const caution = vscode.l10n.t('The answer goes to the extension or tool that asked, not to a chat you started.');
  try {
    if (app) await askOtherCaller(vscode.l10n.t('Read {0}: {1}', app.name, what), `${whereText(s, app)}\n${caution}`, vscode.l10n.t('Allow Reading'));
    else await askOtherCaller(vscode.l10n.t('Read {0}', what), `${vscode.l10n.t('On {0}.', serviceText(s, ctx.s.service))}\n${caution}`, vscode.l10n.t('Allow Reading'));
  } catch (error) {
    if (error instanceof UserCancelled) return declinedReadText();
    return failureText(error);
  }
  return tool.run(input, app ? { ...ctx, app } : ctx);
}
