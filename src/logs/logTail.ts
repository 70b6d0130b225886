// The tail engine for one app: shows the last `initialLines` lines, then follows,
// through the server's stream when it offers one (`?follow=1`), by polling
// otherwise. Every reconnect (stream) and every poll re-reads a window and aligns
// it with what was shown (WindowTracker), so nothing is printed twice and a
// possible loss is marked in the output. Failures retry with backoff behind a
// visible "reconnecting…" line; 401/403/404 stop the tail with a reason.
//
// States: starting → live ⇄ reconnecting → stopped, and `waiting` while the app
// has never been deployed (no containers, no logs: a state, not a lost connection;
// checked again about once a minute, or at once through checkNow()). A tail never
// ends by itself except for those three fatal answers. A stopped tail may be resumed (after
// signing in again): same output, same remembered window, so nothing repeats.

import { ApiError, isNotDeployed } from '../api';
import { OutputBatcher, type BatcherOptions, type LogSink } from './batcher';
import { sleep, systemClock, type Clock } from '../api/clock';
import { Emitter } from './clock';
import type { LogSource } from './logSource';
import { type MarkerLines, markerLines, type MarkerTexts, type StopReason } from './markers';
import { readStream } from './streamBacklog';
import { AdaptiveInterval, type IntervalOptions, PollCoordinator, type PollSlot } from './pollSchedule';
import { ContainerTracker, type PollResult } from './containerTracker';
import { containerLabel, parseLine } from './logLine';
import type { WindowTrackerOptions } from './windowTracker';

export type TailState = 'starting' | 'live' | 'reconnecting' | 'waiting' | 'stopped';
/** How the tail follows: not known until the first answer, then `stream` or `poll`. */
export type TailTransport = 'unknown' | 'stream' | 'poll';

export interface TailStateChange {
  state: TailState;
  /** Set when state is `stopped`. */
  reason?: StopReason;
  /** The failure behind `reconnecting`, or behind a fatal stop. */
  error?: unknown;
}

export interface LogTailOptions {
  source: LogSource;
  /** Receives the output (batched); `vscode.OutputChannel` fits. */
  sink: LogSink;
  /** Shared by every tail of a connection so they split the request budget fairly. */
  coordinator?: PollCoordinator;
  clock?: Clock;
  /** Lines shown when the tail starts (`apphost.logs.initialLines`, default 100). */
  initialLines?: number;
  /** Window sizes while polling (default 100..1000). */
  window?: WindowTrackerOptions;
  /** `auto` (default) tries the stream first; `poll` never asks for one. */
  mode?: 'auto' | 'poll';
  interval?: IntervalOptions;
  /** How often a never-deployed app is checked again (default 60 s). */
  notDeployedMs?: number;
  /** A stream silent this long is reopened (default 120 s). */
  streamIdleMs?: number;
  /** After (re)connecting a stream, how long the backlog may take to arrive (default 250 ms). */
  resyncMs?: number;
  /** Backoff between failed attempts (default 1 s doubling up to 30 s, jittered). */
  retry?: { baseMs?: number; maxMs?: number };
  batch?: Omit<BatcherOptions, 'clock' | 'markers'>;
  /** The words of marker lines (default English; the extension passes localized ones). */
  markerTexts?: MarkerTexts;
  random?: () => number;
}

/** A tail starting on an app whose newest line is older than this polls at the quiet pace. */
const IDLE_AFTER_MS = 60_000;

/** The server closed a stream without being asked to. */
export class StreamEndedError extends Error {
  override readonly name = 'StreamEndedError';
  constructor() {
    super('the server closed the log stream');
  }
}

/** One run of the follow loop, from start() or resume() to its stop. */
interface Run {
  readonly abort: AbortController;
  loop?: Promise<void>;
  stopping?: Promise<void>;
}

