// In-memory state of one server instance, plus the look-ups every route needs.
// Apps, servers and databases are found by id or by name within a workspace.

import { createHash, randomBytes } from 'node:crypto';
import type {
  Activity, Addon, AppRecord, Backup, DatabaseLink, DatabaseRecord, Deploy, DeviceAuthorization, Domain,
  LogDrain, Membership, NotificationChannel, Release, ServerRecord, SshKey, Token, User, Workspace,
} from './types';

/** A UUIDv7 like wokku's ids: 48 bits of milliseconds, then random bits. */
export function newId(): string {
  const hex = Date.now().toString(16).padStart(12, '0') + randomBytes(10).toString('hex');
  const variant = ((parseInt(hex[16], 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-7${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** wokku's servers run in Jakarta: times are local, with milliseconds (2026-04-26T10:15:02.123+07:00). */
const OFFSET_MS = 7 * 3600 * 1000;
export function localIso(ms: number): string {
  return `${new Date(ms + OFFSET_MS).toISOString().slice(0, -1)}+07:00`;
}
export const nowIso = (): string => localIso(Date.now());
export const sha256 = (value: string): string => createHash('sha256').update(value).digest('hex');

/** Password hashes are salted with the e-mail: enough for a test server, and never plain text. */
export const hashPassword = (email: string, password: string): string => sha256(`${email.toLowerCase()}\n${password}`);

export class Store {
  readonly users = new Map<string, User>();
  readonly tokens = new Map<string, Token>();
  readonly workspaces = new Map<string, Workspace>();
  readonly memberships = new Map<string, Membership>();
  readonly servers = new Map<string, ServerRecord>();
  readonly apps = new Map<string, AppRecord>();
  readonly domains = new Map<string, Domain>();
  readonly releases = new Map<string, Release>();
  readonly deploys = new Map<string, Deploy>();
  readonly addons = new Map<string, Addon>();
  readonly drains = new Map<string, LogDrain>();
  readonly databases = new Map<string, DatabaseRecord>();
  readonly backups = new Map<string, Backup>();
  readonly links = new Map<string, DatabaseLink>();
  readonly sshKeys = new Map<string, SshKey>();
  readonly notifications = new Map<string, NotificationChannel>();
  readonly activities: Activity[] = [];
  readonly devices = new Map<string, DeviceAuthorization>();

  // ---- users, workspaces, memberships ----

  userByEmail(email: string): User | undefined {
    const wanted = email.trim().toLowerCase();
    return [...this.users.values()].find((u) => u.email.toLowerCase() === wanted);
  }

  tokenByValue(value: string): Token | undefined {
    const hash = sha256(value);
    return [...this.tokens.values()].find((t) => t.hash === hash);
  }

  personalWorkspace(userId: string): Workspace {
    const ws = [...this.workspaces.values()].find((w) => w.kind === 'personal' && w.ownerId === userId);
    if (!ws) throw new Error(`user ${userId} has no personal workspace`);
    return ws;
  }

  workspaceBySlug(slug: string): Workspace | undefined {
    return [...this.workspaces.values()].find((w) => w.slug === slug);
  }

  membership(workspaceId: string, userId: string): Membership | undefined {
    return [...this.memberships.values()].find((m) => m.workspaceId === workspaceId && m.userId === userId);
  }

  membersOf(workspaceId: string): Membership[] {
    return [...this.memberships.values()].filter((m) => m.workspaceId === workspaceId);
  }

  /** Team workspaces (with a slug) the user belongs to: the header mode's list. */
  teamsOf(userId: string): Workspace[] {
    return this.workspacesOf(userId).filter((w) => w.kind === 'team');
  }

  /** Every team the user belongs to, the first (personal) one first: `current_user.teams`. */
  workspacesOf(userId: string): Workspace[] {
    const ids = new Set([...this.memberships.values()].filter((m) => m.userId === userId).map((m) => m.workspaceId));
    return [...this.workspaces.values()]
      .filter((w) => ids.has(w.id))
      .sort((a, b) => Number(b.kind === 'personal' && b.ownerId === userId) - Number(a.kind === 'personal' && a.ownerId === userId));
  }

  // ---- workspace-scoped resources ----

  serversIn(workspaceId: string): ServerRecord[] {
    return [...this.servers.values()].filter((s) => s.workspaceId === workspaceId);
  }

  appsIn(workspaceId: string): AppRecord[] {
    return [...this.apps.values()].filter((a) => a.workspaceId === workspaceId);
  }

  databasesIn(workspaceId: string): DatabaseRecord[] {
    return [...this.databases.values()].filter((d) => d.workspaceId === workspaceId);
  }

  findServer(workspaceId: string, idOrName: string): ServerRecord | undefined {
    return byIdOrName(this.serversIn(workspaceId), idOrName);
  }

  findApp(workspaceId: string, idOrName: string): AppRecord | undefined {
    return byIdOrName(this.appsIn(workspaceId), idOrName);
  }

  findDatabase(workspaceId: string, idOrName: string): DatabaseRecord | undefined {
    return byIdOrName(this.databasesIn(workspaceId), idOrName);
  }

  // ---- platform-wide look-ups (wokku's `lookup!`: a UUID is an id, anything else a name) ----

  anyApp(idOrName: string): AppRecord | undefined {
    return byIdOrName([...this.apps.values()], idOrName);
  }

  anyServer(idOrName: string): ServerRecord | undefined {
    return byIdOrName([...this.servers.values()], idOrName);
  }

  anyDatabase(idOrName: string): DatabaseRecord | undefined {
    return byIdOrName([...this.databases.values()], idOrName);
  }

  // ---- app children ----

  childrenOf<T extends { appId: string }>(map: Map<string, T>, appId: string): T[] {
    return [...map.values()].filter((r) => r.appId === appId);
  }

  releasesOf(appId: string): Release[] {
    return this.childrenOf(this.releases, appId).sort((a, b) => b.version - a.version);
  }

  deploysOf(appId: string): Deploy[] {
    return this.childrenOf(this.deploys, appId).reverse().sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  }

  linksOfDatabase(databaseId: string): DatabaseLink[] {
    return [...this.links.values()].filter((l) => l.databaseId === databaseId);
  }

  backupsOf(databaseId: string): Backup[] {
    return [...this.backups.values()]
      .filter((b) => b.databaseId === databaseId)
      .reverse()
      .sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  }

  /** Removes an app and everything that hangs off it. */
  deleteApp(appId: string): void {
    this.apps.delete(appId);
    for (const map of [this.domains, this.releases, this.deploys, this.addons, this.drains] as Map<string, { appId: string }>[]) {
      for (const [id, rec] of map) if (rec.appId === appId) map.delete(id);
    }
    for (const [id, link] of this.links) if (link.appId === appId) this.links.delete(id);
    for (const n of this.notifications.values()) if (n.appId === appId) n.appId = null;
  }

  deleteDatabase(databaseId: string): void {
    this.databases.delete(databaseId);
    for (const [id, b] of this.backups) if (b.databaseId === databaseId) this.backups.delete(id);
    for (const [id, l] of this.links) if (l.databaseId === databaseId) this.links.delete(id);
  }

  // ---- activity log ----

  /** `teamId` defaults to the record's workspace (the app's team, as wokku's deploy jobs log). */
  recordActivity(entry: Omit<Activity, 'id' | 'createdAt' | 'teamId'> & { createdAt?: string; teamId?: string }): Activity {
    const activity: Activity = { id: newId(), ...entry, teamId: entry.teamId ?? entry.workspaceId, createdAt: entry.createdAt ?? nowIso() };
    this.activities.push(activity);
    // Keep memory bounded on long demo runs.
    if (this.activities.length > 5000) this.activities.splice(0, this.activities.length - 5000);
    return activity;
  }

  /** A feed, newest first: by the record's workspace (header mode) or by the team it was logged to. */
  activitiesIn(workspaceId: string, by: 'workspaceId' | 'teamId' = 'workspaceId'): Activity[] {
    return this.activities
      .filter((a) => a[by] === workspaceId)
      .reverse() // stable sort below keeps the later insert first on equal timestamps
      .sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  }
}

function byIdOrName<T extends { id: string; name: string }>(records: T[], idOrName: string): T | undefined {
  return records.find((r) => r.id === idOrName) ?? records.find((r) => r.name === idOrName);
}
