// The colours of the extension's icons, by meaning. Theme colours only, so every theme
// (high contrast included) keeps them readable.
import * as vscode from 'vscode';

const COLORS = {
  passed: 'testing.iconPassed',
  failed: 'testing.iconFailed',
  info: 'charts.blue',
  warning: 'list.warningForeground',
  muted: 'disabledForeground',
  warningBackground: 'statusBarItem.warningBackground',
} as const;

export type ColorName = keyof typeof COLORS;

export function themeColor(color: ColorName): vscode.ThemeColor {
  return new vscode.ThemeColor(COLORS[color]);
}

/** A codicon, in one of the colours above or the theme's default. */
export function icon(name: string, color?: ColorName): vscode.ThemeIcon {
  return new vscode.ThemeIcon(name, color ? themeColor(color) : undefined);
}
