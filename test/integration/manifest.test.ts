import assert from 'node:assert/strict';
import * as vscode from 'vscode';

describe('manifest inside VS Code', () => {
  it('registers every contributed command once activated', async () => {
    const extension = vscode.extensions.getExtension('apphost.apphost')!;
    await extension.activate();
    const registered = new Set(await vscode.commands.getCommands(true));
    const contributed: { command: string }[] = extension.packageJSON.contributes.commands;
    const missing = contributed.map((c) => c.command).filter((id) => !registered.has(id));
    assert.deepEqual(missing, []);
  });
});
