// Config vars: read (masked as in the tree) and change (set and unset in one go). A change
// is planned against what the model last read and what the server holds at confirmation,
// then merged again with what it holds when it runs, like a save of config.env: a key
// changed meanwhile is a conflict reported back, never overwritten.
import * as vscode from 'vscode';
import { changed } from '../actions/configChanged';
import { applyChangeSet, diffMaps, isEmptyChangeSet, touchedKeys, type ChangeSet } from '../configText/configDiff';
import { ReadBackFailed, sendChanges } from '../configText/configSend';
import { documentKind } from '../configText/documentKinds';
import { ENV_KEY_PATTERN } from '../configText/envScanner';
import { threeWayMerge } from '../configText/threeWayMerge';
import type { AppRef } from '../model';
import { setEntry } from '../api';
import { serviceText } from './serviceInput';
import { type AppInput, resolveApp, workspaceName } from './appInput';
import { isMasked, lastRead, rememberRead, valueForModel, valueForUser } from './configValues';
import {type ActTool, callOptions, type ReadTool, type ToolContext } from './toolBase';
import { MASKED, ToolFailure } from './modelText';

export interface ConfigReadInput extends AppInput {
  readonly keys?: string[];
}

export const readConfig: ReadTool<ConfigReadInput> = {
  name: 'apphost_get_config',
  kind: 'read',
  progress: (input) => (input.app ? vscode.l10n.t('Reading the config vars of {0}…', input.app) : vscode.l10n.t('Reading the config vars of the linked app…')),
  reads: async (input, ctx) => ({ app: await resolveApp(ctx, input), what: vscode.l10n.t('its config values (the secret-looking ones masked)') }),
  async run(input, ctx) {
    const app = await resolveApp(ctx, input);
    const { session, api } = await ctx.s.connections.of(app.service).signedIn();
    const vars = await api.config.get(app.id, callOptions(ctx, app));
    rememberRead(session.id, app, vars);
    const wanted = input.keys?.length ? new Set(input.keys) : undefined;
    const keys = Object.keys(vars).sort().filter((k) => !wanted || wanted.has(k));
    const masked = keys.filter((k) => isMasked(k, vars[k])).length;
    const missing = wanted ? [...wanted].filter((k) => !Object.hasOwn(vars, k)) : [];
    return [
      vscode.l10n.t('Config vars of {0} (workspace {1}): {2}.', app.name, workspaceName(ctx.s, app.workspace), keys.length),
      masked ? vscode.l10n.t('{0} of them look like secrets: their values are masked (shown as {1}, setting apphost.maskSecrets) and not given to you. Never guess them; revealing one in the AppHost view shows it to the user, not to you.', masked, MASKED) : '',
      missing.length ? vscode.l10n.t('Not set: {0}.', missing.join(', ')) : '',
      ...keys.map((k) => `${k}=${valueForModel(k, vars[k])}`),
    ].filter(Boolean).join('\n');
  },
};

export interface ConfigChangeInput extends AppInput {
  readonly set?: Record<string, string>;
  readonly unset?: string[];
}

interface ConfigPlan {
  app: AppRef;
  /** The server's config when the user confirmed. */
  base: Record<string, string>;
  /** What it becomes. */
  mine: Record<string, string>;
}

export const changeConfig: ActTool<ConfigChangeInput, ConfigPlan> = {
  name: 'apphost_update_config',
  kind: 'act',
  progress: (input) => (input.app ? vscode.l10n.t('Changing the config vars of {0}…', input.app) : vscode.l10n.t('Changing the config vars of the linked app…')),
  async plan(input, ctx) {
    const wanted = requestedChange(input);
    const app = await resolveApp(ctx, input);
    const { session, api } = await ctx.s.connections.of(app.service).signedIn();
    const current = await api.config.get(app.id, callOptions(ctx, app));
    const read = lastRead(session.id, app) ?? current;
    const mine = applyChangeSet(read, wanted);
    const merge = threeWayMerge(read, mine, current);
    if (merge.kind === 'conflict') return { answer: conflictText(merge.conflicts, current, vscode.l10n.t('since you last read the config')) };
    const changes = diffMaps(current, merge.merged);
    if (isEmptyChangeSet(changes)) return { answer: vscode.l10n.t('Nothing to change: {0} already has these values. Nothing was sent.', app.name) };
    return {
      plan: { app, base: current, mine: merge.merged },
      confirmation: {
        title: vscode.l10n.t('Change config vars of {0}?', app.name),
        message: [
          vscode.l10n.t('App **{0}** in workspace {1}, on {2}:', app.name, workspaceName(ctx.s, app.workspace), serviceText(ctx.s, session.apiRoot)),
          '',
          ...touchedKeys(changes).map((k) => `- \`${k}\`: ${valueForUser(app, k, current[k])} → ${Object.hasOwn(changes.set, k) ? valueForUser(app, k, changes.set[k]) : vscode.l10n.t('(removed)')}`),
          '',
          vscode.l10n.t('The service restarts {0} to apply the change (a new release).', app.name),
        ].join('\n'),
      },
    };
  },
  async run(plan, ctx) {
    const { app } = plan;
    const { session, api } = await ctx.s.connections.of(app.service).signedIn();
    const opts = callOptions(ctx, app);
    const spec = documentKind('config');
    const theirs = await api.config.get(app.id, opts);
    const merge = threeWayMerge(plan.base, plan.mine, theirs);
    if (merge.kind === 'conflict') return conflictText(merge.conflicts, theirs, vscode.l10n.t('after the user confirmed'));
    const changes = diffMaps(theirs, merge.merged);
    if (isEmptyChangeSet(changes)) return vscode.l10n.t('Nothing to change: {0} already has these values. Nothing was sent.', app.name);
    const applied = await send(ctx, app, changes, () => spec.send(api, app.id, changes, opts), () => api.config.get(app.id, opts));
    const state = applyChangeSet(theirs, applied.done);
    rememberRead(session.id, app, state);
    if (!isEmptyChangeSet(applied.done)) changed(ctx.s, app);
    return [
      isEmptyChangeSet(applied.done) ? '' : vscode.l10n.t('Done on {0}: {1}. The service restarts the app to apply it.', app.name, describe(applied.done, theirs)),
      applied.failure ?? '',
    ].filter(Boolean).join('\n');
  },
};

