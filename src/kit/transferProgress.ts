// A transfer's progress notification (a backup download, a dump upload): the bytes so far,
// the percentage when the size is known, the speed, and Cancel, which aborts the transfer.
import * as vscode from 'vscode';
import type { TransferProgress } from '../api';
import type { ServiceCore } from '../core';
import { byteSize } from '../format';
import { serviceNoticeOf } from './notices';

/** At most this often the notification's text changes: a transfer reports every 64 KB. */
const REPORT_EVERY_MS = 250;

/** "12.5 MB of 180.2 MB (7%) · 4.1 MB/s". */
export function transferText(p: TransferProgress, elapsedMs: number): string {
  const done = byteSize(p.bytes) ?? '0 B';
  const speed = elapsedMs > 0 ? byteSize((p.bytes * 1000) / elapsedMs) : undefined;
  const amount = p.total ? vscode.l10n.t('{0} of {1} ({2}%)', done, byteSize(p.total) ?? '0 B', Math.floor((p.bytes * 100) / p.total)) : done;
  return speed ? vscode.l10n.t('{0} · {1}/s', amount, speed) : amount;
}

/**
 * Runs `work` in a cancellable progress notification (named after the service). `work`
 * gets the listener to hand the transfer and the signal that Cancel aborts; after a
 * Cancel, `work`'s failure is the transfer's abort (the caller checks `signal.aborted`).
 */
export function withTransferProgress<T>(
  s: ServiceCore,
  title: string,
  service: string | undefined,
  work: (onProgress: (p: TransferProgress) => void, signal: AbortSignal) => Promise<T>,
): Promise<T> {
  return Promise.resolve(vscode.window.withProgress(
    { location: vscode.ProgressLocation.Notification, title: serviceNoticeOf(s, title, service), cancellable: true },
    async (progress, token) => {
      const abort = new AbortController();
      const cancelled = token.onCancellationRequested(() => abort.abort());
      const started = Date.now();
      let shownAt = 0;
      let shownPercent = 0;
      const onProgress = (p: TransferProgress): void => {
        const now = Date.now();
        const complete = p.total !== undefined && p.bytes >= p.total;
        if (now - shownAt < REPORT_EVERY_MS && !complete) return;
        shownAt = now;
        const percent = p.total ? Math.min(100, (p.bytes * 100) / p.total) : 0;
        progress.report({ message: transferText(p, now - started), increment: percent - shownPercent });
        shownPercent = percent;
      };
      try {
        return await work(onProgress, abort.signal);
      } finally {
        cancelled.dispose();
      }
    },
  ));
}
