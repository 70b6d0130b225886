import assert from 'node:assert/strict';
import { budgetWindows } from '../../soak/budget';
import { minutesFromArgs, soakPlan } from '../../soak/plan';

describe('soak: requests per fixed minute window, and the plan', () => {
  it('counts in epoch-aligned minute windows like rack-attack, with the sliding maximum for information', () => {
    const t0 = 10 * 60_000 + 30_000; // half-way through a window
    const times = [...Array.from({ length: 40 }, (_, i) => t0 + 20_000 + i * 100), ...Array.from({ length: 40 }, (_, i) => t0 + 31_000 + i * 100)];
    const w = budgetWindows(times, t0, t0 + 89_000);
    assert.deepEqual(w.perWindow, [40, 40]);
    assert.equal(w.max, 40);
    assert.equal(w.over, 0);
    assert.equal(w.maxSliding, 80, 'two windows\' worth within 60 s is allowed by fixed windows');
    assert.equal(budgetWindows([...times, ...times.slice(0, 21)], t0, t0 + 89_000).over, 1);
  });

  it('60 minutes: 12 restarts, 6 config edits, 6 deploys; 3 minutes: one of each', () => {
    const hour = soakPlan(60);
    assert.deepEqual([hour.restarts.length, hour.configEdits.length, hour.deploys.length], [12, 6, 6]);
    assert.deepEqual(hour.restarts.slice(0, 2), [150_000, 450_000]);
    const ci = soakPlan(3);
    assert.deepEqual([ci.restarts.length, ci.configEdits.length, ci.deploys.length], [1, 1, 1]);
    assert.ok(ci.deploys[0] < 150_000);
    assert.equal(minutesFromArgs([]), 60);
    assert.equal(minutesFromArgs(['--minutes', '3']), 3);
    assert.equal(minutesFromArgs(['--minutes=0.5']), 0.5);
    assert.throws(() => minutesFromArgs(['--minutes', 'x']), /positive number/);
  });
});
