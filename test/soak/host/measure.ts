// The extension host's own figures: heap after a forced garbage collection, the active
// handles (timers, sockets, …) and CPU time. Runs inside the extension host.
import { Session } from 'node:inspector';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import type { HostSample } from '../shared';

let how = '';

async function inspectorGc(): Promise<void> {
  const session = new Session();
  session.connect();
  try {
    await new Promise<void>((resolve, reject) => session.post('HeapProfiler.collectGarbage', (e) => (e ? reject(e) : resolve())));
  } finally {
    session.disconnect();
  }
}

/** A full collection: through the in-process inspector, else V8's gc() exposed at run time. */
export async function forceGc(): Promise<string> {
  try {
    await inspectorGc();
    await inspectorGc();
    return (how = 'inspector HeapProfiler.collectGarbage');
  } catch {
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    gc();
    gc();
    return (how = 'v8 --expose-gc');
  }
}

export const gcMethod = () => how;

export async function sample(t0: number): Promise<HostSample> {
  await forceGc();
  const types: Record<string, number> = {};
  const resources = process.getActiveResourcesInfo();
  for (const t of resources) types[t] = (types[t] ?? 0) + 1;
  return { at: Date.now() - t0, heapUsed: process.memoryUsage().heapUsed, handles: resources.length, handleTypes: types };
}
