import * as vscode from 'vscode';
import type { Connection } from './connection';
import type { BeyondSpec } from './serviceOffers';
import { knownServices, type KnownService } from './serviceList';
import { settings } from './settings';

/** Settings that change which services are known, their names or their order. */
const REGISTRY_SETTINGS = ['apphost.baseUrl', 'apphost.services', 'apphost.firstService', 'apphost.allowInsecureHttp'];

/** A 401 on one service: its connection and the refused token value. */
export interface RefusedToken {
  readonly connection: Connection;
  readonly token: string;
}

/**
 * Every known service with its own connection (its own client, request budget and
 * session). The first service (`apphost.baseUrl`) keeps the connection activation built,
 * `first`, which the areas not yet threaded with a service still use.
 */
export class Connections implements vscode.Disposable {
  private known: KnownService[];
  /** The connections of the services other than the base URL's, by service id. */
  private readonly others = new Map<string, { url: string; connection: Connection }>();
  private readonly changed = new vscode.EventEmitter<void>();
  /** A service was added, removed, renamed or reordered, or one's session or client changed. */
  readonly onDidChange = this.changed.event;
  private readonly refused = new vscode.EventEmitter<RefusedToken>();
  /** A request that carried a service's stored token got 401. */
  readonly onDidRefuseToken = this.refused.event;
  private readonly offersChanged = new vscode.EventEmitter<BeyondSpec>();
  /** What one of the services offers changed (a capability found lacking, or forgotten): the one place the UI follows it. */
  readonly onDidChangeOffers = this.offersChanged.event;
  private readonly disposables: vscode.Disposable[] = [];

  constructor(
    /** The base URL's connection (the one built at activation). */
    readonly first: Connection,
    /** Builds the connection of another service (its address fixed). */
    private readonly make: (url: string) => Connection,
  ) {
    this.known = readKnown();
    this.disposables.push(
      first.onDidChange(() => this.changed.fire()),
      first.onDidRefuseToken((token) => this.refused.fire({ connection: first, token })),
      first.offers.onDidChange((feature) => this.offersChanged.fire(feature)),
      vscode.workspace.onDidChangeConfiguration((e) => {
        if (REGISTRY_SETTINGS.some((key) => e.affectsConfiguration(key))) this.reread();
      }),
    );
  }

  /**
   * The first service's id (its API root; '' while `apphost.baseUrl` is unset): the service
   * of what the areas not yet threaded with a service hold (folder links, the agent tools).
   */
  firstId(): string {
    return this.first.apiRoot() ?? '';
  }

  /** The known services, the one shown first first. */
  services(): readonly KnownService[] {
    return this.known;
  }

  /** The known service with this id (the settings are read again once when it is not known: a setting just written). */
  service(id: string | undefined): KnownService | undefined {
    if (id === undefined) return undefined;
    const find = () => this.known.find((s) => s.id === id);
    if (!find()) this.reread();
    return find();
  }

  /** More than one service is known: the tree shows a row per service, names say which. */
  get several(): boolean {
    return this.known.length > 1;
  }

  /**
   * The display name of a service while several are known, for the texts that must say
   * which (a prompt, a channel, the status bar); undefined with one service, whose texts stay as they were.
   */
  nameWhenSeveral(id: string | undefined): string | undefined {
    return this.several ? this.service(id)?.name : undefined;
  }

  /**
   * The connection of a known service; the first service's for undefined (a caller that
   * knows no service yet) and for `firstId()` (also '' while its address is unset). Throws
   * when the service is no longer known (removed meanwhile).
   */
  of(id: string | undefined): Connection {
    if (id === undefined || id === this.firstId()) return this.first;
    const other = this.connectionOf(id);
    if (!other) throw new Error(vscode.l10n.t('The service {0} is no longer in AppHost\'s list (it was removed). Add it again with "AppHost: Add Service…".', id));
    return other;
  }

  /** The connections of every known service (the first's even while its address is unset). */
  all(): Connection[] {
    return [...new Set([this.first, ...this.known.map((s) => this.of(s.id))])];
  }

  /** The services that have a session now. */
  async signedIn(): Promise<KnownService[]> {
    const sessions = await Promise.all(this.known.map((s) => this.of(s.id).session()));
    return this.known.filter((_, i) => !!sessions[i]);
  }

  private connectionOf(id: string): Connection | undefined {
    const service = this.service(id);
    if (!service || service.isBase) return undefined;
    let entry = this.others.get(id);
    if (!entry || entry.url !== service.url) {
      entry?.connection.dispose();
      const connection = this.make(service.url);
      entry = { url: service.url, connection };
      this.others.set(id, entry);
      // Disposed with the connection (when the service is forgotten or its address changes).
      connection.onDidChange(() => this.changed.fire());
      connection.onDidRefuseToken((token) => this.refused.fire({ connection, token }));
      connection.offers.onDidChange((feature) => this.offersChanged.fire(feature));
    }
    return entry.connection;
  }

  /** Reads the settings again; fires onDidChange only when the known services changed. */
  private reread(): void {
    const known = readKnown();
    if (JSON.stringify(known) === JSON.stringify(this.known)) return;
    this.known = known;
    for (const [id, entry] of this.others) {
      const service = this.service(id);
      if (service && !service.isBase && service.url === entry.url) continue;
      entry.connection.dispose();
      this.others.delete(id);
    }
    this.changed.fire();
  }

  dispose(): void {
    for (const entry of this.others.values()) entry.connection.dispose();
    this.others.clear();
    this.changed.dispose();
    this.refused.dispose();
    this.offersChanged.dispose();
    for (const d of this.disposables) d.dispose();
  }
}

/** "Staging: <message>" with the name of `nameWhenSeveral` (several services known), else the message as it was. */
export function serviceNotice(serviceName: string | undefined, message: string): string {
  return serviceName ? vscode.l10n.t('{0}: {1}', serviceName, message) : message;
}

function readKnown(): KnownService[] {
  return knownServices({
    baseUrl: settings.baseUrl(),
    services: settings.services(),
    firstService: settings.firstService(),
    allowInsecureHttp: settings.allowInsecureHttp(),
  });
}
