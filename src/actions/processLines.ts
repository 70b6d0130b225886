// An app's process report as text for the model: a tool's answer about the app, after a start, stop or restart.
import * as vscode from 'vscode';
import type { ProcessSummary } from '../api';
import { clip } from '../format';

/** The process report as the model reads it: overall state, then each process type. */
export function processLines(report: ProcessSummary | undefined): string[] {
  if (!report || (!report.deployed && !report.types.length)) return [vscode.l10n.t('Processes: none — the app has never been deployed.')];
  const lines = [vscode.l10n.t('Process report (the true state of its containers): {0}.', report.state)];
  for (const t of report.types) {
    const up = t.instances.filter((i) => i.state === 'running').length;
    lines.push(vscode.l10n.t('- {0}: {1} of {2} running ({3})', t.type, up, t.instances.length, t.instances.map((i) => `${t.type}.${i.index} ${clip(i.detail, 80)}`).join('; ')));
  }
  return lines;
}
