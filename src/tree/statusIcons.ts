import type * as vscode from 'vscode';
import { icon as themeIcon, type ColorName } from '../theme';

type Look = [icon: string, color?: ColorName];

const LOOKS: Record<string, Record<string, Look>> = {
  app: {
    running: ['vm-running', 'passed'],
    // Some containers run, some exited (the process report's "mixed").
    mixed: ['vm-active', 'warning'],
    stopped: ['vm-outline', 'muted'],
    crashed: ['error', 'failed'],
    deploying: ['sync~spin', 'info'],
    sleeping: ['debug-pause', 'warning'],
    created: ['circle-large-outline', 'info'],
  },
  server: {
    connected: ['server', 'passed'],
    unreachable: ['server', 'failed'],
    auth_failed: ['lock', 'failed'],
    syncing: ['sync~spin', 'info'],
  },
  database: {
    running: ['database', 'passed'],
    stopped: ['database', 'muted'],
    creating: ['sync~spin', 'info'],
    error: ['database', 'failed'],
  },
};

const FALLBACK: Record<string, string> = { app: 'package', server: 'server', database: 'database' };

/** The coloured codicon for a resource kind in a status; unknown statuses get the plain icon. */
export function statusIcon(kind: 'app' | 'server' | 'database', status: string | undefined): vscode.ThemeIcon {
  const [icon, color] = LOOKS[kind][status ?? ''] ?? [FALLBACK[kind]];
  return themeIcon(icon, color);
}
