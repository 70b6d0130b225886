// The lines the engine writes into the log output itself, so that what the user
// reads is honest: where lines may be missing, when the connection dropped and
// came back, and why a tail stopped. All start with MARKER_PREFIX, which the
// output channel's grammar can colour. The words come from MarkerTexts: English
// here (this core has no vscode import), localized by the extension.

export const MARKER_PREFIX = '… ';

export type StopReason = 'user' | 'unauthorized' | 'forbidden' | 'notFound' | 'disposed';

/** The words of each marker line, without the prefix. */
export interface MarkerTexts {
  gap(windowLines: number): string;
  /** Lines of one container (`web.2`) may be missing: the others are complete. */
  containerGap(container: string, windowLines: number): string;
  uncertain(): string;
  containerUncertain(container: string): string;
  /**
   * Containers replaced since the last read (`web.1, web.2`): their new lines are all here, but
   * what the old ones wrote after the last read is gone with them (the service keeps no log
   * of a replaced container), so the marker says lines may be missing.
   */
  newContainers(containers: string): string;
  /** The app has no containers yet; the tail checks again now and then. */
  notDeployed(): string;
  /** The app waited for was deployed: its lines follow. */
  deployed(): string;
  skipped(count: number): string;
  reconnecting(detail: string): string;
  reconnected(): string;
  resumed(): string;
  signedInAgain(): string;
  stopped: Record<StopReason, string>;
}

export const englishMarkerTexts: MarkerTexts = {
  gap: (windowLines) => `lines may have been missed here (more than ${windowLines} new lines since the last read); reading more lines from now on`,
  containerGap: (container, windowLines) =>
    `lines of ${container} may have been missed here (more than ${windowLines} new lines of it since the last read); reading more lines from now on`,
  uncertain: () => 'some repeated identical lines may have been missed here',
  containerUncertain: (container) => `some repeated identical lines of ${container} may have been missed here`,
  newContainers: (containers) => `new containers (restart or deploy): ${containers}; lines the old ones wrote after the last read may have been missed`,
  notDeployed: () => 'this app has not been deployed yet: its lines will show here after the first deploy (checking about once a minute)',
  deployed: () => 'the app has been deployed: following its lines',
  skipped: (count) => `${count} lines skipped: the output could not keep up`,
  reconnecting: (detail) => `connection lost (${detail}); reconnecting…`,
  reconnected: () => 'reconnected',
  resumed: () => 'resuming',
  signedInAgain: () => 'signed in again: resuming',
  stopped: {
    user: 'stopped tailing',
    unauthorized: 'stopped tailing: not signed in, or the session expired; sign in again to resume',
    forbidden: 'stopped tailing: not authorized to read these logs',
    notFound: 'stopped tailing: the app no longer exists',
    disposed: 'stopped tailing',
  },
};

/** Whole marker lines in the given words. */
export function markerLines(texts: MarkerTexts = englishMarkerTexts) {
  const line = (text: string) => `${MARKER_PREFIX}${text}`;
  return {
    gap: (windowLines: number) => line(texts.gap(windowLines)),
    containerGap: (container: string, windowLines: number) => line(texts.containerGap(container, windowLines)),
    uncertain: () => line(texts.uncertain()),
    containerUncertain: (container: string) => line(texts.containerUncertain(container)),
    newContainers: (containers: string) => line(texts.newContainers(containers)),
    notDeployed: () => line(texts.notDeployed()),
    deployed: () => line(texts.deployed()),
    skipped: (count: number) => line(texts.skipped(count)),
    reconnecting: (detail: string) => line(texts.reconnecting(detail)),
    reconnected: () => line(texts.reconnected()),
    resumed: () => line(texts.resumed()),
    signedInAgain: () => line(texts.signedInAgain()),
    stopped: (reason: StopReason, detail?: string) => line(`${texts.stopped[reason]}${detail ? ` (${detail})` : ''}`),
  };
}

export type MarkerLines = ReturnType<typeof markerLines>;

/** English marker lines (tests, and callers that are not localized). */
export const markers: MarkerLines = markerLines();

export function isMarker(line: string): boolean {
  return line.startsWith(MARKER_PREFIX);
}
