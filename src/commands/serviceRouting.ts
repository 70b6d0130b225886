// Every command acts on one service: the one of the row it was invoked on, of the app ref
// it was given, or (from the Command Palette, with more than one service signed in) the
// one the user picks first. The handler receives a ServiceCore whose `service` is that
// one: the handlers speak to `s.connections.of(s.service)`.
import { isAppRef } from '../model';
import { askService } from '../servicePick';
import type { Core, ServiceCore } from '../core';
import { serviceOfTarget, toCommandTarget } from '../tree/commandTarget';
import type { CommandHandler, CommandTable } from '../kit/running';

/**
 * Commands that need no service question from the palette: they act on no service, ask for
 * one themselves (sign-in, the service commands), or pick among what runs (tails).
 */
const NO_SERVICE = new Set([
  'apphost.addService', 'apphost.removeService', 'apphost.renameService', 'apphost.signIn', 'apphost.signOut',
  'apphost.setServiceUrl', 'apphost.walkthrough.open', 'apphost.refresh', 'apphost.refreshAll', 'apphost.retryNow',
  'apphost.loadMore', 'apphost.showLog', 'apphost.activity.refresh', 'apphost.activity.loadMore', 'apphost.activity.showService',
  'apphost.logs.stopAll', 'apphost.logs.toggleTimestamps', 'apphost.logs.stop', 'apphost.logs.filter', 'apphost.logs.clearFilter',
  'apphost.details.reveal', 'apphost.tasks.forgetPermissions',
]);

/**
 * The open folder's commands: from a folder (or the palette) they find the service of the
 * folder's link themselves (deployTarget.ts), and ask for one only to link a folder.
 */
const FOLDER = new Set(['apphost.folder.deploy', 'apphost.folder.link', 'apphost.folder.unlink', 'apphost.folder.actions']);

export class ServiceRouting {
  private readonly views = new Map<string, { connection: unknown; table: CommandTable }>();
  private rootTable: CommandTable | undefined;

  constructor(
    private readonly root: Core,
    private readonly tableOf: (s: ServiceCore) => CommandTable,
  ) {}

  /** The command ids (the same in every service's table). */
  ids(): string[] {
    return Object.keys(this.table());
  }

  /**
   * The handler of a command for the service its arguments name, and the arguments with an
   * app ref that names none given the service chosen (refs from before several services).
   */
  async route(id: string, args: unknown[]): Promise<{ handler: CommandHandler | undefined; args: unknown[]; serviceName?: string }> {
    const named = args.map((arg) => serviceOfTarget(toCommandTarget(arg))).find((service) => service !== undefined);
    const asks = !NO_SERVICE.has(id) && !FOLDER.has(id);
    const chosen = named ?? (asks ? await askService(this.root.connections) : undefined);
    const service = chosen ?? this.root.connections.firstId();
    // Its errors name the service when several are known and the command acted on one.
    const serviceName = chosen !== undefined || asks ? this.root.connections.nameWhenSeveral(service) : undefined;
    return { handler: this.table(service)[id], args: args.map((arg) => withService(arg, service)), serviceName };
  }

  /** The services' own table (service undefined: the first's, built once). */
  private table(service?: string): CommandTable {
    if (service === undefined || service === this.root.connections.firstId()) return (this.rootTable ??= this.tableOf(this.first()));
    const connection = this.root.connections.of(service);
    let view = this.views.get(service);
    // A service whose address changed has a new connection: build its table again.
    if (!view || view.connection !== connection) {
      view = { connection, table: this.tableOf({ ...this.root, service }) };
      this.views.set(service, view);
    }
    return view.table;
  }

  /** The first service's Core: its id read at each use, as its address may change. */
  private first(): ServiceCore {
    const { connections } = this.root;
    return { ...this.root, get service() { return connections.firstId(); } };
  }
}

/** An app ref that names no service (passed by a caller from before several services) gets the routed one. */
function withService(arg: unknown, service: string): unknown {
  if (!isAppRef(arg) || typeof (arg as { service?: unknown }).service === 'string') return arg;
  return { ...arg, service };
}