export class LogTail {
  private readonly source: LogSource;
  private readonly clock: Clock;
  private readonly batcher: OutputBatcher;
  private readonly markers: MarkerLines;
  private readonly tracker: ContainerTracker;
  private readonly interval: AdaptiveInterval;
  private readonly coordinator: PollCoordinator;
  // A resumed tail gets a new run; the old loop only ever checks its own.
  private current: Run = { abort: new AbortController() };
  private readonly stateChanged = new Emitter<TailStateChange>();
  private readonly opts: Required<Pick<LogTailOptions, 'initialLines' | 'mode' | 'streamIdleMs' | 'resyncMs' | 'random' | 'notDeployedMs'>> & {
    retryBaseMs: number;
    retryMaxMs: number;
  };
  private currentState: TailState = 'starting';
  private mode: TailTransport = 'unknown';
  private slot?: PollSlot;
  private failures = 0;
  /** The first read after resume() asks for the largest window: the tail was away a while. */
  private catchUp = false;
  private reason?: StopReason;
  private error?: unknown;
  private received = 0;
  /** Ends the current wait for a deploy early (checkNow). */
  private wake?: AbortController;

  /** Fires on every state change; the UI updates the tree flag and offers sign-in on `unauthorized`. */
  readonly onDidChangeState = this.stateChanged.event;

  constructor(options: LogTailOptions) {
    this.source = options.source;
    this.clock = options.clock ?? systemClock;
    this.markers = markerLines(options.markerTexts);
    this.batcher = new OutputBatcher(options.sink, { ...options.batch, clock: this.clock, markers: this.markers });
    this.tracker = new ContainerTracker(options.window);
    this.interval = new AdaptiveInterval(options.interval);
    this.coordinator = options.coordinator ?? new PollCoordinator();
    this.opts = {
      initialLines: Math.max(1, Math.floor(options.initialLines ?? 100)),
      mode: options.mode ?? 'auto',
      streamIdleMs: options.streamIdleMs ?? 120_000,
      notDeployedMs: options.notDeployedMs ?? 60_000,
      resyncMs: options.resyncMs ?? 250,
      random: options.random ?? Math.random,
      retryBaseMs: options.retry?.baseMs ?? 1_000,
      retryMaxMs: options.retry?.maxMs ?? 30_000,
    };
  }

  get state(): TailState {
    return this.currentState;
  }

  get transport(): TailTransport {
    return this.mode;
  }

  /** Why the tail stopped (set once `state` is `stopped`). */
  get stopReason(): StopReason | undefined {
    return this.reason;
  }

  /** The last failure (while `reconnecting`, or the one that stopped the tail). */
  get lastError(): unknown {
    return this.error;
  }

  /** Lines written to the sink so far (markers excluded). */
  get linesReceived(): number {
    return this.received;
  }

  /** Lines the next poll or reconnect asks for. */
  get windowSize(): number {
    return this.tracker.windowSize;
  }

  /** A tail waiting for the app's first deploy looks again now (a deploy of the app was seen). */
  checkNow(): void {
    this.wake?.abort();
  }

  /** Starts following (idempotent; a stopped tail restarts only through resume()). */
  start(): this {
    this.current.loop ??= this.run(this.current);
    return this;
  }

  /** Stops, writes a closing marker, flushes the output. Safe to call more than once. */
  stop(reason: StopReason = 'user', error?: unknown): Promise<void> {
    const run = this.current;
    run.stopping ??= (async () => {
      this.reason = reason;
      if (error !== undefined) this.error = error;
      run.abort.abort();
      this.slot?.leave();
      this.batcher.pushMarker(this.markers.stopped(reason, error === undefined ? undefined : describe(error)));
      this.setState('stopped');
      await this.batcher.close();
    })();
    return run.stopping;
  }

