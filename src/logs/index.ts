// Public surface of the log tailing core (no `vscode` import). See README.md.

export { LogTail, StreamEndedError, type LogTailOptions, type TailState, type TailStateChange, type TailTransport } from './logTail';
export { apiLogSource, type LogSource } from './logSource';
export { OutputBatcher, type BatcherOptions, type LogSink } from './batcher';
export { AdaptiveInterval, PollCoordinator, type BudgetView, type CoordinatorOptions, type IntervalOptions, type PollSlot } from './pollSchedule';
export { WindowTracker, type WindowTrackerOptions } from './windowTracker';
export { ContainerTracker, type PollResult } from './containerTracker';
export { compareTimes, containerLabel, containerOf, messageStart, parseLine, sanitizeLine, type LineTime, type ParsedLine } from './logLine';
export { alignWindows, type Alignment, type AlignmentKind, type PolledWindow, type ShownTail } from './overlap';
export { MARKER_PREFIX, englishMarkerTexts, isMarker, markerLines, markers, type MarkerLines, type MarkerTexts, type StopReason } from './markers';
export { Emitter, type Disposable } from './clock';
export { findFrames, type StackFrame } from './stackFrames';
export { DEFAULT_SOURCE_ROOTS, folderPathOf, readSourceRoots, type SourceRoots } from './sourceRoots';
export { levelOf, type LineLevel } from './logLevel';
export { describeFilter, lineMatcher, parseContainerGlobs, parseRegex, type TailFilter } from './tailFilter';
export { KEPT_LINES, OUTPUT_BOUND, BOUND_REDRAW_MS, TailView, withoutTimestamp, type RedrawableSink } from './tailView';
export { diagnosisPrompt, LOG_EXCERPT_CHARS, logExcerptForModel, type FailedDeployFacts } from './diagnosisPrompt';
export { buildFailure } from './buildFailure';
