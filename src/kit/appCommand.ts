// The command door of an action on one app (appAction.ts): the app from the row clicked
// (resolved once), else picked in the palette; the rows busy and a progress notification
// while the call runs; then the action's own notice. With batch texts it takes a
// multi-selection: every selected app, a few at a time, one summary (batches.ts). A caller
// other than the user was asked before this runs (actions/consent.ts).
import type { ServiceCore } from '../core';
import type { Action } from './action';
import type { AppAction } from './appAction';
import { explained } from './apiErrors';
import { runOnApps } from './batches';
import { noticeNotOffered } from './offered';
import { withProgress } from './prompts';
import { selectedApps } from './running';
import { resolveApp, targetOf } from './targets';
import type { CommandTarget } from '../tree/commandTarget';

export function appCommand<R, P>(action: AppAction<R, P>): Action {
  const { texts, batch } = action;
  return {
    command: action.command,
    selection: !!batch,
    run: async (s: ServiceCore, target?: CommandTarget, selection?: CommandTarget[]) => {
      const selected = selection?.length ? selectedApps(selection) : undefined;
      if (selected?.length === 0) return; // no app among the selected rows
      if (batch && selected && selected.length > 1) {
        await runOnApps(s, selected, {
          ...batch,
          busy: texts.busy,
          command: action.command,
          // A selection may hold apps of several services: each goes to its own.
          call: (app, queueSignal) => batch.call(s, app, { priority: 'user', queueSignal }),
          after: (app) => batch.after(s, app),
        });
        return;
      }
      const app = selected ? selected[0].app : await resolveApp(s, target, texts.pick?.());
      const row = targetOf(target, 'app')?.row;
      const clicked = selected ? (selected[0].rows.find((r) => r === row) ?? selected[0].rows[0]) : row;
      // What else it needs, asked (undefined: nothing to do, and the user was told).
      const plan = action.choose ? await action.choose(s, app, target) : undefined;
      if (action.choose && plan === undefined) return;
      const cannot = texts.cannot?.(app.name);
      const result = await noticeNotOffered(s, app.service, () => action.perform(s, app, {
        clicked,
        options: { priority: 'user' },
        around: (busy, call) => withProgress(s, busy, cannot ? () => explained(cannot, call) : call),
      }, plan as P));
      await action.tell(s, app, result, plan as P);
    },
  };
}
