// Drives the real VS Code workbench (code-server in headless Chromium) the way a user
// does: clicks, typing, context menus. Screenshots go to test-results/screenshots/.
import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { launchBrowser } from '../vscode/browser';
import { startCodeServer, type RunningCodeServer } from '../vscode/codeServer';
import { REPO_ROOT } from '../vscode/tools';
import { until } from '../support/wait';

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

export class Workbench {
  /** The workbench of the running journey, for failure screenshots. */
  static current: Workbench | undefined;

  private constructor(
    readonly page: Page,
    private readonly browser: Browser,
    private readonly codeServer: RunningCodeServer,
  ) {}

  /** Starts code-server with the packaged extension installed and opens it in Chromium. */
  static async open(options: WorkbenchOptions = {}): Promise<Workbench> {
    const codeServer = await startCodeServer({ vsix: options.vsix ?? VSIX, settings: options.settings, machineSettings: options.machineSettings, env: options.env, workspaceFolder: options.folder });
    const browser = await launchBrowser();
    try {
      const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
      await page.goto(`${codeServer.url}/?folder=${encodeURIComponent(codeServer.workspaceFolder)}`);
      await page.locator('.monaco-workbench').waitFor({ timeout: 60_000 });
      await page.locator('.activitybar').waitFor();
      Workbench.current = new Workbench(page, browser, codeServer);
      return Workbench.current;
    } catch (error) {
      await browser.close();
      await codeServer.close();
      throw error;
    }
  }

