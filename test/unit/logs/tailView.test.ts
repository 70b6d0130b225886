// A tail's view: passes text through untouched while unfiltered, redraws from the kept
// lines when a filter or the timestamps change, loses nothing that arrived while
// filtered, and says how many lines a redraw can no longer show.
import { strict as assert } from 'node:assert';
import { BOUND_REDRAW_MS, MARKER_PREFIX, OUTPUT_BOUND, TailView, withoutTimestamp, type RedrawableSink } from '../../../src/logs';

class Screen implements RedrawableSink {
  text = '';
  appends: string[] = [];
  append(text: string): void {
    this.appends.push(text);
    this.text += text;
  }
  replace(text: string): void {
    this.text = text;
  }
  trim(text: string): void {
    this.trims++;
    this.text = text;
  }
  trims = 0;
  get lines(): string[] {
    return this.text.split('\n').slice(0, -1);
  }
}

const T = (s: number) => `2026-11-25T04:15:${String(s).padStart(2, '0')}.000000001Z`;
const line = (s: number, container: string, message: string) => `${T(s)} app[${container}]: ${message}`;

describe('logs: tail view (filters, timestamps, kept lines)', () => {
  it('unfiltered, passes every append through as it came', () => {
    const screen = new Screen();
    const view = new TailView(screen);
    const chunk = `${line(1, 'web.1', 'a')}\n${line(2, 'worker.1', 'b')}\n`;
    view.append(chunk);
    assert.deepEqual(screen.appends, [chunk]);
  });

  it('a filter redraws with the filter named first; lines arriving meanwhile are kept and show again on clear', () => {
    const screen = new Screen();
    const view = new TailView(screen);
    view.append(`${line(1, 'web.1', 'GET / 200')}\n${line(2, 'worker.1', 'job 1 done')}\n`);
    view.setFilter({ kind: 'container', globs: ['worker.*'] });
    assert.deepEqual(screen.lines, [
      `${MARKER_PREFIX}Filtered: container worker.*. Only matching lines are shown; Clear Filter shows every line again.`,
      line(2, 'worker.1', 'job 1 done'),
    ]);
    view.append(`${line(3, 'web.1', 'GET /cart 200')}\n${line(4, 'worker.2', 'job 2 done')}\n${MARKER_PREFIX}reconnected\n`);
    assert.deepEqual(screen.lines.slice(1), [line(2, 'worker.1', 'job 1 done'), line(4, 'worker.2', 'job 2 done'), `${MARKER_PREFIX}reconnected`]);
    view.setFilter(undefined);
    assert.deepEqual(screen.lines, [
      line(1, 'web.1', 'GET / 200'), line(2, 'worker.1', 'job 1 done'), line(3, 'web.1', 'GET /cart 200'), line(4, 'worker.2', 'job 2 done'), `${MARKER_PREFIX}reconnected`,
    ]);
  });

  it('hides and shows timestamps, on redraw and on new lines; markers unchanged', () => {
    const screen = new Screen();
    const view = new TailView(screen);
    view.append(`${line(1, 'web.1', 'a')}\n`);
    view.setTimestampsHidden(true);
    assert.deepEqual(screen.lines, ['app[web.1]: a']);
    view.append(`${line(2, 'web.1', 'b')}\n${MARKER_PREFIX}stopped tailing\n`);
    assert.deepEqual(screen.lines, ['app[web.1]: a', 'app[web.1]: b', `${MARKER_PREFIX}stopped tailing`]);
    view.setTimestampsHidden(false);
    assert.deepEqual(screen.lines, [line(1, 'web.1', 'a'), line(2, 'web.1', 'b'), `${MARKER_PREFIX}stopped tailing`]);
    assert.equal(withoutTimestamp('plain line'), 'plain line');
    assert.equal(withoutTimestamp('2026-11-25 04:15:50,123 INFO x'), 'INFO x');
  });

  it('keeps the last maxLines lines; a redraw says how many earlier lines it cannot show', () => {
    const screen = new Screen();
    let clock = 0;
    const view = new TailView(screen, 100, () => clock);
    for (let chunk = 0; chunk < 30; chunk++) {
      clock += BOUND_REDRAW_MS;
      view.append(Array.from({ length: 10 }, (_, k) => `${line(1, 'web.1', `line ${chunk * 10 + k}`)}\n`).join(''));
    }
    // Unfiltered, the output has everything until it shows 1.5 times the kept lines (150);
    // then only the last 100, with a line saying so (at 150, 200, 250 and 300 lines).
    assert.equal(screen.trims, 4);
    assert.equal(screen.lines.length, 101);
    assert.equal(screen.lines[0], `${MARKER_PREFIX}200 earlier lines are not shown again: a tail keeps its last 100 lines for filters.`);
    assert.match(screen.lines[1], /line 200$/);
    view.setFilter({ kind: 'text', text: 'line' });
    assert.equal(screen.lines.length, 102);
    assert.equal(screen.lines[1], `${MARKER_PREFIX}200 earlier lines are not shown again: a tail keeps its last 100 lines for filters.`);
    assert.match(screen.lines[2], /line 200$/);
    assert.match(screen.lines.at(-1)!, /line 299$/);
    assert.equal(view.keptLines().length, 100);
  });

  it('memory stays bounded however much passes through', () => {
    const screen = { append: () => undefined, replace: () => undefined, trim: () => undefined };
    const view = new TailView(screen, 1000);
    const chunk = `${Array.from({ length: 500 }, (_, k) => line(1, 'web.1', `x${k}`)).join('\n')}\n`;
    for (let i = 0; i < 2000; i++) view.append(chunk);
    const internals = view as unknown as { chunks: string[]; kept: number };
    assert.ok(internals.kept <= 1000 + 500, `${internals.kept} lines kept`);
    assert.ok(internals.chunks.filter((c) => c !== '').length <= 4, 'dropped chunks are released');
    assert.ok(internals.chunks.length <= 1030, 'the chunk list is compacted');
    assert.equal(view.dropped + internals.kept, 1_000_000);
  });

  it('the output stays bounded too: a tail left running all day shows at most 1.5 times its kept lines (issue #33)', () => {
    const screen = new Screen();
    let clock = 0;
    const view = new TailView(screen, 1000, () => clock);
    let appended = 0;
    let most = 0;
    for (let i = 0; i < 500; i++) {
      clock += BOUND_REDRAW_MS; // lines all day long, a bounding redraw allowed at each
      const before = screen.appends.length;
      view.append(`${Array.from({ length: 50 }, (_, k) => line(1, k % 2 ? 'web.1' : 'web.2', `r${i} n${k}`)).join('\n')}\n`);
      appended += screen.appends.length - before;
      most = Math.max(most, screen.lines.length);
    }
    assert.equal(appended, 500, 'every text reached the output');
    assert.ok(most <= OUTPUT_BOUND * 1000 + 1, `at most ${most} lines shown at once`);
    // The first at 1,500 lines shown, then every 500 (the kept 1,000 and the line saying so stay).
    assert.equal(screen.trims, 48, 'a redraw each time it reached 1.5 times the kept lines');
    assert.match(screen.lines.at(-1)!, /r499 n49$/);
    // Filtered, the bound counts what the output shows.
    view.setFilter({ kind: 'text', text: 'web.1' });
    for (let i = 0; i < 200; i++) {
      clock += BOUND_REDRAW_MS;
      view.append(`${line(1, 'web.1', `f${i}`)}\n${line(1, 'web.2', `g${i}`)}\n`);
    }
    assert.ok(screen.lines.length <= OUTPUT_BOUND * 1000 + 2, `${screen.lines.length} lines while filtered`);
  });

  it('a burst is bounded once, then at the first lines after it: each redraw reloads the Output view', () => {
    const screen = new Screen();
    let clock = 0;
    const view = new TailView(screen, 1000, () => clock);
    // 100,000 lines within a second, in chunks of 1,000.
    for (let i = 0; i < 100; i++) {
      view.append(`${Array.from({ length: 1000 }, (_, k) => line(1, 'web.1', `b${i * 1000 + k}`)).join('\n')}\n`);
      clock += 10;
    }
    assert.equal(screen.trims, 1, 'one redraw during the burst, when it first reached the bound');
    assert.match(screen.lines.at(-1)!, /b99999$/, 'the burst shows whole');
    // The first line after the burst, once the interval has passed: bounded again.
    clock += BOUND_REDRAW_MS;
    view.append(`${line(2, 'web.1', 'after the burst')}\n`);
    assert.equal(screen.trims, 2);
    assert.ok(screen.lines.length <= 1000 + 1, `${screen.lines.length} lines after the burst`);
    assert.match(screen.lines.at(-1)!, /after the burst$/);
  });

  it('clear() starts over, empty and unfiltered', () => {
    const screen = new Screen();
    const view = new TailView(screen);
    view.append(`${line(1, 'web.1', 'a')}\n`);
    view.setFilter({ kind: 'level', level: 'error' });
    view.clear();
    assert.equal(screen.text, '');
    assert.equal(view.filter, undefined);
    view.append(`${line(2, 'web.1', 'b')}\n`);
    assert.deepEqual(screen.lines, [line(2, 'web.1', 'b')]);
  });
});
