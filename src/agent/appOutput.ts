// What an app printed (its logs, its build's log), as a tool may hand it to the model: the
// app's own config values masked by name (./modelText.ts, scrubForModel). Reading them costs
// one request per tool call, on the tool's budget.
import { ApiError } from '../api';
import type { AppRef } from '../model';
import { scrubForModel } from './modelText';
import { callOptions, type ToolContext } from './toolBase';

/** Reads the app's config once and returns the scrub of its output. */
export async function appOutputScrub(ctx: ToolContext, app: AppRef): Promise<(text: string) => string> {
  let config: Record<string, string> = {};
  try {
    config = await ctx.s.connections.of(app.service).api().config.get(app.id, callOptions(ctx, app));
  } catch (error) {
    // An account that may not read the config (a viewer) cannot hand its values on either:
    // the credential shapes are still masked. Anything else (throttled, offline) fails the call.
    if (!(error instanceof ApiError && error.status === 403)) throw error;
  }
  return (text) => scrubForModel(text, config);
}
