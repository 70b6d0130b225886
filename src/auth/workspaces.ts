import * as vscode from 'vscode';
import type { ApiClient, CallOptions, Team } from '../api';
import { teamWorkspace, workspaceHeader } from '../api/workspaceKey';
import type { StoredSession } from '../sessionStore';

/** Where a workspace entry comes from (the service has no endpoint listing workspaces). */
export type WorkspaceSource = 'personal' | 'team' | 'account' | 'manual';

export interface Workspace {
  /**
   * The workspace's name in calls and references: a team's slug (sent as
   * `X-Service-Workspace`), `team:<id>` for a team without one (never sent, see
   * api/workspaceKey.ts), undefined for the personal workspace.
   */
  slug: string | undefined;
  label: string;
  source: WorkspaceSource;
  teamId?: string;
  /**
   * The service ignores the workspace header (its teams have no slugs, like wokku): its
   * lists hold every team's records, and this workspace shows those of its own team.
   */
  scopedHere?: boolean;
}

/** A list of workspaces just read for a session (see Workspaces.onDidList). */
export interface WorkspaceListing {
  apiRoot: string;
  accountId: string;
  /** Every team, account and manual slug in the list (the personal workspace has none). */
  slugs: string[];
}

export const PERSONAL: Workspace = { slug: undefined, label: 'Personal', source: 'personal' };

const SLUG = /^[a-z0-9][a-z0-9-]{0,62}$/;

export function validateSlug(value: string): string | undefined {
  return SLUG.test(value.trim())
    ? undefined
    : vscode.l10n.t('A workspace slug has lowercase letters, digits and dashes, e.g. "acme-prod".');
}

/**
 * The workspaces of the signed-in account: personal (always), every team, `workspaces`
 * from whoami (remembered at sign-in), and slugs the user added by hand. One request
 * (GET /teams) builds the list. A service whose teams carry slugs honours the workspace
 * header; one whose teams carry none (wokku) ignores it: every team is still a
 * workspace, the user's own first team is the personal one, and lists are scoped by
 * `team_id` here (see `scopedHere`).
 */
export class Workspaces {
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChange = this.changed.event;
  private readonly listed = new vscode.EventEmitter<WorkspaceListing>();
  /**
   * A fresh list was read (tree refresh, pickers): a team the account left or was
   * removed from is missing from it. Not fired for failed reads.
   */
  readonly onDidList = this.listed.event;

  constructor(private readonly state: vscode.Memento) {}

  async list(api: ApiClient, session: StoredSession, opts: CallOptions = {}): Promise<Workspace[]> {
    const teams = await api.teams.list({ priority: 'view', ...opts });
    const headerless = teams.length > 0 && !teams.some((t) => t.slug);
    const personalTeam = headerless ? personalTeamOf(teams, session.account.id) : undefined;
    const result: Workspace[] = [personalTeam ? { ...PERSONAL, teamId: personalTeam.id, scopedHere: true } : PERSONAL];
    const seen = new Set<string>();
    const add = (w: Workspace) => {
      if (!w.slug || seen.has(w.slug)) return;
      seen.add(w.slug);
      result.push(w);
    };
    for (const team of teams) {
      if (team.slug) add({ slug: team.slug, label: team.name || team.slug, source: 'team', teamId: team.id });
      else if (headerless && team !== personalTeam) add({ slug: teamWorkspace(team.id), label: team.name || team.id, source: 'team', teamId: team.id, scopedHere: true });
    }
    for (const slug of session.account.workspaces ?? []) add({ slug, label: slug, source: 'account' });
    for (const slug of this.manualSlugs(session.apiRoot)) add({ slug, label: slug, source: 'manual' });
    this.listed.fire({ apiRoot: session.apiRoot, accountId: session.account.id, slugs: [...seen] });
    return result;
  }

  manualSlugs(apiRoot: string): string[] {
    return this.state.get<string[]>(`workspaces:${apiRoot}`, []);
  }

  async addSlug(apiRoot: string, slug: string): Promise<void> {
    const slugs = this.manualSlugs(apiRoot);
    if (slugs.includes(slug)) return;
    await this.state.update(`workspaces:${apiRoot}`, [...slugs, slug].sort());
    this.changed.fire();
  }

  async removeSlug(apiRoot: string, slug: string): Promise<void> {
    await this.state.update(`workspaces:${apiRoot}`, this.manualSlugs(apiRoot).filter((s) => s !== slug));
    if (this.active(apiRoot) === slug) await this.setActive(apiRoot, undefined);
    this.changed.fire();
  }

  /** The workspace palette commands act in by default (undefined = personal). */
  active(apiRoot: string): string | undefined {
    return this.state.get<string>(`activeWorkspace:${apiRoot}`) || undefined;
  }

  /** `label`: how to name it (a team without a slug has no readable name of its own). */
  async setActive(apiRoot: string, slug: string | undefined, label?: string): Promise<void> {
    await this.state.update(`activeWorkspace:${apiRoot}`, slug);
    await this.state.update(`activeWorkspaceLabel:${apiRoot}`, slug ? label : undefined);
    this.changed.fire();
  }

  /** The active workspace's name for the status bar and titles. */
  activeLabel(apiRoot: string): string | undefined {
    const slug = this.active(apiRoot);
    return slug ? (this.state.get<string>(`activeWorkspaceLabel:${apiRoot}`) ?? workspaceHeader(slug) ?? slug) : undefined;
  }

  dispose(): void {
    this.changed.dispose();
    this.listed.dispose();
  }
}

/**
 * The team playing the personal workspace on a service without workspaces: the first
 * team the user owns (created at sign-up, "<Name>'s Team"), else the first listed.
 */
function personalTeamOf(teams: Team[], accountId: string): Team {
  const owned = teams.filter((t) => t.ownerId === accountId);
  const byAge = (a: Team, b: Team) => (a.createdAt ?? '').localeCompare(b.createdAt ?? '');
  return [...owned].sort(byAge)[0] ?? teams[0];
}

/**
 * What a workspace shows of a list holding every team's records (a service that
 * ignores the header): its team's records; the personal workspace also keeps records
 * that name no team (shared, e.g. servers and databases). Lists of other services pass.
 */
export function scopeToWorkspace<T extends { teamId?: string }>(workspace: Workspace, records: T[]): T[] {
  if (!workspace.scopedHere || !workspace.teamId) return records;
  return records.filter((r) => (r.teamId ? r.teamId === workspace.teamId : workspace.source === 'personal'));
}
