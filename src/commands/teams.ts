import * as vscode from 'vscode';
import { inform } from '../kit/notices';
import { teamWorkspace, type Member, type Team } from '../api';
import type { ServiceCore } from '../core';
import type { CommandTarget } from '../tree/commandTarget';
import { signedIn, targetOf } from '../kit/targets';
import { UserCancelled } from '../model';
import { confirm } from '../kit/prompts';
import type { Action } from '../kit/action';

const ROLES = ['viewer', 'member', 'admin'] as const;
type Role = (typeof ROLES)[number];
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function validateTeamName(value: string): string | undefined {
  if (!value.trim()) return vscode.l10n.t('Enter a name');
  return value.trim().length > 60 ? vscode.l10n.t('At most 60 characters') : undefined;
}

export function validateEmail(value: string): string | undefined {
  return EMAIL.test(value.trim()) ? undefined : vscode.l10n.t('Enter an e-mail address, e.g. kim@example.com');
}

/** What a team command can be invoked on: a team, a team workspace node, or nothing (palette). */
interface TeamRef {
  id: string;
  name: string;
}

/** A team's workspace row, or a team passed by another command. */
type TeamTarget = CommandTarget | TeamRef;

function teamOf(target: TeamTarget | undefined): TeamRef | undefined {
  if (target && 'kind' in target) {
    // Teams may be addressed by id or slug; manual workspaces only know their slug, and the
    // personal workspace is a team only on a service without workspaces (wokku).
    const workspace = targetOf(target, 'workspace')?.workspace;
    const id = workspace && (workspace.teamId ?? workspace.slug);
    return id ? { id, name: workspace.label } : undefined;
  }
  const t = target;
  return t && typeof t.id === 'string' && typeof t.name === 'string' ? { id: t.id, name: t.name } : undefined;
}

/** Teams and their members. */
export const teamActions: readonly Action[] = [
  { command: 'apphost.teams.manage', run: manageTeams },
  { command: 'apphost.team.create', run: createTeam },
  { command: 'apphost.team.members', run: manageMembers },
  { command: 'apphost.team.addMember', run: addMember },
  { command: 'apphost.team.removeMember', run: removeMember },
];

async function pickTeam(s: ServiceCore, target: TeamTarget | undefined, placeHolder: string): Promise<TeamRef> {
  const known = teamOf(target);
  if (known) return known;
  await signedIn(s);
  const teams = s.connections.of(s.service).api().teams.list({ priority: 'user' }).then((list) => {
    if (!list.length) throw new Error(vscode.l10n.t('You are not in any team yet: create one with "AppHost: Create Team…".'));
    return list.map((t) => ({ label: `$(organization) ${t.name}`, description: t.slug, team: t }));
  });
  const picked = await vscode.window.showQuickPick(teams, { title: vscode.l10n.t('AppHost teams'), placeHolder });
  if (!picked) throw new UserCancelled();
  return picked.team;
}

type TeamItem = vscode.QuickPickItem & { team?: Team; create?: true };

/** Teams of the account: create one, or open a team's members. Comes back until Escape. */
async function manageTeams(s: ServiceCore): Promise<void> {
  await signedIn(s);
  for (;;) {
    const items = s.connections.of(s.service).api().teams.list({ priority: 'user' }).then((teams): TeamItem[] => [
      { label: `$(add) ${vscode.l10n.t('Create Team…')}`, create: true, alwaysShow: true },
      { label: vscode.l10n.t('Teams'), kind: vscode.QuickPickItemKind.Separator },
      ...teams.map((t): TeamItem => ({
        label: `$(organization) ${t.name}`,
        description: t.slug ? vscode.l10n.t('workspace {0}', t.slug) : undefined,
        detail: vscode.l10n.t('Select to see and manage its members'),
        team: t,
      })),
    ]);
    const picked = await vscode.window.showQuickPick(items, { title: vscode.l10n.t('AppHost teams'), placeHolder: vscode.l10n.t('Create a team, or select one to manage its members') });
    if (!picked) return;
    try {
      if (picked.create) await createTeam(s);
      else if (picked.team) await manageMembers(s, picked.team);
    } catch (error) {
      if (!(error instanceof UserCancelled)) throw error;
    }
  }
}

