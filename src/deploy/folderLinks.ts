// Which open folder belongs to which app. A folder is linked by its git remotes (read
// through the Git extension, no request), or by hand with "Link Folder to App…",
// remembered per folder and per service; "Unlink" also silences a remote's link.
// With several services, a folder links to the service whose git host its remote names
// (remotes.ts matchService); links stored before there were several are the first's.
// Each folder of a multi-root workspace has its own link. The app's id and state come
// from the rows the Resources view already fetched (TreeState), never from a request.
import * as vscode from 'vscode';
import type { App } from '../api';
import type { Connections } from '../connections';
import type { TreeControl } from '../tree/treeControl';
import type { AppRow } from '../tree/treeState';
import { gitApi, type GitApi, type GitRepository } from './gitApi';
import { learnFromDetails, matchService, remoteForApp, type ServiceGit } from './remotes';
import type { AppRef } from '../model';

/** The app a folder is linked to: by name only until the tree has shown it (or a manual link named it). */
export interface FolderApp {
  readonly name: string;
  readonly id?: string;
  readonly workspace?: string;
}

export interface FolderLink {
  readonly folder: vscode.WorkspaceFolder;
  /** The service of the app (its id, the API root): where a deploy of the folder goes. */
  readonly service: string;
  readonly repo: GitRepository | undefined;
  readonly app: FolderApp;
  readonly how: 'remote' | 'manual';
  /** The repository's remote for the app, when it has one. */
  readonly remote?: string;
}

interface StoredLink {
  app?: { workspace?: string; id: string; name: string };
  /** "Unlink" of a folder linked by its remote: ignore the remote. */
  unlinked?: true;
}

const LINKS_KEY = 'apphost.folderLinks';
const SERVICE_GIT_KEY = 'apphost.serviceGit';
/** The remote name wokku's instructions and CLI use. */
const DEFAULT_REMOTE_NAME = 'wokku';

export class FolderLinks implements vscode.Disposable {
  private git: GitApi | undefined;
  private current: FolderLink[] = [];
  private readonly changed = new vscode.EventEmitter<void>();
  /** The links changed (a remote added, a folder opened, a link made…). */
  readonly onDidChange = this.changed.event;
  private readonly disposables: vscode.Disposable[] = [this.changed];
  private readonly repoWatches = new Map<GitRepository, vscode.Disposable>();
  private scheduled: NodeJS.Timeout | undefined;
  /** Resolves once the Git extension answered (its repositories may still be opening). */
  readonly ready: Promise<void>;

  constructor(
    private readonly memento: vscode.Memento,
    private readonly connections: Connections,
    private readonly tree: TreeControl,
  ) {
    this.disposables.push(
      vscode.workspace.onDidChangeWorkspaceFolders(() => this.schedule()),
      connections.onDidChange(() => this.schedule()),
      tree.onAppRow(() => this.schedule()),
    );
    this.disposables.push(tree.addAppFlag((ref) => (this.linksOf(ref).length ? 'linked' : undefined)));
    this.ready = this.attachGit();
  }

  private async attachGit(): Promise<void> {
    this.git = await gitApi(() => void this.attachGit());
    const git = this.git;
    if (!git) return;
    this.disposables.push(
      git.onDidOpenRepository((repo) => this.watch(repo)),
      git.onDidCloseRepository((repo) => {
        this.repoWatches.get(repo)?.dispose();
        this.repoWatches.delete(repo);
        this.schedule();
      }),
    );
    for (const repo of git.repositories) this.watch(repo);
    this.recompute();
  }

  private watch(repo: GitRepository): void {
    if (!this.repoWatches.has(repo)) this.repoWatches.set(repo, repo.state.onDidChange(() => this.schedule()));
    this.schedule();
  }

  /** Resolves once the Git extension has opened the workspace's repositories and the links show them (a task asked early). */
  async settled(): Promise<void> {
    await this.ready;
    const git = this.git;
    if (git && git.state !== 'initialized') {
      await new Promise<void>((resolve) => {
        const sub = git.onDidChangeState((state) => {
          if (state !== 'initialized') return;
          sub.dispose();
          resolve();
        });
      });
    }
    if (this.scheduled) {
      clearTimeout(this.scheduled);
      this.scheduled = undefined;
      this.recompute();
    }
  }

