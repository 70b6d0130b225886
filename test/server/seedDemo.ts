// Demo data that makes the extension look real: the demo user's own team ("Dana Demo's
// Team", the personal workspace) and two other teams (Acme: member, OSS: viewer) whose
// apps appear mixed in the lists, servers (one unreachable), apps in every status (two
// whose process report disagrees with their status, as after a CLI stop), config,
// domains, releases, deploys (one failed), addons, drains, databases with backups and
// links, SSH keys, members, notification channels and an activity feed with wokku's
// action names (some unknown to its description table).

import { DEFAULT_CHECKS } from './routes/apps';
import { processStateFor } from './simulation/processReport';
import { addMember, addTeam, daysAgo, type SeededAccounts } from './seed';
import { processNames } from './simulation/logBook';
import { seedCrashLog, seedHistory, seedLogBacklog, type HistoryEvent } from './seedHistory';
import { defaultAlias, serviceUrl } from './services';
import { makeEd25519PublicKey, fingerprint } from './sshKey';
import type { ServiceState } from './state';
import { newId } from './store';
import type {
  AppRecord, AppStatus, DatabaseRecord, DatabaseType, NotificationChannel, ProcessState, ServerRecord, ServerStatus, User, Workspace,
} from './types';

const DEMO_PEM = '-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAA (demo)\n-----END OPENSSH PRIVATE KEY-----';

interface AppSeed {
  status: AppStatus;
  age: number;
  scaling?: Record<string, number>;
  config?: Record<string, string>;
  history?: HistoryEvent[];
  domains?: [string, boolean][];
  drains?: [string, 'syslog' | 'https'][];
  addons?: [string, DatabaseType][];
  preview?: { pr: number; parent: AppRecord };
  branch?: string;
  /** The process report when it differs from what the status suggests (stopped or started outside the dashboard). */
  processes?: ProcessState;
}

