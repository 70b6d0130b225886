// When a deploy has nothing more to show: the states a deploy record ends in. wokku's
// model has succeeded, failed and timed_out; services built otherwise also end a deploy as
// canceled (or cancelled) or error, and a log tab must not follow those forever.
const FINISHED = new Set(['succeeded', 'failed', 'timed_out', 'canceled', 'cancelled', 'error']);

export function deployFinished(status: string): boolean {
  return FINISHED.has(status);
}