/** The change the input asks for, checked. */
function requestedChange(input: ConfigChangeInput): ChangeSet {
  const set: Record<string, string> = {};
  for (const [key, value] of Object.entries(input.set ?? {})) {
    if (typeof value !== 'string') throw new ToolFailure(vscode.l10n.t('The value of {0} must be a string.', key));
    setEntry(set, key, value);
  }
  const unset = [...new Set(input.unset ?? [])].sort();
  const keys = [...Object.keys(set), ...unset];
  if (!keys.length) throw new ToolFailure(vscode.l10n.t('Nothing asked: give "set" (KEY: value) and/or "unset" (keys).'));
  const bad = keys.filter((k) => !ENV_KEY_PATTERN.test(k));
  if (bad.length) throw new ToolFailure(vscode.l10n.t('Not a variable name: {0}. Use letters, digits and underscores, not starting with a digit.', bad.join(', ')));
  const both = unset.filter((k) => Object.hasOwn(set, k));
  if (both.length) throw new ToolFailure(vscode.l10n.t('{0} is both set and unset: ask for one.', both.join(', ')));
  return { set, unset };
}

/** Sends the change (configText/configSend.ts: a write whose answer never came is read back, never sent twice). */
async function send(
  ctx: ToolContext, app: AppRef, changes: ChangeSet, write: () => Promise<unknown>, read: () => Promise<Record<string, string>>,
): Promise<{ done: ChangeSet; failure?: string }> {
  let outcome;
  try {
    outcome = await sendChanges(changes, write, read);
  } catch (error) {
    throw error instanceof ReadBackFailed ? error.readError : error;
  }
  if (outcome.complete) return { done: changes };
  const rest = touchedKeys(changes).filter((k) => !touchedKeys(outcome.applied).includes(k));
  if (!outcome.readBack) {
    return { done: outcome.applied, failure: vscode.l10n.t('Not done: {0} ({1}).', rest.join(', '), outcome.cause instanceof Error ? outcome.cause.message : String(outcome.cause)) };
  }
  ctx.s.log.info(`[agent] config of ${app.name}: the connection dropped; read back, ${rest.length} change(s) not in effect`);
  return { done: outcome.applied, failure: vscode.l10n.t('Not done (the connection dropped; reading back shows them not applied): {0}. Nothing was sent twice.', rest.join(', ')) };
}

/** "set LOG_LEVEL ("info" → "debug"); removed OLD", values masked as for the model. */
function describe(changes: ChangeSet, before: Record<string, string>): string {
  return [
    ...Object.keys(changes.set).map((k) => vscode.l10n.t('set {0} ({1} → {2})', k, Object.hasOwn(before, k) ? valueForModel(k, before[k]) : vscode.l10n.t('new'), valueForModel(k, changes.set[k]))),
    ...changes.unset.map((k) => vscode.l10n.t('removed {0}', k)),
  ].join('; ');
}

function conflictText(keys: string[], now: Record<string, string>, when: string): string {
  const values = keys.map((k) => `${k}=${Object.hasOwn(now, k) ? valueForModel(k, now[k]) : vscode.l10n.t('(removed)')}`).join(', ');
  return vscode.l10n.t(
    'Not changed: {0} changed on the server {1} (now {2}). Nothing was overwritten. Read the config again (apphost_get_config), then decide with the user.',
    keys.join(', '), when, values,
  );
}
