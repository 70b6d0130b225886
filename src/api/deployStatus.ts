// When a deploy has nothing more to show: the states a deploy record ends in. wokku's
// model has succeeded, failed and timed_out; services built otherwise also end a deploy as
// canceled (or cancelled) or error, and a log tab must not follow those forever.
const FINISHED = new Set(['succeeded', 'failed', 'timed_out', 'canceled', 'cancelled', 'error']);

export function deployFinished(status: string): boolean {
  return FINISHED.has(status);
}

/** A deploy that ended without a new release: the ones wokku can diagnose (POST /ai/diagnose). */
export function deployFailed(status: string): boolean {
  return status === 'failed' || status === 'timed_out';
}