  /**
   * Follows again after a stop, into the same output: the first read is aligned with
   * the window remembered before the stop, so no line is printed twice, and lines
   * lost meanwhile get the usual gap marker. `note` is written first. False when the
   * tail was not stopped.
   */
  resume(note: string = this.markers.resumed()): boolean {
    if (this.currentState !== 'stopped') return false;
    const run: Run = { abort: new AbortController() };
    this.current = run;
    this.reason = undefined;
    this.error = undefined;
    this.failures = 0;
    this.slot = undefined;
    this.catchUp = this.tracker.started;
    this.batcher.reopen();
    this.batcher.pushMarker(note);
    this.setState('starting');
    run.loop = this.run(run);
    return true;
  }

  /** Resolves once the tail has stopped and its loop has ended. */
  async whenStopped(): Promise<void> {
    await this.current.loop;
    await this.current.stopping;
  }

  private async run(run: Run): Promise<void> {
    const { signal } = run.abort;
    let delay = 0;
    while (!signal.aborted) {
      try {
        if (this.opts.mode === 'auto' && this.mode !== 'poll') {
          const transport = await this.followOnce(signal);
          if (transport === 'poll' && !signal.aborted) delay = this.nextPollDelay();
          continue;
        }
        if (delay > 0) await sleep(this.clock, delay, signal);
        if (signal.aborted) break;
        await this.pollOnce(signal);
        if (signal.aborted) break;
        delay = this.nextPollDelay();
      } catch (e) {
        if (signal.aborted) break;
        const fatal = fatalReason(e);
        if (fatal) {
          await this.stop(fatal, e);
          break;
        }
        if (isNotDeployed(e)) {
          await this.waitForDeploy(e, signal);
          delay = 0;
          continue;
        }
        if (this.mode !== 'poll' && followUnsupported(e)) {
          this.mode = 'poll';
          continue;
        }
        this.failed(e);
        await sleep(this.clock, this.backoffMs(e), signal);
        delay = 0;
      }
    }
  }

  /** Lines the next read asks for. */
  private nextRequest(): number {
    if (!this.tracker.started) return this.opts.initialLines;
    return this.catchUp ? this.tracker.maxLines : this.tracker.windowSize;
  }

  private async pollOnce(signal: AbortSignal): Promise<void> {
    const requested = this.nextRequest();
    const lines = await this.source.window(requested, signal);
    if (!signal.aborted) this.acceptWindow(lines, requested);
  }

  private nextPollDelay(): number {
    this.slot ??= this.coordinator.join(this.interval.desiredMs);
    return this.slot.delayMs(this.interval.desiredMs);
  }

  /** One stream connection, until it ends; 'poll' when the server turned out to have no stream. */
  private async followOnce(signal: AbortSignal): Promise<TailTransport> {
    const requested = this.nextRequest();
    const follow = await this.source.follow(requested, this.opts.streamIdleMs, signal);
    if (!follow.streaming) {
      this.mode = 'poll';
      const lines: string[] = [];
      for await (const batch of follow.batches) for (const l of batch) lines.push(l);
      if (!signal.aborted) this.acceptWindow(lines, requested);
      return 'poll';
    }
    this.mode = 'stream';
    this.slot?.leave();
    this.slot = undefined;
    await readStream(follow, requested, this.opts.resyncMs, this.clock, {
      onWindow: (lines) => this.acceptWindow(lines, requested),
      onLines: (lines) => this.write(this.tracker.appendContinuous(lines)),
      isStopped: () => signal.aborted,
    });
    if (signal.aborted || follow.endReason === 'idle') return 'stream'; // a quiet app: reopen at once
    throw new StreamEndedError();
  }

  private acceptWindow(lines: readonly string[], requested: number): void {
    const result = this.tracker.accept(lines, requested);
    this.catchUp = false;
    this.succeeded();
    for (const marker of this.markersFor(result, requested)) this.batcher.pushMarker(marker);
    this.write(result.fresh);
    // The first window is history, not activity: an app whose last line is old is polled
    // at the quiet pace at once (a new line still shows within quietMs).
    if (result.initial && this.idleSince(result.fresh)) this.interval.quiet();
    else this.interval.record(result.fresh.length);
  }

