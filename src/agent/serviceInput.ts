// Which service a tool call acts on: the one its `service` input names (a display name or
// an address, as the tree shows them), else the service of the open folder's linked app,
// else the first. The tools then speak to `ctx.s.connections.of(ctx.s.service)`, or to
// the service of the app they act on.
import * as vscode from 'vscode';
import { onService, type Core, type ServiceCore } from '../core';
import { deployArea } from '../deploy';
import { findService } from '../serviceList';
import { settings } from '../settings';
import { ToolFailure } from './modelText';

export interface ServiceInput {
  /** A known service's display name or address; absent: the linked folder's, else the first. */
  readonly service?: string;
}

/** The Core of the service the call means (a failure naming the known services for an unknown one). */
export function serviceCore(s: Core, input: ServiceInput): ServiceCore {
  const words = typeof input.service === 'string' ? input.service.trim() : '';
  const known = s.connections.services();
  if (words) {
    const found = findService(known, words, settings.allowInsecureHttp());
    if (!found) throw new ToolFailure(vscode.l10n.t('No service "{0}" in AppHost. Services: {1}.', words, known.map((k) => `${k.name} (${k.url})`).join(', ') || vscode.l10n.t('none')));
    return onService(s, found.id);
  }
  const linked = deployArea(s).statusBar.shown()?.service;
  return onService(s, linked && known.some((k) => k.id === linked) ? linked : s.connections.firstId());
}

/** How an answer or a confirmation names the service: its address, with its display name while several are known. */
export function serviceText(s: Core, apiRoot: string): string {
  const name = s.connections.nameWhenSeveral(apiRoot);
  return name ? `${name} (${apiRoot})` : apiRoot;
}
