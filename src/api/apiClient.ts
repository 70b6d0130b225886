// One ApiClient per connection (base URL + token getter): the request core
// (requestCore.ts: budget, retries, timeouts) with one typed function per endpoint,
// grouped by resource (endpoints/).

import type { ApiClientOptions } from './clientOptions';
import { RequestCore } from './requestCore';
import { accountEndpoints } from './endpoints/account';
import { aiEndpoints } from './endpoints/ai';
import { buildpackEndpoints } from './endpoints/buildpacks';
import { appEndpoints } from './endpoints/apps';
import { appResourceEndpoints } from './endpoints/appResources';
import { authEndpoints } from './endpoints/auth';
import { databaseEndpoints } from './endpoints/databases';
import { deliveryEndpoints } from './endpoints/delivery';
import { serverEndpoints } from './endpoints/servers';

export class ApiClient extends RequestCore {
  readonly auth;
  readonly servers;
  readonly apps;
  readonly config;
  readonly domains;
  readonly releases;
  readonly processes;
  readonly checks;
  readonly logs;
  readonly deploys;
  readonly addons;
  readonly logDrains;
  readonly templates;
  readonly databases;
  readonly backups;
  readonly sshKeys;
  readonly teams;
  readonly notifications;
  readonly activities;
  readonly buildpacks;
  readonly ai;

  constructor(opts: ApiClientOptions) {
    super(opts);
    const auth = authEndpoints(this);
    const account = accountEndpoints(this);
    const resources = appResourceEndpoints(this);
    const delivery = deliveryEndpoints(this);
    const dbs = databaseEndpoints(this);
    this.auth = auth;
    this.servers = serverEndpoints(this);
    this.apps = appEndpoints(this);
    this.config = resources.config;
    this.domains = resources.domains;
    this.processes = resources.processes;
    this.checks = resources.checks;
    this.addons = resources.addons;
    this.logDrains = resources.logDrains;
    this.releases = delivery.releases;
    this.logs = delivery.logs;
    this.deploys = delivery.deploys;
    this.templates = delivery.templates;
    this.databases = dbs.databases;
    this.backups = dbs.backups;
    this.sshKeys = account.sshKeys;
    this.teams = account.teams;
    this.notifications = account.notifications;
    this.activities = account.activities;
    this.buildpacks = buildpackEndpoints(this);
    this.ai = aiEndpoints(this);
  }
}
