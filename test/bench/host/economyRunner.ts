// Loaded by VS Code as extensionTestsPath, bundled into AppHost's (unpacked .vsix)
// folder: code inside an extension's folder shares that extension's `vscode` API
// object, which the scripted prompts (scriptUi) must patch. Starts the reference
// server in the extension host, signs in, runs the journeys, writes JSON.
import { writeFileSync } from 'node:fs';
import * as vscode from 'vscode';
import { extensionApi, signInWithIssuedToken, useServer } from '../../integration/support/env';
import { BENCH_USER, runJourneys } from './journeys';

export async function run(): Promise<void> {
  const out = process.env.APPHOST_BENCH_ECONOMY;
  if (!out) throw new Error('APPHOST_BENCH_ECONOMY is not set');
  try {
    const server = await useServer({ logIntervalMs: 0 });
    // The defaults users have (useServer lifts the request budget for the test suites).
    await vscode.workspace.getConfiguration('apphost').update('requestsPerMinute', undefined, vscode.ConfigurationTarget.Global);
    try {
      const api = await extensionApi();
      await signInWithIssuedToken(server, BENCH_USER);
      await new Promise((r) => setTimeout(r, 1000)); // sign-in's own requests are not a journey
      writeFileSync(out, JSON.stringify({ journeys: await runJourneys(api, server) }));
    } finally {
      await server.close();
    }
  } catch (error) {
    // The extension host's output is invisible: the driver reads the reason here.
    writeFileSync(out, JSON.stringify({ error: error instanceof Error ? error.stack : String(error) }));
    throw error;
  }
}
