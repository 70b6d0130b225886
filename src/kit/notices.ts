// What a command tells the user when it is done. While several services are known, every
// notice says which service it speaks of ("Staging: Restarted storefront."), the way its
// errors do (running.ts); with one service the texts stay as they were.
import { serviceNotice } from '../connections';
import type { ServiceCore } from '../core';
import { ask, notify, type Severity } from '../notices';

/** The message, named after the service the command acts on (`s.service`, or the one given). */
export function serviceNoticeOf(s: ServiceCore, message: string, service: string | undefined = s.service): string {
  return serviceNotice(s.connections.nameWhenSeveral(service), message);
}

/** A notice's buttons, after the options of a modal question (its detail) or alone. */
type Rest = string[] | [{ modal: true; detail?: string }, ...string[]];

function named(s: ServiceCore, severity: Severity, message: string, rest: Rest): Thenable<string | undefined> {
  const text = serviceNoticeOf(s, message);
  const [first, ...others] = rest;
  return typeof first === 'object' ? ask(severity, text, first.detail, ...(others as string[])) : notify(severity, text, ...(rest as string[]));
}

/** An information notice (or modal question) about the command's service. */
export function inform(s: ServiceCore, message: string, ...rest: Rest): Thenable<string | undefined> {
  return named(s, 'info', message, rest);
}

/** A warning (or modal question) about the command's service. */
export function warn(s: ServiceCore, message: string, ...rest: Rest): Thenable<string | undefined> {
  return named(s, 'warning', message, rest);
}
