// Endpoints beyond the specification on a service that may not serve them. Rails answers
// a missing route and a missing record with the same 404, so a 404 is read as "not
// offered" only when the resource the call was about is still there (one more request,
// made only after a 404). Then AppHost says so, and hides the capability for that service.
import * as vscode from 'vscode';
import { ApiError } from '../api';
import type { Core, ServiceCore } from '../core';
import { UserCancelled } from '../model';
import { BEYOND_SPEC, type BeyondSpec } from '../serviceOffers';
import { serviceNoticeOf } from './notices';
import { notify } from '../notices';
import { foreignCommand } from '../commandCalls';

/** What each capability is called in the notice. */
function label(feature: BeyondSpec): string {
  switch (feature) {
    case 'run': return vscode.l10n.t('one-off commands');
    case 'rebuild': return vscode.l10n.t('rebuilds');
    case 'buildpacks': return vscode.l10n.t('buildpacks');
    case 'backupDownload': return vscode.l10n.t('backup downloads');
    case 'backupRestore': return vscode.l10n.t('backup restores');
    case 'databaseImport': return vscode.l10n.t('database imports');
    case 'github': return vscode.l10n.t('GitHub connections');
    case 'previews': return vscode.l10n.t('preview apps');
    case 'diagnose': return vscode.l10n.t('deploy diagnoses');
  }
}

/** The sentence a command (or a tool's answer) gives when the service lacks the capability. */
export function notOfferedText(feature: BeyondSpec): string {
  return vscode.l10n.t('This service does not offer {0} (it answers 404: an older wokku, or a service that follows only the specification). AppHost hides them for this service.', label(feature));
}

/** Thrown for a capability the service lacks; a command tells the user once, a tool says it in its answer. */
export class NotOffered extends Error {
  constructor(readonly feature: BeyondSpec) {
    super(notOfferedText(feature));
    this.name = 'NotOffered';
  }
}

/**
 * Runs `call` (an endpoint beyond the specification on `service`). A 404 while
 * `stillThere()` succeeds marks the capability as lacking for that service and throws
 * NotOffered; any other failure passes through.
 */
export async function offered<T>(s: Core, service: string | undefined, feature: BeyondSpec, call: () => Promise<T>, stillThere: () => Promise<unknown>): Promise<T> {
  const offers = s.connections.of(service).offers;
  if (offers.lacks(feature)) throw new NotOffered(feature);
  try {
    return await call();
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 404) throw error;
    try {
      await stillThere();
    } catch {
      throw error;
    }
    offers.markLacking(feature); // the view and the palette follow (showOffers)
    throw new NotOffered(feature);
  }
}

/**
 * The one place the UI follows what the services offer (a command or a part of the tree
 * found a capability lacking, a moved address forgot it, the known services changed): rows
 * re-render (their `lacks-<feature>` flag hides its menu entries, its parts go) and the
 * palette hides a command once no known service offers it (`apphost.lacks.<feature>`).
 */
export function showOffers(s: Pick<Core, 'connections' | 'tree'>): vscode.Disposable {
  const publish = (feature: BeyondSpec) =>
    void foreignCommand('setContext', `apphost.lacks.${feature}`, s.connections.all().every((c) => c.offers.lacks(feature)));
  return vscode.Disposable.from(
    s.connections.onDidChangeOffers((feature) => {
      s.tree.refresh(undefined, { refetch: false });
      publish(feature);
    }),
    // Another service may offer what the last one lacked (the view re-renders on its own then).
    s.connections.onDidChange(() => BEYOND_SPEC.forEach(publish)),
  );
}

/** For a command: a NotOffered becomes a notice (the menus hide the capability from now on) and a quiet stop. */
export function offeredForCommand<T>(s: ServiceCore, service: string | undefined, feature: BeyondSpec, call: () => Promise<T>, stillThere: () => Promise<unknown>): Promise<T> {
  return noticeNotOffered(s, service, () => offered(s, service, feature, call, stillThere));
}

/** For a command running an action that calls offered(): a NotOffered becomes a notice and a quiet stop. */
export async function noticeNotOffered<T>(s: ServiceCore, service: string | undefined, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (!(error instanceof NotOffered)) throw error;
    void notify('info', serviceNoticeOf(s, error.message, service));
    throw new UserCancelled();
  }
}

/**
 * Before a command asks anything (a file, a typed name): a capability already known to be
 * lacking on the service stops it with the notice (the palette or a stale menu reached it).
 */
export function refuseIfLacking(s: ServiceCore, service: string | undefined, feature: BeyondSpec): void {
  if (!s.connections.of(service).offers.lacks(feature)) return;
  void notify('info', serviceNoticeOf(s, notOfferedText(feature), service));
  throw new UserCancelled();
}
