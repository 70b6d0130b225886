// Read tool: the app's recent logs, as the log tail shows them (per container, merged by
// time, escape codes removed), in one request, bounded by lines and characters.
import * as vscode from 'vscode';
import { ContainerTracker, containerLabel, parseLine } from '../logs';
import { type AppInput, resolveApp } from './appInput';
import { appOutputScrub } from './appOutput';
import { callOptions, type ReadTool, tailText } from './toolBase';
import { clip } from '../format';

export interface LogsInput extends AppInput {
  readonly lines?: number;
  /** A container (`web.1`) or a process type (`web`). */
  readonly container?: string;
  /** Lines containing this text (case-insensitive). */
  readonly filter?: string;
}

export const DEFAULT_LOG_LINES = 200;
export const MAX_LOG_LINES = 1000;
/** The answer's size at most, whatever the lines' length. */
const MAX_LOG_CHARS = 60_000;

export const recentLogs: ReadTool<LogsInput> = {
  name: 'apphost_get_logs',
  kind: 'read',
  progress: (input) => (input.app ? vscode.l10n.t('Reading the logs of {0}…', input.app) : vscode.l10n.t('Reading the logs of the linked app…')),
  reads: async (input, ctx) => ({ app: await resolveApp(ctx, input), what: vscode.l10n.t('its last {0} log lines', linesWanted(input)) }),
  async run(input, ctx) {
    const app = await resolveApp(ctx, input);
    const wanted = linesWanted(input);
    const [read, scrub] = await Promise.all([ctx.s.connections.of(app.service).api().logs.get(app.id, { lines: wanted }, callOptions(ctx, app)), appOutputScrub(ctx, app)]);
    if (!read.lines.length) return vscode.l10n.t('{0} has no log lines yet.', app.name);
    // The service answers with the last N lines of each container: aligned and merged by time like a tail's first read.
    // Scrubbed before the filter, so a filter cannot tell whether a masked value is there.
    const merged = new ContainerTracker().accept(read.lines, wanted).fresh.map(scrub);
    const containers = [...new Set(merged.map((l) => parseLine(l).container).filter(Boolean))].map(containerLabel).sort();
    const container = input.container?.trim();
    const filter = input.filter?.trim().toLowerCase();
    const matching = merged.filter((line) => {
      const label = containerLabel(parseLine(line).container);
      if (container && label !== container && !label.startsWith(`${container}.`)) return false;
      return !filter || line.toLowerCase().includes(filter);
    });
    const shown = matching.slice(-wanted);
    const header = [
      vscode.l10n.t('Logs of {0}: the last {1} of {2} lines read (the service gives the last {3} lines of each container).', app.name, shown.length, merged.length, wanted),
      containers.length ? vscode.l10n.t('Containers: {0}.', containers.join(', ')) : vscode.l10n.t('The lines name no container.'),
      container || filter ? vscode.l10n.t('Only lines {0}{1}.', container ? vscode.l10n.t('of container {0}', container) : '', filter ? vscode.l10n.t(' containing "{0}"', input.filter?.trim() ?? '') : '') : '',
      span(shown),
    ].filter(Boolean);
    if (!shown.length) return [...header, vscode.l10n.t('No line matches.')].join('\n');
    return `${header.join('\n')}\n\n${tailText(shown.map((l) => clip(l, 1000)).join('\n'), MAX_LOG_CHARS)}`;
  },
};

/** The lines asked for, within bounds. */
function linesWanted(input: LogsInput): number {
  return Math.max(1, Math.min(MAX_LOG_LINES, Math.floor(Number(input.lines) || DEFAULT_LOG_LINES)));
}

/** "From … to …" of the timestamped lines. */
function span(lines: string[]): string {
  const stamps = lines.map((l) => /^(\d{4}-\d\d-\d\dT\S+)/.exec(l)?.[1]).filter((t): t is string => !!t);
  if (!stamps.length) return '';
  return vscode.l10n.t('They span {0} to {1}.', stamps[0], stamps[stamps.length - 1]);
}
