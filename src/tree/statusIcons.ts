import * as vscode from 'vscode';

type Look = [icon: string, color?: string];

// Colours are theme colours, so every theme (and high contrast) stays readable.
const GREEN = 'testing.iconPassed';
const RED = 'testing.iconFailed';
const YELLOW = 'list.warningForeground';
const BLUE = 'charts.blue';
const GREY = 'disabledForeground';

const LOOKS: Record<string, Record<string, Look>> = {
  app: {
    running: ['vm-running', GREEN],
    // Some containers run, some exited (the process report's "mixed").
    mixed: ['vm-active', YELLOW],
    stopped: ['vm-outline', GREY],
    crashed: ['error', RED],
    deploying: ['sync~spin', BLUE],
    sleeping: ['debug-pause', YELLOW],
    created: ['circle-large-outline', BLUE],
  },
  server: {
    connected: ['server', GREEN],
    unreachable: ['server', RED],
    auth_failed: ['lock', RED],
    syncing: ['sync~spin', BLUE],
  },
  database: {
    running: ['database', GREEN],
    stopped: ['database', GREY],
    creating: ['sync~spin', BLUE],
    error: ['database', RED],
  },
};

const FALLBACK: Record<string, string> = { app: 'package', server: 'server', database: 'database' };

/** The coloured codicon for a resource kind in a status; unknown statuses get the plain icon. */
export function statusIcon(kind: 'app' | 'server' | 'database', status: string | undefined): vscode.ThemeIcon {
  const [icon, color] = LOOKS[kind][status ?? ''] ?? [FALLBACK[kind]];
  return new vscode.ThemeIcon(icon, color ? new vscode.ThemeColor(color) : undefined);
}