async function createTeam(s: ServiceCore): Promise<Team> {
  const session = await signedIn(s);
  const name = await vscode.window.showInputBox({
    title: vscode.l10n.t('Create an AppHost team'),
    prompt: vscode.l10n.t('Name of the team; you become its admin'),
    placeHolder: 'Acme Corp',
    ignoreFocusOut: true,
    validateInput: validateTeamName,
  });
  if (name === undefined) throw new UserCancelled();
  const team = await vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title: vscode.l10n.t('Creating team {0}…', name.trim()) }, () =>
    s.connections.of(s.service).api().teams.create(name.trim(), { priority: 'user' }),
  );
  // The workspace list comes from GET /teams: re-read the roots only (cached lists stay).
  s.tree.refresh(undefined, { refetch: false });
  const use = vscode.l10n.t('Switch to It');
  const choice = await inform(s,
    team.slug
      ? vscode.l10n.t('Team "{0}" created; its workspace "{1}" is in the Resources view.', team.name, team.slug)
      : vscode.l10n.t('Team "{0}" created; its workspace is in the Resources view.', team.name),
    use,
  );
  if (choice === use) await s.workspaces.setActive(session.apiRoot, team.slug ?? teamWorkspace(team.id), team.name);
  return team;
}

type MemberItem = vscode.QuickPickItem & { member?: Member; add?: true };

/** Members of a team: add from the top, select one to remove it. Comes back until Escape. */
async function manageMembers(s: ServiceCore, target: TeamTarget | undefined): Promise<void> {
  const team = await pickTeam(s, target, vscode.l10n.t('Team whose members to see'));
  for (;;) {
    const items = s.connections.of(s.service).api().teams.listMembers(team.id, { priority: 'user' }).then((members): MemberItem[] => [
      { label: `$(person-add) ${vscode.l10n.t('Add Member…')}`, add: true, alwaysShow: true },
      { label: vscode.l10n.t('Members'), kind: vscode.QuickPickItemKind.Separator },
      ...members.map((m): MemberItem => ({ label: `$(person) ${m.email}`, description: m.role, detail: vscode.l10n.t('Select to remove from the team'), member: m })),
    ]);
    const picked = await vscode.window.showQuickPick(items, {
      title: vscode.l10n.t('Members of {0}', team.name),
      placeHolder: vscode.l10n.t('Add a member, or select one to remove'),
      matchOnDescription: true,
    });
    if (!picked) return;
    try {
      if (picked.add) await addMember(s, team);
      else if (picked.member) await removeMember(s, team, picked.member);
    } catch (error) {
      if (!(error instanceof UserCancelled)) throw error;
    }
  }
}

async function addMember(s: ServiceCore, target: TeamTarget | undefined): Promise<Member> {
  const team = await pickTeam(s, target, vscode.l10n.t('Team to add a member to'));
  const title = vscode.l10n.t('Add a member to {0}', team.name);
  const email = await vscode.window.showInputBox({
    title,
    prompt: vscode.l10n.t('E-mail address of their AppHost account'),
    placeHolder: 'kim@example.com',
    ignoreFocusOut: true,
    validateInput: validateEmail,
  });
  if (email === undefined) throw new UserCancelled();
  const descriptions: Record<Role, string> = {
    viewer: vscode.l10n.t('reads everything, changes nothing'),
    member: vscode.l10n.t('deploys and manages apps'),
    admin: vscode.l10n.t('also manages members'),
  };
  const role = await vscode.window.showQuickPick(
    ROLES.map((r) => ({ label: r, description: descriptions[r], picked: r === 'member' })),
    { title, placeHolder: vscode.l10n.t('Role of {0}', email.trim()) },
  );
  if (!role) throw new UserCancelled();
  const member = await s.connections.of(s.service).api().teams.addMember(team.id, { email: email.trim(), role: role.label }, { priority: 'user' });
  void inform(s, vscode.l10n.t('{0} added to {1} as {2}.', member.email || email.trim(), team.name, member.role ?? role.label));
  return member;
}

async function removeMember(s: ServiceCore, target: TeamTarget | undefined, member?: Member): Promise<void> {
  const team = await pickTeam(s, target, vscode.l10n.t('Team to remove a member from'));
  if (!member?.id) {
    const members = s.connections.of(s.service).api().teams.listMembers(team.id, { priority: 'user' }).then((list) => list.map((m) => ({ label: m.email, description: m.role, member: m })));
    const picked = await vscode.window.showQuickPick(members, { title: vscode.l10n.t('Remove a member of {0}', team.name), placeHolder: vscode.l10n.t('Select the member to remove') });
    if (!picked) throw new UserCancelled();
    member = picked.member;
  }
  await confirm(s, vscode.l10n.t('Remove {0} from {1}?', member.email, team.name), vscode.l10n.t('They lose access to the workspace of the team.'));
  await s.connections.of(s.service).api().teams.removeMember(team.id, member.id, { priority: 'user' });
  void inform(s, vscode.l10n.t('{0} removed from {1}.', member.email, team.name));
}
