// Every command acts on one service: the one of the row it was invoked on, of the app ref
// it was given, or (from the Command Palette, with more than one service signed in) the
// one the user picks first, unless its action needs none or finds it from the open folder
// (its `needs`, kit/action.ts). Its run receives a ServiceCore whose `service` is that one:
// the runs speak to `s.connections.of(s.service)`.
import { askService } from '../servicePick';
import type { Core, ServiceCore } from '../core';
import { serviceOfTarget, toCommandTarget, type CommandTarget } from '../tree/commandTarget';
import { actionsById, type Action } from '../kit/action';
import type { Routed } from '../kit/running';

export class ServiceRouting {
  private readonly byId: ReadonlyMap<string, Action>;
  private readonly cores = new Map<string, ServiceCore>();
  private firstCore: ServiceCore | undefined;

  constructor(
    private readonly root: Core,
    actions: readonly Action[],
  ) {
    this.byId = actionsById(actions);
  }

  /** The command ids of every action. */
  ids(): string[] {
    return [...this.byId.keys()];
  }

  /** The action of a command id (undefined: not one of AppHost's). */
  action(id: string): Action | undefined {
    return this.byId.get(id);
  }

  /**
   * The action of a command with the service its arguments name (`argsOf`: the arguments
   * as its run gets them, a row already its target, kit/running.ts argsFor), and those
   * arguments with an app that names no service given the one chosen (refs from before
   * several services).
   */
  async route(id: string, argsOf: (action: Action) => unknown[]): Promise<Routed> {
    const action = this.byId.get(id);
    if (!action) throw new Error(`No action for ${id}`);
    const args = argsOf(action);
    const named = args.map((arg) => serviceOfTarget(asTarget(arg))).find((service) => service !== undefined);
    const asks = (action.needs ?? 'service') === 'service';
    const chosen = named ?? (asks ? await askService(this.root.connections) : undefined);
    const service = chosen ?? this.root.connections.firstId();
    // Its errors name the service when several are known and the command acted on one.
    const serviceName = chosen !== undefined || asks ? this.root.connections.nameWhenSeveral(service) : undefined;
    return { action, s: this.core(chosen), args: args.map((arg) => withService(arg, service)), serviceName };
  }

  /** The Core acting for a service (undefined: the first). */
  private core(service: string | undefined): ServiceCore {
    if (service === undefined || service === this.root.connections.firstId()) return (this.firstCore ??= this.first());
    let core = this.cores.get(service);
    if (!core) this.cores.set(service, (core = { ...this.root, service }));
    return core;
  }

  /** The first service's Core: its id read at each use, as its address may change. */
  private first(): ServiceCore {
    const { connections } = this.root;
    return { ...this.root, get service() { return connections.firstId(); } };
  }
}

/** A run's argument that is a target (a row's, an app's): not converted again. */
function asTarget(arg: unknown): CommandTarget | undefined {
  return arg && typeof arg === 'object' && !Array.isArray(arg) ? toCommandTarget(arg) : undefined;
}

/** An app target whose ref names no service (passed by a caller from before several services) gets the routed one. */
function withService(arg: unknown, service: string): unknown {
  const target = asTarget(arg);
  if (target?.kind !== 'app' || typeof (target.app as { service?: unknown }).service === 'string') return arg;
  return { ...target, app: { ...target.app, service } };
}