  /** The newest line is older than a minute by this machine's clock (no timestamps: not known, so not idle). */
  private idleSince(lines: readonly string[]): boolean {
    if (lines.length === 0) return true;
    const newest = parseLine(lines[lines.length - 1]).time;
    return !!newest && this.clock.now() - newest.seconds * 1000 > IDLE_AFTER_MS;
  }

  /** One line per kind of event in this window, naming the containers when there are several. */
  private markersFor(result: PollResult, requested: number): string[] {
    const out: string[] = [];
    // An app with one container needs no names: the plain words say it.
    const several = this.tracker.containerNames.length > 1;
    const named = (keys: string[]) => (several ? keys.filter((k) => k !== '' && k !== '*').map(containerLabel).sort() : []);
    if (result.replaced.length) out.push(this.markers.newContainers(result.replaced.map(containerLabel).sort().join(', ')));
    const gaps = named(result.gaps);
    if (result.gaps.length) out.push(gaps.length === result.gaps.length ? this.markers.containerGap(gaps.join(', '), requested) : this.markers.gap(requested));
    const uncertain = named(result.uncertain);
    if (result.uncertain.length) out.push(uncertain.length === result.uncertain.length ? this.markers.containerUncertain(uncertain.join(', ')) : this.markers.uncertain());
    return out;
  }

  /** The app has never been deployed: say so once, then look again now and then. */
  private async waitForDeploy(e: unknown, signal: AbortSignal): Promise<void> {
    if (this.currentState !== 'waiting') {
      this.failures = 0;
      this.error = e;
      this.batcher.pushMarker(this.markers.notDeployed());
      this.setState('waiting', e);
    }
    const wake = new AbortController();
    this.wake = wake;
    await sleep(this.clock, this.opts.notDeployedMs, AbortSignal.any([signal, wake.signal]));
    this.wake = undefined;
  }

  private write(lines: readonly string[]): void {
    this.received += lines.length;
    this.batcher.pushLines(lines);
  }

  private succeeded(): void {
    if (this.currentState === 'waiting') this.batcher.pushMarker(this.markers.deployed());
    else if (this.failures > 0) this.batcher.pushMarker(this.markers.reconnected());
    this.failures = 0;
    this.error = undefined;
    this.setState('live');
  }

  private failed(e: unknown): void {
    this.failures++;
    this.error = e;
    // One line per outage, not one per attempt.
    if (this.failures === 1) this.batcher.pushMarker(this.markers.reconnecting(describe(e)));
    this.setState('reconnecting', e);
  }

  private backoffMs(e: unknown): number {
    const step = Math.min(this.opts.retryMaxMs, this.opts.retryBaseMs * 2 ** Math.min(20, this.failures - 1));
    const jittered = Math.floor(step / 2 + this.opts.random() * (step / 2));
    return Math.max(jittered, e instanceof ApiError ? (e.retryAfterMs ?? 0) : 0);
  }

  private setState(state: TailState, error?: unknown): void {
    if (this.currentState === state) return;
    this.currentState = state;
    this.stateChanged.fire({ state, reason: state === 'stopped' ? this.reason : undefined, error: error ?? this.error });
  }
}

/** Answers that retrying cannot fix. */
function fatalReason(e: unknown): StopReason | undefined {
  if (!(e instanceof ApiError)) return undefined;
  if (e.status === 401) return 'unauthorized';
  if (e.status === 403) return 'forbidden';
  if (e.status === 404) return 'notFound';
  return undefined;
}

/** A deployment that rejects `?follow=1` outright: poll instead. */
function followUnsupported(e: unknown): boolean {
  return e instanceof ApiError && [400, 405, 406, 415, 501].includes(e.status);
}

function describe(e: unknown): string {
  if (e instanceof ApiError) return `${e.status}: ${e.message}`;
  return e instanceof Error ? e.message : String(e);
}