  async close(): Promise<void> {
    if (Workbench.current === this) Workbench.current = undefined;
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

  /** Clicks the AppHost icon in the activity bar and waits for the side bar to show it. */
  async openAppHostView(): Promise<void> {
    // In VS Code 1.139 the label sits on the tab's inner link, not on role=tab itself.
    const tab = this.page.locator('.activitybar [role=tab]:has(a.action-label[aria-label^="AppHost"])');
    await tab.waitFor();
    if (!((await tab.getAttribute('class')) ?? '').includes('checked')) await tab.click();
    await this.page.locator('.sidebar .title-label', { hasText: /AppHost/i }).waitFor();
  }

  /**
   * Runs a command from the Command Palette by its exact title, e.g. "AppHost: Refresh"
   * (Enter would run the best fuzzy match). On a cold first start a command can be
   * missing for a while after the workbench shows (its contribution registers later:
   * the palette then offers only "similar commands"): the palette is opened again and
   * read afresh until the exact title is listed.
   */
  async runCommand(title: string, timeoutMs = 90_000): Promise<void> {
    const typed = `>${title}`;
    const row = this.quickInput().locator('.quick-input-list .monaco-list-row', { has: this.page.locator('.label-name', { hasText: exactly(title) }) }).first();
    for (const deadline = Date.now() + timeoutMs; ;) {
      await this.openPalette();
      await this.quickInput().locator('input').fill(typed);
      if (await row.waitFor({ timeout: 5_000 }).then(() => true, () => false)) break;
      if (Date.now() > deadline) throw new Error(`The Command Palette has no command "${title}"`);
      await this.page.keyboard.press('Escape');
      await this.quickInput().waitFor({ state: 'hidden' });
    }
    await row.click();
    // Done when the palette let go of it: closed, or replaced by the command's own picker.
    await this.page.waitForFunction(quickInputText, { not: typed });
  }

  /** Opens the Command Palette, again if a first F1 went nowhere (focus still settling). */
  private async openPalette(): Promise<void> {
    for (let attempt = 1; attempt <= 5; attempt++) {
      await this.page.keyboard.press('F1');
      const open = await this.page
        .waitForFunction(quickInputText, { startsWith: '>' }, { timeout: 5_000 })
        .then(() => true, () => false);
      if (open) return;
      await this.page.keyboard.press('Escape');
    }
    throw new Error('The Command Palette did not open (F1)');
  }

  /** The quick input (palette, QuickPick or InputBox) while it is open. */
  quickInput(): Locator {
    return this.page.locator('.quick-input-widget');
  }

  /** The first tree row whose label is exactly `label`. */
  treeRow(label: string): Locator {
    return this.page
      .locator('.monaco-list-row[role=treeitem]')
      .filter({ has: this.page.locator('.label-name', { hasText: exactly(label) }) })
      .first();
  }

  /**
   * Selects exactly these tree rows, as a user does with Ctrl-click (Escape first
   * clears whatever was selected; Ctrl-click selects without expanding). A row
   * re-rendered by a refresh between two clicks can drop its selection, so the
   * selection is read back and made again until it holds.
   */
  async selectRows(...labels: string[]): Promise<void> {
    const wanted = [...labels].sort().join();
    let selected: string[] = [];
    for (let attempt = 1; attempt <= 3; attempt++) {
      await this.treeRow(labels[0]).click({ modifiers: ['Control'] });
      await this.page.keyboard.press('Escape');
      for (const label of labels) {
        const row = this.treeRow(label);
        await row.click({ modifiers: ['Control'] });
        await row.and(this.page.locator('[aria-selected=true]')).waitFor({ timeout: 2_000 }).catch(() => undefined);
      }
      selected = await this.selectedRows();
      if (selected.sort().join() === wanted) return;
    }
    throw new Error(`selected ${selected.join(', ')} instead of ${labels.join(', ')}`);
  }

  /** Labels of the selected rows of the side bar's trees. */
  async selectedRows(): Promise<string[]> {
    return this.page.locator('.sidebar .monaco-list-row[role=treeitem][aria-selected=true] .label-name').allInnerTexts();
  }

  /** Labels of the visible rows of the side bar's trees. */
  async treeLabels(): Promise<string[]> {
    return this.page.locator('.sidebar .monaco-list-row[role=treeitem] .label-name').allInnerTexts();
  }

  /** Right-clicks a tree row and picks an entry of its context menu. */
  async contextMenu(rowLabel: string, item: string): Promise<void> {
    await this.treeRow(rowLabel).click({ button: 'right' });
    const menu = this.page.locator('.context-view .monaco-menu');
    const entry = menu.locator('.action-label', { hasText: item }).first();
    await entry.waitFor();
    await entry.hover();
    await entry.click();
    // A menu still settling can swallow the click: the entry is focused then, so Enter picks it.
    const closed = await menu.waitFor({ state: 'hidden', timeout: 2_000 }).then(() => true, () => false);
    if (!closed) {
      await entry.hover();
      await this.page.keyboard.press('Enter');
      await menu.waitFor({ state: 'hidden' });
    }
  }

  /** Signs in through the real UI by pasting an API token. */
  async signInWithToken(token: string): Promise<void> {
    await this.openAppHostView();
    await this.welcomeView().getByRole('button', { name: 'Sign In' }).click();
    await this.quickInput().locator('.monaco-list-row', { hasText: 'Paste an API token' }).click();
    const input = this.quickInput().locator('input');
    await this.quickInput().getByText('Paste an API token of your AppHost account').waitFor();
    await input.fill(token);
    await input.press('Enter');
    await this.treeRow('Personal').waitFor();
  }

  /** Adds a service through the Command Palette (address, display name), then signs in to it by pasting a token. */
  async addService(url: string, name: string, token: string): Promise<void> {
    await this.runCommand('AppHost: Add Service…');
    const input = this.quickInput().locator('input');
    await this.quickInput().getByText('Address of your AppHost service').waitFor();
    await input.fill(url);
    await input.press('Enter');
    await this.quickInput().getByText(/Display name of the service/).waitFor();
    await input.fill(name);
    await input.press('Enter');
    const toast = this.page.locator('.notifications-toasts', { hasText: `AppHost service ${name} added. Sign in to it now?` });
    await toast.getByRole('button', { name: 'Sign In' }).click();
    await this.quickInput().locator('.monaco-list-row', { hasText: 'Paste an API token' }).click();
    await this.quickInput().getByText('Paste an API token of your AppHost account').waitFor();
    await input.fill(token);
    await input.press('Enter');
    await this.treeRow(name).locator('.label-description', { hasText: '@' }).waitFor();
  }

  /** Collapses a section of the side bar (e.g. "Activity") to give the others room. */
  async collapseSection(title: string): Promise<void> {
    const header = this.page.locator('.sidebar .pane-header', { hasText: title }).first();
    if ((await header.getAttribute('aria-expanded')) === 'true') await header.click();
  }

  /** Expands a collapsed tree row (a click on a collapsed row toggles it). */
  async expand(label: string): Promise<void> {
    const row = this.treeRow(label);
    if ((await row.getAttribute('aria-expanded')) !== 'true') await row.click();
    await this.page.waitForFunction((el) => el?.getAttribute('aria-expanded') === 'true', await row.elementHandle());
  }

  /** The welcome content of the Resources view (other AppHost views have their own). */
  welcomeView(): Locator {
    return this.page.locator('.sidebar .welcome-view-content', { hasText: 'Browse your AppHost servers' });
  }

  async screenshot(name: string): Promise<string> {
    mkdirSync(SCREENSHOTS, { recursive: true });
    const path = join(SCREENSHOTS, `${name}.png`);
    // Finish CSS transitions (toasts fading in, pickers fading out) so the picture shows what stays.
    await this.page.screenshot({ path, animations: 'disabled' });
    return path;
  }
}

/** A pattern matching exactly this text. */
function exactly(text: string): RegExp {
  return new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);
}

/**
 * Runs in the page: whether the quick input is shown with text starting with
 * `startsWith`, or is not showing the text `not` (hidden, or holding other text).
 */
function quickInputText(want: { startsWith?: string; not?: string }): boolean {
  type Widget = { style: { display: string }; querySelector(selector: string): { value: string } | null };
  const widget = (globalThis as unknown as { document: { querySelector(selector: string): Widget | null } }).document.querySelector('.quick-input-widget');
  const text = widget && widget.style.display !== 'none' ? widget.querySelector('input')?.value : undefined;
  return want.startsWith !== undefined ? text?.startsWith(want.startsWith) === true : text !== want.not;
}
