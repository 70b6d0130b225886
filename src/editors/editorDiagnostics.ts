// Problems of open apphost: documents as Diagnostics (squiggles and the Problems
// panel), updated as the user types, so a save is never the first time they hear
// about a bad line.
import * as vscode from 'vscode';
import { SCHEME } from '../schemes';
import type { TextProblem } from '../configText/textProblem';

export function trackDiagnostics(check: (uri: vscode.Uri, text: string) => TextProblem[] | undefined): vscode.Disposable {
  const collection = vscode.languages.createDiagnosticCollection('apphost');
  const update = (doc: vscode.TextDocument) => {
    if (doc.uri.scheme !== SCHEME) return;
    const problems = check(doc.uri, doc.getText());
    collection.set(doc.uri, (problems ?? []).map(toDiagnostic));
  };
  vscode.workspace.textDocuments.forEach(update);
  return vscode.Disposable.from(
    collection,
    vscode.workspace.onDidOpenTextDocument(update),
    vscode.workspace.onDidChangeTextDocument((e) => update(e.document)),
    vscode.workspace.onDidCloseTextDocument((doc) => collection.delete(doc.uri)),
  );
}

function toDiagnostic(p: TextProblem): vscode.Diagnostic {
  const range = new vscode.Range(p.line, p.column, p.line, Math.max(p.endColumn, p.column + 1));
  const diagnostic = new vscode.Diagnostic(range, p.message, p.severity === 'error' ? vscode.DiagnosticSeverity.Error : vscode.DiagnosticSeverity.Warning);
  diagnostic.source = 'AppHost';
  return diagnostic;
}