  /** Whether the Git extension is there to read repositories (false: disabled or missing). */
  get gitAvailable(): boolean {
    return !!this.git;
  }

  /** The git binary the Git extension uses. */
  get gitPath(): string | undefined {
    return this.git?.git.path;
  }

  links(): readonly FolderLink[] {
    return this.current;
  }

  linkOf(folder: vscode.WorkspaceFolder | vscode.Uri): FolderLink | undefined {
    const uri = folder instanceof vscode.Uri ? folder : folder.uri;
    return this.current.find((l) => l.folder.uri.toString() === uri.toString());
  }

  /** The folders linked to this app (of its service; by id, or by name while its id is unknown). */
  linksOf(app: AppRef): FolderLink[] {
    return this.current.filter((l) => l.service === app.service && (l.app.id ? l.app.id === app.id : l.app.name === app.name));
  }

  repoOf(folder: vscode.WorkspaceFolder): GitRepository | undefined {
    return this.git?.getRepository(folder.uri) ?? undefined;
  }

  /** What identifies a service's remotes: the API's host (and address), learned git hosts and remote names. */
  serviceGit(service: string): ServiceGit {
    const learned = service ? this.memento.get<Record<string, ServiceGit>>(SERVICE_GIT_KEY, {})[service] : undefined;
    const api = service ? new URL(service) : undefined;
    const apiHost = api?.hostname.replace(/^\[|\]$/g, '').toLowerCase();
    const apiAddress = apiHost && api?.port ? [apiHost, `${apiHost}:${api.port}`] : apiHost ? [apiHost] : [];
    return {
      hosts: [...new Set([...apiAddress, ...(learned?.hosts ?? [])])],
      remoteNames: [...new Set([...(learned?.remoteNames ?? []), DEFAULT_REMOTE_NAME])],
    };
  }

  /** The remote name new remotes get: the one of the service's push instructions. */
  preferredRemoteName(service: string): string {
    return this.serviceGit(service).remoteNames[0] ?? DEFAULT_REMOTE_NAME;
  }

  /** Remembers the git host and remote name an app's details show (they are the service's). */
  async learn(root: string, details: Pick<App, 'gitRemote' | 'pushInstructions'>): Promise<void> {
    const { host, remoteName } = learnFromDetails(details);
    if (!root || (!host && !remoteName)) return;
    const all = this.memento.get<Record<string, ServiceGit>>(SERVICE_GIT_KEY, {});
    const known = all[root] ?? { hosts: [], remoteNames: [] };
    const next: ServiceGit = {
      hosts: host && !known.hosts.includes(host) ? [...known.hosts, host] : known.hosts,
      remoteNames: remoteName && !known.remoteNames.includes(remoteName) ? [remoteName, ...known.remoteNames] : known.remoteNames,
    };
    if (next.hosts === known.hosts && next.remoteNames === known.remoteNames) return;
    await this.memento.update(SERVICE_GIT_KEY, { ...all, [root]: next });
    this.recompute();
  }

  /** The remote of the folder's repository for the app (of its service), if it has one. */
  remoteFor(folder: vscode.WorkspaceFolder, app: Pick<AppRef, 'service' | 'name'>, gitRemote?: string): { remote: string; url: string } | undefined {
    const repo = this.repoOf(folder);
    return repo ? remoteForApp(repo.state.remotes, app.name, this.serviceGit(app.service), gitRemote) : undefined;
  }

  /** Links the folder to the app by hand (it wins over the folder's remotes and any link to another service). */
  async link(folder: vscode.WorkspaceFolder, app: AppRef): Promise<void> {
    await this.store(folder, app.service, { app: { workspace: app.workspace, id: app.id, name: app.name } });
  }

