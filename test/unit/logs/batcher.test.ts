// Output batching: coalescing within ~50 ms, 64 KB chunks, a 100k-line burst that
// never blocks, bounded memory with a marker for what was dropped.

import { strict as assert } from 'node:assert';
import { isMarker, OutputBatcher } from '../../../src/logs';
import { CaptureSink } from './helpers';
import { FakeClock } from '../../support/fakeClock';

describe('logs: output batcher', () => {
  it('coalesces lines and writes them within the flush interval', async () => {
    const clock = new FakeClock();
    const sink = new CaptureSink();
    const b = new OutputBatcher(sink, { clock });
    b.pushLines(['a', 'b']);
    await clock.advance(20);
    b.pushLines(['c']);
    await clock.advance(29);
    assert.equal(sink.appends.length, 0);
    await clock.advance(1);
    assert.deepEqual(sink.appends, ['a\nb\nc\n']);
  });

  it('writes at once when a chunk is full, and never more than a chunk per append', async () => {
    const clock = new FakeClock();
    const sink = new CaptureSink();
    const b = new OutputBatcher(sink, { clock, maxChunkChars: 100 });
    const lines = Array.from({ length: 50 }, (_, i) => `line ${String(i).padStart(3, '0')}`); // 9 chars each
    b.pushLines(lines);
    await clock.advance(0);
    assert.ok(sink.appends.length >= 4, String(sink.appends.length));
    assert.ok(sink.appends.every((a) => a.length <= 100 + 9));
    await clock.advance(50);
    assert.deepEqual(sink.all, lines);
  });

  it('a burst of 100k lines is written in chunks without blocking the event loop', async () => {
    // A probe that runs once per turn of the event loop (setImmediate: after each turn's
    // timers): every chunk must come in a turn of its own, after other callbacks had theirs.
    let turns = 0;
    let probing = true;
    const probe = () => {
      turns++;
      if (probing) setImmediate(probe);
    };
    setImmediate(probe);
    const turnOfAppend: number[] = [];
    const sink = new CaptureSink();
    const append = sink.append.bind(sink);
    sink.append = (text: string) => {
      turnOfAppend.push(turns);
      append(text);
    };
    const b = new OutputBatcher(sink);
    const lines = Array.from({ length: 100_000 }, (_, i) => `2026-01-01T00:00:00.000Z app[web.1]: burst line ${i}`);
    b.pushLines(lines);
    await b.flush();
    probing = false;
    assert.ok(sink.appends.length > 50, `${sink.appends.length} appends`);
    assert.ok(Math.max(...sink.appends.map((a) => a.length)) <= 64 * 1024 + 100);
    const sameTurn = turnOfAppend.filter((turn, i) => i > 0 && turn === turnOfAppend[i - 1]).length;
    assert.equal(sameTurn, 0, 'chunks written one after another without giving the event loop a turn');
    assert.deepEqual(sink.all, lines);
  });

  it('bounds pending output: drops the oldest lines and says how many', async () => {
    const clock = new FakeClock();
    const sink = new CaptureSink();
    const b = new OutputBatcher(sink, { clock, maxChunkChars: 1_000, maxPendingChars: 10_000 });
    for (let i = 0; i < 100; i++) b.pushLines(Array.from({ length: 100 }, (_, j) => `l${i}-${j}`)); // no time passes
    assert.ok(b.pendingChars <= 10_000, String(b.pendingChars));
    const flushed = b.flush();
    await clock.advance(1_000);
    await flushed;
    const all = sink.all;
    const marker = all.find(isMarker);
    assert.match(String(marker), /lines skipped/);
    assert.equal(all[all.length - 1], 'l99-99', 'the newest lines are kept');
  });

  it('close() writes what is pending and then ignores new lines', async () => {
    const sink = new CaptureSink();
    const b = new OutputBatcher(sink);
    b.pushLines(['x']);
    await b.close();
    b.pushLines(['y']);
    await new Promise((r) => setTimeout(r, 70));
    assert.deepEqual(sink.all, ['x']);
  });
});
