// Problems found in an editor document, positioned so the VS Code layer can turn
// each one into a Diagnostic (`new Range(line, column, line, endColumn)`) and a
// save-blocking message names the line ("Line 3: ...").

export type ProblemSeverity = 'error' | 'warning';

export interface TextProblem {
  /** 0-based line, as in a VS Code `Position`. */
  line: number;
  /** 0-based start column on `line`. */
  column: number;
  /** 0-based end column (exclusive) on `line`; equals `column` for a point. */
  endColumn: number;
  message: string;
  /** Errors block the save; warnings are only shown. */
  severity: ProblemSeverity;
}

/** Line and column (both 0-based) of a character offset in `text`. */
export function positionAt(text: string, offset: number): { line: number; column: number } {
  let line = 0;
  let lineStart = 0;
  for (let i = text.indexOf('\n'); i !== -1 && i < offset; i = text.indexOf('\n', i + 1)) {
    line++;
    lineStart = i + 1;
  }
  return { line, column: offset - lineStart };
}

/**
 * A problem covering `text.slice(start, end)`. A span that runs over a line break
 * is cut at the end of its first line (diagnostics on the opening line read best).
 */
export function problemAt(
  text: string, start: number, end: number, message: string, severity: ProblemSeverity = 'error',
): TextProblem {
  const { line, column } = positionAt(text, start);
  const lineEnd = text.indexOf('\n', start);
  const stop = lineEnd === -1 ? end : Math.min(end, lineEnd);
  return { line, column, endColumn: column + Math.max(0, stop - start), message, severity };
}

export function hasErrors(problems: readonly TextProblem[]): boolean {
  return problems.some((p) => p.severity === 'error');
}

/** "Line 3: Duplicate variable PORT (already set on line 1)" — for messages that block a save. */
export function describeProblem(problem: TextProblem): string {
  return `Line ${problem.line + 1}: ${problem.message}`;
}

/** Problems in document order (line, then column). */
export function sortProblems(problems: TextProblem[]): TextProblem[] {
  return problems.sort((a, b) => a.line - b.line || a.column - b.column);
}
