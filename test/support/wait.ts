// Waiting in tests, one way for every suite (unit, integration, faults, e2e, bench): wait
// for a condition, never for a guessed time. `sleep` is for pacing (a poll interval, letting
// traffic accumulate), not for "long enough".

export const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

/** Polls `probe` until it returns a truthy value, and returns it; fails naming `what` after `timeoutMs`. */
export async function until<T>(what: string, probe: () => T | Promise<T>, timeoutMs = 5000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await sleep(10);
  }
}
