// How long a real-VS-Code test waits, scaled for a handicapped machine. `npm run
// test:e2e:slow` sets APPHOST_E2E_PATIENCE (one core shared with a busy neighbour, cold
// caches: a workbench takes minutes to load there). It hunts for races, which show
// whatever the limits; absolute slowness there is not a failure. Elsewhere it is 1.
const factor = Number(process.env.APPHOST_E2E_PATIENCE ?? '1');

export const PATIENCE = Number.isFinite(factor) && factor >= 1 ? factor : 1;

/** A time limit in ms, stretched by the run's patience. */
export function patient(ms: number): number {
  return ms * PATIENCE;
}
