// What handlers return or throw. A plain value means 200 + JSON; Reply sets another
// status or headers; HttpError carries the contract's error bodies.

export class Reply {
  constructor(
    readonly status: number,
    readonly body: unknown,
    readonly headers: Record<string, string> = {},
  ) {}
}

/** Returned by handlers that wrote the response themselves (streams, HTML pages). */
export const HANDLED = Symbol('handled');

export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: Record<string, unknown>,
    readonly headers: Record<string, string> = {},
  ) {
    super(typeof body.error === 'string' ? body.error : `HTTP ${status}`);
  }
}

export const created = (body: unknown): Reply => new Reply(201, body);
export const message = (text: string, extra: Record<string, unknown> = {}): Record<string, unknown> => ({ message: text, ...extra });

export const badRequest = (error: string): HttpError => new HttpError(400, { error });
/** What Rails' exceptions app answers to JSON clients: unknown routes and records, unparsable bodies, crashes. */
export const railsError = (status: 400 | 404 | 422 | 500, error: string): HttpError => new HttpError(status, { status, error });
export const badJson = (): HttpError => railsError(400, 'Bad Request');
export const serverCrash = (): HttpError => railsError(500, 'Internal Server Error');
export const unauthorized = (error: string): HttpError => new HttpError(401, { error });
export const paymentRequired = (error: string): HttpError => new HttpError(402, { error });
export const forbidden = (): HttpError => new HttpError(403, { error: 'Not authorized' });
/** Without a message: Rails' `{"status":404,"error":"Not Found"}`; with one: a controller's own 404. */
export const notFound = (error?: string): HttpError => (error ? new HttpError(404, { error }) : railsError(404, 'Not Found'));
export const conflict = (error: string): HttpError => new HttpError(409, { error });
/** 422 in the `{errors:[...]}` form (model validation). */
export const invalid = (...errors: string[]): HttpError => new HttpError(422, { errors });
/** 422 in the `{error:"<message>"}` form (a controller's own refusal). */
export const platformError = (stderr: string): HttpError => new HttpError(422, { error: stderr });

/** Ruby's Shellwords.escape, as wokku builds the Dokku command lines. */
export const shellEscape = (word: string): string => (word === '' ? "''" : word.replace(/[^A-Za-z0-9_\-.,:+/@\n]/g, '\\$&').replace(/\n/g, "'\n'"));

/**
 * 422 when Dokku refused: wokku's CommandError, `Dokku command failed: <command>\n<stderr>`.
 * The command line holds the values sent (config values included), as the real one does.
 */
export const dokkuFailed = (command: string, stderr: string): HttpError => platformError(`Dokku command failed: ${command}\n${stderr}`);
export const cannotConnect = (detail: string): HttpError => new HttpError(503, { error: `Cannot connect to server: ${detail}` });
