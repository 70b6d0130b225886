// Domains of an app: add (hostname checked as you type), remove (confirmed), enable SSL
// (certificate issuance is slow: progress and a busy row), open in the browser.
import * as vscode from 'vscode';
import { inform } from '../kit/notices';
import type { Domain } from '../api';
import type { ServiceCore } from '../core';
import type { CommandTarget } from '../tree/commandTarget';
import { domainUrl } from '../format';
import { explained } from '../kit/apiErrors';
import { resolveItem, resolveApp } from '../kit/targets';
import { runAction, confirm } from '../kit/prompts';
import { type AppRef, UserCancelled } from '../model';
import type { Action } from '../kit/action';

// The service's own rule: dot-separated labels of letters, digits and inner dashes, 253 at most.
const HOSTNAME = /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)+$/i;

export function validateHostname(value: string): string | undefined {
  const host = value.trim();
  if (!host) return vscode.l10n.t('Enter a hostname, e.g. "www.example.com"');
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(host) || host.includes('/')) return vscode.l10n.t('Enter the hostname only, without "https://" or a path');
  if (host.includes('*')) return vscode.l10n.t('Wildcard domains are not supported: enter one hostname');
  if (!host.includes('.')) return vscode.l10n.t('A hostname has at least two labels, e.g. "example.com"');
  if (!HOSTNAME.test(host)) return vscode.l10n.t('Use letters, digits and dashes between dots; no label may start or end with a dash');
  return undefined;
}

export const domainActions: readonly Action[] = [
  { command: 'apphost.domain.add', run: addDomain },
  { command: 'apphost.domain.remove', run: removeDomain },
  { command: 'apphost.domain.enableSsl', run: enableSsl },
  { command: 'apphost.domain.open', consent: 'harmless', run: openDomain },
];

/** A domain of the row the command came from, or one the user picks (optionally among some). */
function resolveDomain(s: ServiceCore, target: CommandTarget | undefined, placeHolder: string, filter: (d: Domain) => boolean = () => true, none?: (app: AppRef) => string) {
  return resolveItem<Domain>(
    s,
    target,
    'domain',
    {
      appPlaceHolder: vscode.l10n.t('Select the app whose domain to use'),
      title: (app) => vscode.l10n.t('Domains of {0}', app.name),
      placeHolder,
      empty: none ?? ((app) => vscode.l10n.t('{0} has no domain yet.', app.name)),
    },
    async (app) => (await s.connections.of(app.service).api().domains.list(app.id, { workspace: app.workspace, priority: 'user' })).filter(filter),
    (d) => ({ label: d.hostname, description: d.sslEnabled ? vscode.l10n.t('$(lock) SSL') : vscode.l10n.t('no SSL') }),
  );
}

async function addDomain(s: ServiceCore, target?: CommandTarget): Promise<void> {
  // Also called by "Open App in Browser" with a plain AppRef when the app has no domain.
  const app = await resolveApp(s, target, vscode.l10n.t('Select the app to add a domain to'));
  const input = await vscode.window.showInputBox({
    title: vscode.l10n.t('Add a domain to {0}', app.name),
    prompt: vscode.l10n.t('Hostname that should serve {0} (point its DNS at the app\'s server)', app.name),
    placeHolder: 'www.example.com',
    ignoreFocusOut: true,
    validateInput: validateHostname,
  });
  if (input === undefined) throw new UserCancelled();
  const hostname = input.trim().toLowerCase();
  const domain = await runAction(s, undefined, vscode.l10n.t('Adding {0} to {1}…', hostname, app.name), () =>
    explained(vscode.l10n.t('Cannot add {0}', hostname), () => s.connections.of(app.service).api().domains.add(app.id, hostname, { workspace: app.workspace })),
  );
  s.tree.reloadPart(app, 'domains');
  const ssl = vscode.l10n.t('Enable SSL');
  const choice = await inform(s, vscode.l10n.t('{0} added to {1}.', domain.hostname, app.name), ssl);
  if (choice === ssl) await enableSslOn(s, app, domain);
}

async function removeDomain(s: ServiceCore, target?: CommandTarget): Promise<void> {
  const { app, item: domain, node } = await resolveDomain(s, target, vscode.l10n.t('Domain to remove'));
  const remove = vscode.l10n.t('Remove');
  await confirm(s,
    vscode.l10n.t('Remove {0} from {1}?', domain.hostname, app.name),
    vscode.l10n.t('The app stops answering on this hostname. DNS records are not changed.'),
    remove,
  );
  await runAction(s, node, vscode.l10n.t('Removing {0}…', domain.hostname), () =>
    explained(vscode.l10n.t('Cannot remove {0}', domain.hostname), () => s.connections.of(app.service).api().domains.remove(app.id, domain.id, { workspace: app.workspace })),
  );
  s.tree.reloadPart(app, 'domains');
  void inform(s, vscode.l10n.t('{0} removed from {1}.', domain.hostname, app.name));
}

async function enableSsl(s: ServiceCore, target?: CommandTarget): Promise<void> {
  const { app, item: domain, node } = await resolveDomain(
    s,
    target,
    vscode.l10n.t('Domain that should get a certificate'),
    (d) => !d.sslEnabled,
    (a) => vscode.l10n.t('Every domain of {0} already has SSL.', a.name),
  );
  if (domain.sslEnabled) {
    void inform(s, vscode.l10n.t('{0} already has SSL.', domain.hostname));
    return;
  }
  await enableSslOn(s, app, domain, node ?? s.tree.groupOf(target, 'domains'));
}

async function enableSslOn(s: ServiceCore, app: AppRef, domain: Domain, node?: Parameters<typeof runAction>[1]): Promise<void> {
  // Issuing a certificate takes a while (the platform asks Let's Encrypt): progress + busy row.
  await runAction(s, node, vscode.l10n.t('Enabling SSL for {0}…', domain.hostname), () =>
    explained(vscode.l10n.t('Cannot enable SSL for {0}', domain.hostname), () => s.connections.of(app.service).api().domains.enableSsl(app.id, domain.id, { workspace: app.workspace })),
  );
  s.tree.reloadPart(app, 'domains');
  const open = vscode.l10n.t('Open');
  const choice = await inform(s, vscode.l10n.t('SSL enabled for {0}.', domain.hostname), open);
  if (choice === open) await vscode.env.openExternal(vscode.Uri.parse(domainUrl({ ...domain, sslEnabled: true })));
}

async function openDomain(s: ServiceCore, target?: CommandTarget): Promise<void> {
  const { item: domain } = await resolveDomain(s, target, vscode.l10n.t('Domain to open'));
  await vscode.env.openExternal(vscode.Uri.parse(domainUrl(domain)));
}
