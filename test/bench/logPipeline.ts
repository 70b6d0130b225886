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
  const containersBase = run('containers-split');
  const containers = run('containers');
  const containersView = run('containers-view');
  const worst = (s: PipelineSample[], key: 'duplicates' | 'missing') => Math.max(...s.map((x) => x[key] ?? 0));
  const rate = (s: PipelineSample[]) => summarize(s.map((x) => x.linesPerSecond)).median;
  const heap = (s: PipelineSample[]) => summarize(s.map((x) => x.peakHeapBytes)).median;
  const rss = (s: PipelineSample[]) => summarize(s.map((x) => x.maxRssBytes)).median;
  const baseline = `${perSecond(rate(base))} (split)`;
  return {
    title: 'Log pipeline',
    intro:
      '1,000,000 distinct timestamped lines (~90 characters) arriving as 2,000 polled windows of 1,000 lines, 500 new per poll (a busy tail). ' +
      'Baseline: `text.split("\\n")` with the new lines appended in one piece, as if their position were known. AppHost: the same split, then `ContainerTracker`/`alignWindows` (what is new), then `OutputBatcher` (≤ 64 Ki characters per append, one chunk per event-loop turn) into a counting sink. ' +
      'Multi-container (the real service\'s form): 3 containers (web.1, web.2, worker.1), 100,000 lines each, every window the last 1,000 lines of each container with colour escape codes, blocks in a shuffled order, 500 new lines per container per poll, the two web containers printing the same messages in the same second; baseline: split, escapes stripped, each block\'s new lines appended by an oracle. ' +
      `Plain Node ${process.version}, each mode in a fresh process, median of ${REPEATS}; only processing is timed (window text is built before the clock starts).`,
    rows: [
      { figure: 'lines/s: overlap detection', value: perSecond(rate(overlap)), baseline, ratio: ratio(rate(overlap), rate(base)), how: 'split + ContainerTracker.accept' },
      { figure: 'lines/s: overlap detection + output sink', value: perSecond(rate(pipeline)), baseline, ratio: ratio(rate(pipeline), rate(base)), how: '+ OutputBatcher, awaiting its flush after every poll' },
      { figure: 'lines/s: 3 containers, shuffled blocks (+ output sink)', value: perSecond(rate(containers)), baseline: `${perSecond(rate(containersBase))} (oracle)`, ratio: ratio(rate(containers), rate(containersBase)), how: 'ContainerTracker: strip escapes, group by container, align each, merge by time; + OutputBatcher' },
      { figure: 'lines/s: 3 containers + tail view', value: perSecond(rate(containersView)), baseline: `${perSecond(rate(containers))} (without)`, ratio: ratio(rate(containersView), rate(containers)), how: 'the same, with the TailView that keeps the last 20,000 lines for filters between the batcher and the sink' },
      { figure: 'lines shown twice / never, 3 containers', value: `${worst(containers, 'duplicates')} / ${worst(containers, 'missing')}`, baseline: '0 / 0', ratio: '—', how: 'every line of the 300,000 counted in the sink (worst of the runs)' },
      { figure: 'peak heap over 1,000,000 lines', value: bytes(heap(pipeline)), baseline: bytes(heap(base)), ratio: ratio(heap(pipeline), heap(base)), how: 'highest heapUsed sampled after each poll, above the heap at start (after a full GC)' },
      { figure: 'peak RSS of the process', value: bytes(rss(pipeline)), baseline: bytes(rss(base)), ratio: ratio(rss(pipeline), rss(base)), how: 'process.resourceUsage().maxRSS' },
    ],
  };
}
