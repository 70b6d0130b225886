// The throttle healer with several services: a list waits on its own service's budget, so
// it is fetched again when THAT service's throttle ends, never on another's timeline.
import { strict as assert } from 'node:assert';
import { ApiError, type BudgetSnapshot } from '../../../src/api';
import type { TreeNode } from '../../../src/tree/commandTarget';
import { ROOTS, ThrottleHealer, type Healable } from '../../../src/tree/throttleHealer';

/** A service's budget as the healer sees it: throttled or not, and its change event. */
class FakeBudget {
  throttled = false;
  nextAttemptAt: number | undefined;
  private readonly listeners = new Set<() => void>();
  isThrottled = () => this.throttled;
  snapshot = () => ({ nextAttemptAt: this.nextAttemptAt }) as BudgetSnapshot;
  onDidChange = (listener: () => void) => {
    this.listeners.add(listener);
    return { dispose: () => this.listeners.delete(listener) };
  };
  get listening(): number {
    return this.listeners.size;
  }
  set(throttled: boolean, nextAttemptAt?: number): void {
    this.throttled = throttled;
    this.nextAttemptAt = nextAttemptAt;
    for (const l of [...this.listeners]) l();
  }
}

const info = { method: 'GET', path: '/api/v1/apps' };
const throttled = new ApiError('limited', { status: 429, messages: ['limited'], retryable: true }, info);
const list = (name: string) => ({ id: name }) as unknown as TreeNode;

describe('tree: throttle healer, per service', () => {
  const a = new FakeBudget();
  const b = new FakeBudget();
  const appsA = list('apps of A');
  const appsB = list('apps of B');
  let refreshed: Healable[];
  let healer: ThrottleHealer;

  beforeEach(() => {
    a.set(false);
    b.set(false);
    refreshed = [];
    const budgets = new Map<Healable, FakeBudget>([[appsA, a], [appsB, b], [ROOTS, a]]);
    healer = new ThrottleHealer((node) => budgets.get(node), (node) => refreshed.push(node));
  });
  afterEach(() => healer.dispose());

  it('heals a list when its own service\'s throttle ends, not when another\'s does', () => {
    const far = Date.now() + 60_000;
    a.set(true, far);
    b.set(true, far);
    healer.add(appsA, throttled);
    healer.add(ROOTS, throttled);
    healer.add(appsB, throttled);
    b.set(false);
    assert.deepEqual(refreshed, [appsB], 'B ended: only B\'s list asks again');
    a.set(false);
    assert.deepEqual(refreshed, [appsB, appsA, ROOTS]);
  });

  it('asks again at its own service\'s next attempt (the probe), not another\'s', async () => {
    a.set(true, Date.now() + 60_000);
    b.set(true, Date.now());
    healer.add(appsA, throttled);
    healer.add(appsB, throttled);
    await new Promise((r) => setTimeout(r, 150));
    assert.deepEqual(refreshed, [appsB]);
  });

  it('Retry Now heals every waiting list of every service; nothing listens once none waits', () => {
    a.set(true, Date.now() + 60_000);
    b.set(true, Date.now() + 60_000);
    healer.add(appsA, throttled);
    healer.add(appsB, throttled);
    assert.equal(a.listening + b.listening, 2);
    healer.healAll();
    assert.deepEqual(new Set(refreshed), new Set([appsA, appsB]));
    assert.equal(a.listening + b.listening, 0, 'no subscription left behind');
  });

  it('ignores failures other than 429, lists of a service no longer known, and lists fetched meanwhile', () => {
    a.set(true, Date.now() + 60_000);
    healer.add(appsA, new Error('network'));
    healer.add(list('of a removed service'), throttled);
    healer.add(ROOTS, throttled);
    healer.healed(ROOTS);
    assert.equal(a.listening, 0);
    a.set(false);
    assert.deepEqual(refreshed, []);
  });
});
