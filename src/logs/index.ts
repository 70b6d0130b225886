// Public surface of the log tailing core (no `vscode` import). See README.md.

export { LogTail, StreamEndedError, type LogTailOptions, type TailState, type TailStateChange, type TailTransport } from './logTail';
export { apiLogSource, type LogSource } from './logSource';
export { OutputBatcher, type BatcherOptions, type LogSink } from './batcher';
export { AdaptiveInterval, PollCoordinator, type BudgetView, type CoordinatorOptions, type IntervalOptions, type PollSlot } from './pollSchedule';
export { WindowTracker, type WindowTrackerOptions } from './windowTracker';
export { ContainerTracker, type PollResult } from './containerTracker';
export { compareTimes, containerLabel, parseLine, sanitizeLine, type LineTime, type ParsedLine } from './logLine';
export { alignWindows, type Alignment, type AlignmentKind, type PolledWindow, type ShownTail } from './overlap';
export { MARKER_PREFIX, englishMarkerTexts, isMarker, markerLines, markers, type MarkerLines, type MarkerTexts, type StopReason } from './markers';
export { Emitter, type Disposable } from './clock';
