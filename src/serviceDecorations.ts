// Editor tabs of several services told apart: each AppHost document (config.env, deploy
// logs, recent lines, details, server snapshots) is decorated with its service's colour
// (the one of its tree icon and status bar item) and a badge of one or two letters. With one
// service, nothing: the single-service look is unchanged. Registered at activation (a
// restored tab asks at once); it reads only the settings, never the network.
import * as vscode from 'vscode';
import type { Connections } from './connections';
import { DEPLOY_LOG_SCHEME, DETAILS_SCHEME, DIAGNOSIS_SCHEME, RECENT_LOG_SCHEME, SCHEME, SNAPSHOT_SCHEME } from './schemes';
import { serviceBadges } from './serviceList';

const DECORATED = new Set([SCHEME, SNAPSHOT_SCHEME, DEPLOY_LOG_SCHEME, RECENT_LOG_SCHEME, DETAILS_SCHEME, DIAGNOSIS_SCHEME]);

/**
 * The service of an AppHost document: every scheme carries it in the query (`?service=<id>`);
 * a URI without one (a tab restored from before several services) is the first service's.
 */
export function serviceOfDocument(uri: vscode.Uri, firstService: string): string {
  return new URLSearchParams(uri.query).get('service') ?? firstService;
}

export class ServiceDecorations implements vscode.FileDecorationProvider, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<undefined>();
  /** Every decoration may change when a service is added, removed or renamed (badges depend on all names). */
  readonly onDidChangeFileDecorations = this.changed.event;
  private badges: Map<string, string> | undefined;
  /** What the decorations are made of (ids, names, colours), to fire only when that changed, not on every sign-in. */
  private shown: string;
  private readonly subscription: vscode.Disposable;

  constructor(private readonly connections: Connections) {
    this.shown = this.look();
    this.subscription = connections.onDidChange(() => {
      const look = this.look();
      if (look === this.shown) return;
      this.shown = look;
      this.badges = undefined;
      this.changed.fire(undefined);
    });
  }

  private look(): string {
    return JSON.stringify(this.connections.services().map((s) => [s.id, s.name, s.color]));
  }

  provideFileDecoration(uri: vscode.Uri): vscode.FileDecoration | undefined {
    if (!DECORATED.has(uri.scheme) || !this.connections.several) return undefined;
    const service = this.connections.services().find((s) => s.id === serviceOfDocument(uri, this.connections.firstId()));
    if (!service) return undefined;
    this.badges ??= serviceBadges(this.connections.services());
    const decoration = new vscode.FileDecoration(this.badges.get(service.id), vscode.l10n.t('Service: {0}', service.name), new vscode.ThemeColor(service.color));
    // Not passed on to the folders above: a path segment is an app or a workspace, not a service.
    decoration.propagate = false;
    return decoration;
  }

  dispose(): void {
    this.subscription.dispose();
    this.changed.dispose();
  }
}
