// Marker lines take their words from MarkerTexts, so the extension can localize
// them while the engine stays free of vscode.
import { strict as assert } from 'node:assert';
import { englishMarkerTexts, LogTail, type LogSource, MARKER_PREFIX, markerLines, type MarkerTexts, OutputBatcher } from '../../../src/logs';
import { CaptureSink } from './helpers';
import { FakeClock } from '../../support/fakeClock';

const shouting: MarkerTexts = {
  ...englishMarkerTexts,
  skipped: (count) => `${count} LINES SKIPPED`,
  stopped: { ...englishMarkerTexts.stopped, user: 'STOPPED' },
};

describe('logs: marker words', () => {
  it('a tail writes its stop line in the words it was given, after the usual prefix', async () => {
    const clock = new FakeClock();
    const sink = new CaptureSink();
    const source: LogSource = { window: async () => ['a line'], follow: async () => { throw new Error('unused'); } };
    const tail = new LogTail({ source, sink, clock, mode: 'poll', markerTexts: shouting }).start();
    await clock.advance(100);
    const stopped = tail.stop();
    await clock.advance(100);
    await stopped;
    assert.deepEqual(sink.all, ['a line', `${MARKER_PREFIX}STOPPED`]);
  });

  it('the batcher says how many lines it dropped in the words it was given', async () => {
    const clock = new FakeClock();
    const sink = new CaptureSink();
    const batcher = new OutputBatcher(sink, { clock, maxChunkChars: 10, maxPendingChars: 20, markers: markerLines(shouting) });
    batcher.pushLines(Array.from({ length: 10 }, (_, i) => `line ${i}`));
    const done = batcher.flush();
    await clock.advance(1000);
    await done;
    assert.match(sink.all[0], /^… \d+ LINES SKIPPED$/);
  });
});
