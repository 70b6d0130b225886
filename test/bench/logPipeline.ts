// Log pipeline: lines per second through overlap detection and the output sink,
// against a raw line split, and peak memory over 1,000,000 lines. Plain Node; each
// mode in a fresh process (see logPipelineWorker.ts for what is timed).
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { bundleRunner } from './hostRun';
import type { Mode, PipelineSample } from './logPipelineWorker';
import type { Section } from './report';
import { bytes, perSecond, ratio, summarize } from './stats';

/** Each mode runs this many times (fresh process each); the median run is reported. */
const REPEATS = 3;

export async function measureLogPipeline(workDir: string): Promise<Section> {
  const worker = await bundleRunner(join(__dirname, 'logPipelineWorker.ts'), join(workDir, 'runners', 'logPipelineWorker.js'));
  const run = (mode: Mode): PipelineSample[] =>
    Array.from({ length: REPEATS }, () => JSON.parse(execFileSync(process.execPath, ['--expose-gc', worker, mode], { encoding: 'utf8' })) as PipelineSample);
  const base = run('split');
  const overlap = run('overlap');
  const pipeline = run('pipeline');
  const rate = (s: PipelineSample[]) => summarize(s.map((x) => x.linesPerSecond)).median;
  const heap = (s: PipelineSample[]) => summarize(s.map((x) => x.peakHeapBytes)).median;
  const rss = (s: PipelineSample[]) => summarize(s.map((x) => x.maxRssBytes)).median;
  const baseline = `${perSecond(rate(base))} (split)`;
  return {
    title: 'Log pipeline',
    intro:
      '1,000,000 distinct timestamped lines (~90 characters) arriving as 2,000 polled windows of 1,000 lines, 500 new per poll (a busy tail). ' +
      'Baseline: `text.split("\\n")` with the new lines appended in one piece, as if their position were known. AppHost: the same split, then `WindowTracker`/`alignWindows` (what is new), then `OutputBatcher` (≤ 64 Ki characters per append, one chunk per event-loop turn) into a counting sink. ' +
      `Plain Node ${process.version}, each mode in a fresh process, median of ${REPEATS}; only processing is timed (window text is built before the clock starts).`,
    rows: [
      { figure: 'lines/s: overlap detection', value: perSecond(rate(overlap)), baseline, ratio: ratio(rate(overlap), rate(base)), how: 'split + WindowTracker.accept' },
      { figure: 'lines/s: overlap detection + output sink', value: perSecond(rate(pipeline)), baseline, ratio: ratio(rate(pipeline), rate(base)), how: '+ OutputBatcher, awaiting its flush after every poll' },
      { figure: 'peak heap over 1,000,000 lines', value: bytes(heap(pipeline)), baseline: bytes(heap(base)), ratio: ratio(heap(pipeline), heap(base)), how: 'highest heapUsed sampled after each poll, above the heap at start (after a full GC)' },
      { figure: 'peak RSS of the process', value: bytes(rss(pipeline)), baseline: bytes(rss(base)), ratio: ratio(rss(pipeline), rss(base)), how: 'process.resourceUsage().maxRSS' },
    ],
  };
}
