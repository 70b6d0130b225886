// The agent tool door of an action on one app (kit/appAction.ts): its plan resolves the app
// (named, else the open folder's), reads what the action needs beyond it from the call's
// input (a scaling, a release: the action's `plan`), and asks VS Code's confirmation with the
// action's question, where the app is and what happens; its run takes the action as a click
// does (the rows busy, the tree after it) and answers with the action's text for the model,
// the app's own output masked by its config values.
import * as vscode from 'vscode';
import type { AppAction, ToolInput } from '../kit/appAction';
import { NotOffered } from '../kit/offered';
import type { AppRef } from '../model';
import { type AppInput, resolveApp, workspaceName } from './appInput';
import { appOutputScrub } from './appOutput';
import { serviceText } from './serviceInput';
import { ToolFailure } from './modelText';
import { type ActTool, callOptions, type ToolContext } from './toolBase';

/** "App shop-api in workspace Personal, on https://…/api/v1": where an action lands. */
export async function where(ctx: ToolContext, app: AppRef): Promise<string> {
  const { session } = await ctx.s.connections.of(app.service).signedIn();
  return vscode.l10n.t('App **{0}** in workspace {1}, on {2}.', app.name, workspaceName(ctx.s, app.workspace), serviceText(ctx.s, session.apiRoot));
}

export function appActionTool<R, P>(action: AppAction<R, P>, name: string): ActTool<AppInput & ToolInput, { app: AppRef; plan: P }> {
  const { texts } = action;
  return {
    name,
    kind: 'act',
    progress: (input) => {
      const app = input.app ?? vscode.l10n.t('the linked app');
      return action.toolProgress ? action.toolProgress(app, input) : texts.busy(app);
    },
    async plan(input, ctx) {
      const app = await resolveApp(ctx, input);
      const planned = action.plan ? await action.plan(ctx.s, app, input, callOptions(ctx, app)) : undefined;
      if (planned && 'answer' in planned) return { answer: planned.answer };
      const [title, lines] = planned ? [planned.title, planned.lines] : [texts.title(app.name), [texts.effect(app.name)]];
      return { plan: { app, plan: planned?.plan as P }, confirmation: { title, message: [await where(ctx, app), '', ...lines].join('\n') } };
    },
    async run({ app, plan }, ctx) {
      const result = await action.perform(ctx.s, app, { options: callOptions(ctx, app), answers: true }, plan).catch((error: unknown) => {
        throw error instanceof NotOffered ? new ToolFailure(error.message) : error;
      });
      const { text, appOutput } = await action.answer(ctx.s, app, result, plan);
      return appOutput ? (await appOutputScrub(ctx, app))(text) : text;
    },
  };
}

/** The tools of the actions that name one. */
export function appActionTools(actions: readonly AppAction[]): ActTool<AppInput & ToolInput, { app: AppRef; plan: unknown }>[] {
  return actions.flatMap((action) => (action.tool ? [appActionTool(action, action.tool)] : []));
}