  /** Forgets the folder's link; a link by remote stays off until the folder is linked again. */
  async unlink(folder: vscode.WorkspaceFolder): Promise<void> {
    await this.store(folder, this.linkOf(folder)?.service ?? this.connections.firstId(), { unlinked: true });
  }

  /** Keeps the folder's link under its service's address, and forgets what other services held for the folder. */
  private async store(folder: vscode.WorkspaceFolder, service: string, value: StoredLink): Promise<void> {
    if (!service) throw new Error(vscode.l10n.t('Set the AppHost service URL first.'));
    const all = { ...this.memento.get<Record<string, StoredLink>>(LINKS_KEY, {}) };
    for (const id of this.serviceIds()) delete all[keyOf(id, folder)];
    await this.memento.update(LINKS_KEY, { ...all, [keyOf(service, folder)]: value });
    this.recompute();
  }

  /** The known services' ids, the first first ('' alone while no address is set). */
  private serviceIds(): string[] {
    const ids = this.connections.services().map((k) => k.id);
    return ids.length ? ids : [this.connections.firstId()];
  }

  private schedule(): void {
    if (this.scheduled) return;
    // Repositories report many state changes in a row (status runs): recompute once.
    this.scheduled = setTimeout(() => {
      this.scheduled = undefined;
      this.recompute();
    }, 50);
  }

  private recompute(): void {
    const stored = this.memento.get<Record<string, StoredLink>>(LINKS_KEY, {});
    const services = this.serviceIds().map((id) => ({ id, git: this.serviceGit(id) }));
    const rows = this.tree.currentRows();
    const next: FolderLink[] = [];
    for (const folder of vscode.workspace.workspaceFolders ?? []) {
      const saved = services.map(({ id, git }) => ({ id, git, link: id ? stored[keyOf(id, folder)] : undefined }));
      if (saved.some((s) => s.link?.unlinked)) continue;
      const repo = this.repoOf(folder);
      const manual = saved.find((s) => s.link?.app);
      if (manual?.link?.app) {
        const remote = repo && remoteForApp(repo.state.remotes, manual.link.app.name, manual.git)?.remote;
        next.push({ folder, service: manual.id, repo, app: manual.link.app, how: 'manual', remote });
        continue;
      }
      const found = repo && matchService(repo.state.remotes, services);
      if (found) next.push({ folder, service: found.service, repo, app: identify(found.match.appName, rows.filter((r) => r.appRef().service === found.service)), how: 'remote', remote: found.match.remote });
    }
    const before = JSON.stringify(this.current.map(summary));
    const old = this.current;
    this.current = next;
    if (JSON.stringify(next.map(summary)) !== before) {
      this.changed.fire();
      this.rerenderRows([...old, ...next]);
    }
  }

  /** The tree rows of apps whose link changed show it (no refetch). */
  private rerenderRows(links: FolderLink[]): void {
    const names = new Set(links.map((l) => l.app.name));
    for (const row of this.tree.currentRows()) if (names.has(row.app.name)) this.onRowChanged?.(row);
  }

  /** Set by the area: re-renders one tree row. */
  onRowChanged: ((row: AppRow) => void) | undefined;

  dispose(): void {
    if (this.scheduled) clearTimeout(this.scheduled);
    for (const w of this.repoWatches.values()) w.dispose();
    for (const d of this.disposables) d.dispose();
  }
}

/** The app of this name the tree shows, when exactly one app has it (names are unique per server only). */
function identify(name: string, rows: AppRow[]): FolderApp {
  const refs = new Map(rows.filter((r) => r.app.name === name).map((r) => [r.app.id, r.appRef()]));
  if (refs.size !== 1) return { name };
  const [ref] = refs.values();
  return { name, id: ref.id, workspace: ref.workspace };
}

function summary(l: FolderLink): unknown[] {
  return [l.folder.uri.toString(), l.service, l.app.name, l.app.id, l.app.workspace, l.how, l.remote];
}

/** Where a folder's link to an app of a service is kept (links from before several services are the first's). */
function keyOf(service: string, folder: vscode.WorkspaceFolder): string {
  return `${service} ${folder.uri.toString()}`;
}
