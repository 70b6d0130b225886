// The agent tool door of an action on one app (kit/appAction.ts): its plan resolves the app
// (named, else the open folder's) and asks VS Code's confirmation with the action's question,
// where the app is and what happens; its run takes the action as a click does (the rows
// busy, the tree after it) and answers with the action's text for the model, the app's own
// output masked by its config values.
import * as vscode from 'vscode';
import type { AppAction } from '../kit/appAction';
import { NotOffered } from '../kit/offered';
import type { AppRef } from '../model';
import { where } from './appActions';
import { type AppInput, resolveApp } from './appInput';
import { appOutputScrub } from './appOutput';
import { ToolFailure } from './modelText';
import { type ActTool, callOptions } from './toolBase';

export function appActionTool<R>(action: AppAction<R>, name: string): ActTool<AppInput, AppRef> {
  const { texts } = action;
  return {
    name,
    kind: 'act',
    progress: (input) => texts.busy(input.app ?? vscode.l10n.t('the linked app')),
    async plan(input, ctx) {
      const app = await resolveApp(ctx, input);
      return { plan: app, confirmation: { title: texts.title(app.name), message: `${await where(ctx, app)}\n\n${texts.effect(app.name)}` } };
    },
    async run(app, ctx) {
      const result = await action.perform(ctx.s, app, { options: callOptions(ctx, app), answers: true }).catch((error: unknown) => {
        throw error instanceof NotOffered ? new ToolFailure(error.message) : error;
      });
      const { text, appOutput } = await action.answer(ctx.s, app, result);
      return appOutput ? (await appOutputScrub(ctx, app))(text) : text;
    },
  };
}

/** The tools of the actions that name one. */
export function appActionTools(actions: readonly AppAction[]): ActTool<AppInput, AppRef>[] {
  return actions.flatMap((action) => (action.tool ? [appActionTool(action, action.tool)] : []));
}
