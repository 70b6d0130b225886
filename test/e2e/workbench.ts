// Drives the real VS Code workbench (code-server in headless Chromium) the way a user
// does: clicks, typing, context menus (workbenchInput.ts, workbenchSideBar.ts). This
// file launches it and reads what it keeps on disk. Screenshots go to test-results/screenshots/.
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from '../vscode/browser';
import { startCodeServer, type RunningCodeServer } from '../vscode/codeServer';
import { REPO_ROOT } from '../vscode/tools';
import { until } from '../support/wait';
import { patient } from '../support/patience';
import { WorkbenchSideBar } from './workbenchSideBar';

export const SCREENSHOTS = join(REPO_ROOT, 'test-results', 'screenshots');
export const VSIX = join(REPO_ROOT, 'test-results', 'apphost.vsix');

export interface WorkbenchOptions {
  /** The packaged extensions to install (default: the suite's VSIX). */
  vsix?: string | string[];
  settings?: Record<string, unknown>;
  /** Remote machine settings (`machine`-scoped ones count only there in code-server). */
  machineSettings?: Record<string, unknown>;
  env?: Record<string, string>;
  /** The folder to open (default: an empty one). */
  folder?: string;
}

export class Workbench extends WorkbenchSideBar {
  /** The workbench of the running journey, for failure screenshots. */
  static current: Workbench | undefined;
  /**
   * Every workbench not closed yet. A journey holds one at a time, so a new one closes the
   * others: what a journey whose `before` hook failed or ran over its limit left open (its
   * `after` hook never got it) would otherwise keep a code-server and a browser busy for the
   * rest of the run, and slow every later journey on a loaded machine.
   */
  private static readonly unclosed = new Set<Workbench>();
  /** Bumped by each open(): an older open() that finishes after a newer one started closes its own workbench. */
  private static opening = 0;

  private constructor(
    page: Page,
    private readonly browser: Browser,
    private readonly codeServer: RunningCodeServer,
  ) {
    super(page);
  }

  /** Starts code-server with the packaged extension installed and opens it in Chromium. */
  static async open(options: WorkbenchOptions = {}): Promise<Workbench> {
    const turn = ++Workbench.opening;
    await Promise.all([...Workbench.unclosed].map((left) => left.close().catch(() => undefined)));
    const codeServer = await startCodeServer({ vsix: options.vsix ?? VSIX, settings: options.settings, machineSettings: options.machineSettings, env: options.env, workspaceFolder: options.folder });
    const browser = await launchBrowser();
    try {
      const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
      page.setDefaultTimeout(patient(30_000));
      // A cold, busy machine can take more than Playwright's 30 s to load the workbench's scripts.
      await page.goto(`${codeServer.url}/?folder=${encodeURIComponent(codeServer.workspaceFolder)}`, { timeout: patient(90_000) });
      await page.locator('.monaco-workbench').waitFor({ timeout: patient(60_000) });
      await page.locator('.activitybar').waitFor();
      if (turn !== Workbench.opening) throw new Error('a later journey opened its workbench while this one was still opening');
      Workbench.current = new Workbench(page, browser, codeServer);
      Workbench.unclosed.add(Workbench.current);
      return Workbench.current;
    } catch (error) {
      await browser.close();
      await codeServer.close();
      throw error;
    }
  }

  async close(): Promise<void> {
    if (Workbench.current === this) Workbench.current = undefined;
    Workbench.unclosed.delete(this);
    await this.browser.close();
    await this.codeServer.close();
  }

  /**
   * Waits until the workbench has backed up a dirty editor holding `text` (hot exit): only
   * then does a reload bring the edit back. code-server keeps backups in its user data.
   */
  async backedUp(text: string): Promise<void> {
    const backups = () => readdirSync(this.codeServer.dataDir, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile() && join(e.parentPath, e.name).includes(`/Backups/`))
      .map((e) => join(e.parentPath, e.name));
    await until(`a backup holding ${text}`, () => backups().some((f) => readFileSync(f, 'utf8').includes(text)), 30_000);
  }

  /**
   * A settings file as VS Code last wrote it: `User`, or `Machine` (the Remote tab: code-server
   * is a remote window). Undefined while it is missing or half-written.
   */
  settingsFile(scope: 'User' | 'Machine'): Record<string, unknown> | undefined {
    try {
      return JSON.parse(readFileSync(join(this.codeServer.dataDir, 'user-data', scope, 'settings.json'), 'utf8')) as Record<string, unknown>;
    } catch {
      return undefined;
    }
  }

  /**
   * Everything the extension wrote to an output channel (e.g. "AppHost storefront"), from the
   * file VS Code keeps behind it: what the channel was given, whatever the Output view shows.
   */
  outputChannelFile(name: string): string {
    const file = readdirSync(join(this.codeServer.dataDir, 'user-data', 'logs'), { recursive: true, withFileTypes: true })
      .find((e) => e.isFile() && e.parentPath.includes('output_logging_') && e.name.endsWith(`-${name}.log`));
    return file ? readFileSync(join(file.parentPath, file.name), 'utf8') : '';
  }

  /**
   * Keyboard shortcuts a user set (the User keybindings.json, which VS Code watches): a
   * keyboard route for commands that have none by default, such as Open Link.
   */
  bindKeys(bindings: { key: string; command: string; when?: string }[]): void {
    writeFileSync(join(this.codeServer.dataDir, 'user-data', 'User', 'keybindings.json'), JSON.stringify(bindings, null, 2));
  }

  async screenshot(name: string): Promise<string> {
    mkdirSync(SCREENSHOTS, { recursive: true });
    const path = join(SCREENSHOTS, `${name}.png`);
    // Finish CSS transitions (toasts fading in, pickers fading out) so the picture shows what stays.
    await this.page.screenshot({ path, animations: 'disabled' });
    return path;
  }
}
