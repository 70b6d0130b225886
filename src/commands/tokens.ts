// The account's API tokens (apphost.tokens.*): list, revoke, create. Which session a
// created token replaces is auth's business (auth/tokenSession.ts).
import * as vscode from 'vscode';
import type { ApiToken } from '../api';
import type { SessionStore } from '../sessionStore';
import { useToken } from '../auth/tokenSession';
import type { Connection } from '../connection';
import type { ServiceCore } from '../core';
import { relativeTime } from '../format';
import { UserCancelled } from '../model';
import { ask, notify } from '../notices';
import type { Action } from '../kit/action';

/** The API tokens of the signed-in account. */
export const tokenActions: readonly Action[] = [
  { command: 'apphost.tokens.manage', run: (s: ServiceCore) => manageTokens(s.connections.of(s.service), s.sessions) },
  { command: 'apphost.tokens.create', run: (s: ServiceCore) => createToken(s.connections.of(s.service), s.sessions) },
];

type TokenItem = vscode.QuickPickItem & { token?: ApiToken; create?: true };

const REVOKE: vscode.QuickInputButton = { iconPath: new vscode.ThemeIcon('trash'), tooltip: vscode.l10n.t('Revoke') };

/** Lists the account's API tokens; each can be revoked, and new ones created. */
export async function manageTokens(connection: Connection, store: SessionStore): Promise<void> {
  const session = (await connection.signedIn()).session;
  const pick = vscode.window.createQuickPick<TokenItem>();
  pick.title = vscode.l10n.t('AppHost API tokens of {0}', session.account.email);
  pick.placeholder = vscode.l10n.t('Select a token to revoke it, or create a new one');
  pick.matchOnDescription = true;
  // Stays open while the revoke confirmation (a modal) has the focus.
  pick.ignoreFocusOut = true;
  const load = async () => {
    pick.busy = true;
    try {
      const tokens = await connection.api().auth.listTokens();
      pick.items = [
        { label: `$(add) ${vscode.l10n.t('Create API Token…')}`, create: true, alwaysShow: true },
        { label: '', kind: vscode.QuickPickItemKind.Separator },
        ...tokens.map((t): TokenItem => ({
          token: t,
          label: `$(key) ${t.name || t.id}`,
          description: [
            t.id === session.tokenId && vscode.l10n.t('used by this editor'),
            t.lastUsedAt ? vscode.l10n.t('last used {0}', relativeTime(t.lastUsedAt)!) : vscode.l10n.t('never used'),
          ].filter(Boolean).join(' · '),
          detail: [
            t.expiresAt ? vscode.l10n.t('expires {0}', relativeTime(t.expiresAt)!) : vscode.l10n.t('does not expire'),
            t.createdAt && vscode.l10n.t('created {0}', relativeTime(t.createdAt)!),
          ].filter(Boolean).join(' · '),
          buttons: [REVOKE],
        })),
      ];
    } finally {
      pick.busy = false;
    }
  };
  const revoke = async (token: ApiToken) => {
    const ours = token.id === session.tokenId;
    const yes = vscode.l10n.t('Revoke');
    const answer = await ask('warning',
      vscode.l10n.t('Revoke the API token "{0}"?', token.name || token.id), ours ? vscode.l10n.t('This editor uses it: you will be signed out.') : vscode.l10n.t('Programs using it will lose access.'),
      yes);
    if (answer !== yes) return;
    await connection.api().auth.revokeToken(token.id);
    if (ours) {
      await store.remove(session.apiRoot);
      pick.hide();
      return;
    }
    await load();
  };

  await new Promise<void>((resolve, reject) => {
    const fail = (e: unknown) => {
      pick.hide();
      reject(e);
    };
    pick.onDidTriggerItemButton((e) => e.item.token && revoke(e.item.token).catch(fail));
    pick.onDidAccept(() => {
      const [item] = pick.selectedItems;
      if (item?.create) {
        pick.hide();
        createToken(connection, store).then(resolve, reject);
      } else if (item?.token) {
        revoke(item.token).catch(fail);
      }
    });
    pick.onDidHide(() => {
      pick.dispose();
      resolve();
    });
    pick.show();
    load().catch(fail);
  });
}

/** Creates a named token and shows its value once, with "Copy" and "Use for This Connection". */
export async function createToken(connection: Connection, store: SessionStore): Promise<void> {
  const session = (await connection.signedIn()).session;
  const name = await vscode.window.showInputBox({
    title: vscode.l10n.t('Create an AppHost API token'),
    prompt: vscode.l10n.t('A name that tells you later where the token is used; leave empty and the service names it after the time'),
    placeHolder: 'ci-deploys',
    ignoreFocusOut: true,
    validateInput: (v) => (v.length > 100 ? vscode.l10n.t('At most 100 characters') : undefined),
  });
  if (name === undefined) throw new UserCancelled();
  // wokku names a token sent without a name `token-<unix seconds>`.
  const created = await connection.api().auth.createToken({ name: name.trim() || undefined });
  const copy = vscode.l10n.t('Copy');
  const use = vscode.l10n.t('Use for This Connection');
  const choice = await ask('info',
    vscode.l10n.t('API token "{0}" created. Copy it now: it is shown only once.', created.name || name), created.token,
    copy,
    use);
  if (choice === copy) {
    await vscode.env.clipboard.writeText(created.token);
    void notify('info', vscode.l10n.t('Token copied to the clipboard.'));
  } else if (choice === use) {
    await useToken(connection, store, session, created);
  }
}