export function seedDemo(state: ServiceState, { demo, admin, others }: SeededAccounts): void {
  const { store } = state;
  const [sam, kim, lee] = others;
  const personal = store.personalWorkspace(demo.id);
  const acme = addTeam(store, 'Acme Corp', 'acme', admin, daysAgo(300));
  addMember(store, acme, demo, 'member', daysAgo(280));
  addMember(store, acme, sam, 'member', daysAgo(200));
  addMember(store, acme, kim, 'viewer', daysAgo(90));
  const oss = addTeam(store, 'OSS Collective', 'oss', lee, daysAgo(150));
  addMember(store, oss, demo, 'viewer', daysAgo(60));

  const adminTeam = store.personalWorkspace(admin.id);
  /** An activity as wokku's `track` logs it: in the actor's first team's feed. */
  const tracked = (actor: User, ws: Workspace, action: string, targetType: string, targetName: string | null, createdAt: string): void => {
    store.recordActivity({ workspaceId: ws.id, teamId: store.personalWorkspace(actor.id).id, userId: actor.id, action, targetType, targetName, createdAt });
  };
  const server = (ws: Workspace, name: string, host: string, status: ServerStatus, age: number): ServerRecord => {
    const rec: ServerRecord = { id: newId(), workspaceId: ws.id, name, host, port: 22, sshUser: 'dokku', sshPrivateKey: DEMO_PEM, status, createdAt: daysAgo(age) };
    store.servers.set(rec.id, rec);
    tracked(admin, ws, 'server.created', 'Server', name, rec.createdAt);
    return rec;
  };
  const eu = server(personal, 'eu-central-1', '10.20.1.10', 'connected', 360);
  const us = server(personal, 'us-east-1', 'us-east-1.hosts.apphost.example', 'connected', 240);
  const legacy = server(personal, 'legacy-box', '203.0.113.50', 'unreachable', 700);
  const acmeProd = server(acme, 'acme-prod-1', '10.40.0.5', 'connected', 290);
  const ossBox = server(oss, 'oss-box', 'oss.hosts.apphost.example', 'connected', 140);
  const lab = server(adminTeam, 'admin-lab', '10.99.0.2', 'connected', 30);

  const app = (ws: Workspace, srv: ServerRecord, name: string, seed: AppSeed, actor: User = demo): AppRecord => {
    const scaling = seed.scaling ?? { web: 1 };
    const rec: AppRecord = {
      id: newId(), workspaceId: ws.id, name, serverId: srv.id, status: seed.status,
      processState: seed.processes ?? processStateFor(seed.status, scaling), containersVersion: 0,
      isPreview: seed.preview !== undefined, prNumber: seed.preview?.pr ?? null, parentAppId: seed.preview?.parent.id ?? null,
      deployBranch: seed.branch ?? 'main', createdAt: daysAgo(seed.age), config: { ...seed.config }, scaling,
      checks: { ...DEFAULT_CHECKS }, commitSha: null,
    };
    store.apps.set(rec.id, rec);
    tracked(actor, ws, 'app.created', 'AppRecord', name, rec.createdAt);
    seedHistory(state, rec, seed.history ?? [], actor.id);
    for (const [hostname, ssl] of seed.domains ?? []) {
      const id = newId();
      store.domains.set(id, { id, appId: rec.id, hostname, sslEnabled: ssl, createdAt: daysAgo(seed.age - 1) });
    }
    for (const [url, drainType] of seed.drains ?? []) {
      const id = newId();
      store.drains.set(id, { id, appId: rec.id, url, drainType, createdAt: daysAgo(seed.age / 2) });
    }
    for (const [addonName, serviceType] of seed.addons ?? []) {
      const id = newId();
      store.addons.set(id, { id, appId: rec.id, name: addonName, serviceType, status: 'running' });
    }
    // Deployed apps have a container per process (Dokku); a never-deployed one has none.
    if (seed.status !== 'created') state.logs.replaceContainers(rec.id, processNames(rec.scaling));
    if (seed.status === 'crashed') seedCrashLog(state, rec);
    else if (rec.processState !== 'stopped') seedLogBacklog(state, rec, 30);
    else if (rec.commitSha) seedLogBacklog(state, rec, 3, 60 * 24);
    // The containers run as the process report says: all, none, or some ('mixed': the last one exited).
    if (rec.processState === 'stopped') state.logs.stopContainers(rec.id);
    if (rec.processState === 'mixed') state.logs.stopContainers(rec.id, processNames(rec.scaling).slice(-1));
    return rec;
  };
  const deploys = (...ages: [number, boolean?][]): HistoryEvent[] => ages.map(([d, ok]) => ({ kind: 'deploy', daysAgo: d, ok: ok ?? true }));

  // ---- personal workspace ----
  const storefront: AppRecord = app(personal, eu, 'storefront', {
    status: 'running', age: 180, scaling: { web: 2, worker: 1 },
    config: {
      NODE_ENV: 'production', LOG_LEVEL: 'info', WEB_CONCURRENCY: '2', SESSION_SECRET: 'f3c9a1d07be24e5c9a6e1f0b8d7c2a41',
      STRIPE_SECRET_KEY: 'sk_live_51Hc2RfK8xYzQ0demoSecretKey9aB', SENTRY_DSN: 'https://4f1c0a9e2b7d@o12345.ingest.sentry.io/67890',
    },
    history: [
      { kind: 'config', keys: ['NODE_ENV', 'SESSION_SECRET'], daysAgo: 179 },
      ...deploys([178], [90], [30], [12, false], [11]),
      { kind: 'config', keys: ['STRIPE_SECRET_KEY'], daysAgo: 5 },
      ...deploys([2]),
    ],
    domains: [['shop.example.com', true], ['www.shop.example.com', true], ['storefront.apphost-demo.dev', false]],
    drains: [['syslog://logs5.papertrailapp.com:41234', 'syslog']],
    addons: [['storefront-search', 'meilisearch']],
  });
  storefront.github = { repo: 'dana-demo/storefront', webhookSecret: '5c0ffee7d1b2a3948576e1f2a3b4c5d6e7f80912' };
  storefront.gitRepositoryUrl = 'https://github.com/dana-demo/storefront.git';
  storefront.buildpacks = ['https://github.com/heroku/heroku-buildpack-nodejs.git', 'https://github.com/heroku/heroku-buildpack-nginx.git'];
  app(personal, eu, 'storefront-pr-42', {
    status: 'running', age: 3, preview: { pr: 42, parent: storefront }, branch: 'feature/new-checkout',
    config: { NODE_ENV: 'staging', SESSION_SECRET: '0a1b2c3d4e5f60718293a4b5c6d7e8f9' }, history: deploys([3], [1]),
    domains: [['pr-42.storefront.apphost-demo.dev', true]],
  });
  const gateway = app(personal, eu, 'api-gateway', {
    status: 'running', age: 150, scaling: { web: 3 }, config: { NODE_ENV: 'production', JWT_SECRET: 'b64:8Jq1dGVtby1qd3Qtc2VjcmV0LXZhbHVl', RATE_LIMIT_PER_MINUTE: '600' },
    history: deploys([149], [60], [7]), domains: [['api.example.com', true]],
    drains: [['https://http-intake.logs.datadoghq.eu/api/v2/logs?dd-api-key=demo0123456789abcdef', 'https']],
  });
  app(personal, eu, 'billing-worker', {
    status: 'running', age: 120, scaling: { web: 0, worker: 2 }, config: { QUEUE: 'billing', STRIPE_SECRET_KEY: 'sk_live_51Hc2RfK8xYzQ0demoSecretKey9aB' },
    history: deploys([119], [20]),
  });
  app(personal, us, 'marketing-site', { status: 'sleeping', age: 200, history: deploys([199], [45]), domains: [['example.com', false]] });
  app(personal, eu, 'admin-panel', { status: 'stopped', age: 100, config: { ADMIN_EMAILS: 'demo@apphost.dev' }, history: deploys([99], [50]) });
  app(personal, us, 'image-resizer', { status: 'crashed', age: 80, config: { MAX_WIDTH: '2048' }, history: deploys([79], [1]) });
  app(personal, eu, 'blog', { status: 'created', age: 0.5 });
  const docs = app(personal, us, 'docs-site', { status: 'running', age: 60, history: deploys([59], [14]) });
  const analytics = app(personal, us, 'analytics', { status: 'running', age: 140, scaling: { web: 1, worker: 1 }, config: { RETENTION_DAYS: '400' }, history: deploys([139], [33], [4]), addons: [['analytics-clickhouse', 'clickhouse']] });
  app(personal, us, 'cron-jobs', { status: 'running', age: 110, scaling: { web: 0, clock: 1 }, history: deploys([109]) });
  app(personal, legacy, 'legacy-crm', { status: 'running', age: 650, config: { RAILS_ENV: 'production' }, history: deploys([640], [400]) });
  // Stopped with the CLI yesterday: the record still says "running", the process report does not.
  app(personal, us, 'mailer', { status: 'running', processes: 'stopped', age: 90, config: { SMTP_HOST: 'smtp.example.com' }, history: deploys([89], [15]) });
  // One of its workers has exited: the report says "mixed".
  app(personal, eu, 'search-indexer', { status: 'running', processes: 'mixed', age: 70, scaling: { web: 1, worker: 2 }, history: deploys([69], [9]) });
  // A slow build in progress: the docs generator takes a while, and its log grows line by line.
  state.deploys.start(docs, { description: 'Deploy docs for v2.0', userId: demo.id, stepMs: Math.max(2000, state.settings.actionDelayMs * 2) });
  docs.status = 'deploying';

  // ---- team workspaces ----
  const acmeApi = app(acme, acmeProd, 'acme-api', { status: 'running', age: 280, scaling: { web: 2, worker: 2 }, config: { NODE_ENV: 'production', API_KEY: 'ak_live_acme_7d9f2c1b' }, history: deploys([279], [40], [3]) }, admin);
  const acmeWeb = app(acme, acmeProd, 'acme-web', { status: 'running', age: 270, config: { API_URL: 'https://api.acme.example' }, history: deploys([269], [10]), domains: [['acme.example', true]] }, admin);
  app(acme, acmeProd, 'acme-web-pr-7', { status: 'running', age: 2, preview: { pr: 7, parent: acmeWeb }, history: deploys([2]) }, sam);
  app(acme, acmeProd, 'acme-queue', { status: 'stopped', age: 200, scaling: { worker: 1 }, history: deploys([199]) }, sam);
  app(oss, ossBox, 'oss-docs', { status: 'running', age: 140, history: deploys([139], [8]) }, lee);
  const ossForum = app(oss, ossBox, 'oss-forum', { status: 'running', age: 100, scaling: { web: 1, worker: 1 }, history: deploys([99], [21], [6, false]) }, lee);
  app(adminTeam, lab, 'status-page', { status: 'running', age: 20, history: deploys([19]) }, admin);

  // ---- databases, links, backups ----
  // Paid tiers (no backup cap) but acme-pg, on the free tier with its 2 backups: the next one is a 402.
  const database = (ws: Workspace, srv: ServerRecord, name: string, type: DatabaseType, status: DatabaseRecord['status'], age: number, tier: DatabaseRecord['tier'] = 'standard'): DatabaseRecord => {
    const rec: DatabaseRecord = { id: newId(), workspaceId: ws.id, name, serviceType: type, status, serverId: srv.id, createdAt: daysAgo(age), tier };
    store.databases.set(rec.id, rec);
    return rec;
  };
  const link = (db: DatabaseRecord, target: AppRecord, alias = defaultAlias(db.serviceType)): void => {
    const id = newId();
    store.links.set(id, { id, databaseId: db.id, appId: target.id, alias, createdAt: daysAgo(10) });
    target.config[`${alias}_URL`] = serviceUrl(db.serviceType, db.name);
  };
  const backups = (db: DatabaseRecord, days: number[], failed: number[] = []): void => {
    for (const d of [...days, ...failed].sort((a, b) => b - a)) {
      const id = newId();
      const ok = !failed.includes(d);
      store.backups.set(id, { id, databaseId: db.id, status: ok ? 'completed' : 'failed', sizeBytes: ok ? 180_000_000 + Math.round(d * 1_234_567) : 0, createdAt: daysAgo(d, -120) });
    }
  };
  const mainDb = database(personal, eu, 'storefront-db', 'postgres', 'running', 180);
  const cache = database(personal, eu, 'cache', 'redis', 'running', 150);
  const analyticsDb = database(personal, us, 'analytics-db', 'mysql', 'running', 140);
  database(personal, legacy, 'legacy-mongo', 'mongodb', 'error', 650);
  const acmeDb = database(acme, acmeProd, 'acme-pg', 'postgres', 'running', 280, 'basic');
  const ossDb = database(oss, ossBox, 'oss-forum-db', 'postgres', 'running', 100);
  link(mainDb, storefront);
  link(cache, storefront);
  link(cache, gateway);
  link(analyticsDb, analytics);
  link(acmeDb, acmeApi);
  link(ossDb, ossForum);
  backups(mainDb, [1, 2, 3, 4, 5], [6]);
  backups(cache, [7]);
  backups(analyticsDb, [1, 8]);
  backups(acmeDb, [1, 2]);
  backups(ossDb, [3]);

  // ---- SSH keys, notifications, a few more activities ----
  for (const [owner, name, age] of [[demo, 'MacBook Pro', 200], [demo, 'GitHub Actions deploy', 120], [admin, 'admin workstation', 300]] as const) {
    const publicKey = makeEd25519PublicKey(`${owner.email}/${name}`, `${owner.email.split('@')[0]}@${name.replace(/\s+/g, '-').toLowerCase()}`);
    const id = newId();
    store.sshKeys.set(id, { id, userId: owner.id, name, publicKey, fingerprint: fingerprint(publicKey)!, createdAt: daysAgo(age) });
  }
  const channel = (ws: Workspace, rec: Omit<NotificationChannel, 'id' | 'workspaceId' | 'teamId' | 'createdAt'>): void => {
    const id = newId();
    store.notifications.set(id, { id, workspaceId: ws.id, teamId: ws.id, createdAt: daysAgo(30), ...rec });
  };
  channel(personal, { channel: 'email', events: ['deploy_failed', 'backup_failed'], config: { address: 'demo@apphost.dev' }, appId: null });
  channel(personal, { channel: 'slack', events: ['deploy_succeeded', 'deploy_failed'], config: { webhook_url: 'https://hooks.slack.com/services/T000/B000/demo', channel: '#deploys' }, appId: storefront.id });
  channel(acme, { channel: 'webhook', events: ['deploy_succeeded', 'backup_failed'], config: { url: 'https://hooks.acme.example/apphost' }, appId: null });

  // What the demo user did through the dashboard, the API and the CLI: all in their own
  // team's feed, whichever team the record belongs to (wokku's `track`).
  const feed: [string, Workspace, string, string | null, number, number][] = [
    ['ssh_key.added', personal, 'SshPublicKey', 'MacBook Pro', 200, 0],
    ['ssh_key.added', personal, 'SshPublicKey', 'GitHub Actions deploy', 120, 0],
    ['database.create_queued', personal, 'DatabaseService', 'storefront-db', 180, -5],
    ['database.linked', personal, 'DatabaseService', 'storefront-db', 10, 0],
    ['domain.added', personal, 'Domain', 'shop.example.com', 179, 0],
    ['domain.ssl_enabled', personal, 'Domain', 'shop.example.com', 179, -30],
    ['github.connected', personal, 'AppRecord', 'storefront', 178, 10],
    ['app.https_enabled', personal, 'AppRecord', 'docs-site', 14, -10],
    ['addon.created', personal, 'DatabaseService', 'analytics-clickhouse', 139, -20],
    ['log_drain.added', personal, 'LogDrain', null, 75, 0],
    ['notification.created', personal, 'Notification', null, 30, 0],
    ['billing.deposit', personal, 'User', null, 20, 0],
    ['backup.created', personal, 'DatabaseService', 'storefront-db', 3, -60],
    ['app.restarted', acme, 'AppRecord', 'acme-api', 2, 40],
    ['app.stopped', personal, 'AppRecord', 'admin-panel', 50, -60],
    ['app.stoped', personal, 'AppRecord', 'mailer', 1, 30],
    ['config.updated', acme, 'AppRecord', 'acme-web', 0, 300],
    ['app.restarted', personal, 'AppRecord', 'api-gateway', 0, 95],
  ];
  for (const [action, ws, type, name, days, minutes] of feed) tracked(demo, ws, action, type, name, daysAgo(days, minutes));
  tracked(admin, acme, 'team.member_added', 'TeamMembership', null, daysAgo(90));
}
