// Drives the real VS Code workbench (code-server in headless Chromium) the way a user
// does: clicks, typing, context menus. Screenshots go to test-results/screenshots/.
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { launchBrowser } from '../vscode/browser';
import { startCodeServer, type RunningCodeServer } from '../vscode/codeServer';
import { REPO_ROOT } from '../vscode/tools';
import { until } from '../support/wait';
import { ACT_TIMEOUT, dismissOverlays, gesture, gone, settled, shows } from './gesture';
import { patient } from '../support/patience';

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
    readonly page: Page,
    private readonly browser: Browser,
    private readonly codeServer: RunningCodeServer,
  ) {}

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

  /** Clicks the AppHost icon in the activity bar and waits for the side bar to show it. */
  async openAppHostView(): Promise<void> {
    // In VS Code 1.139 the label sits on the tab's inner link, not on role=tab itself.
    const tab = this.page.locator('.activitybar [role=tab]:has(a.action-label[aria-label^="AppHost"])');
    const title = this.page.locator('.sidebar .title-label', { hasText: /AppHost/i });
    // On a cold, busy machine extensions can still be activating a minute after the window shows.
    await tab.waitFor({ timeout: patient(90_000) });
    if (await title.isVisible()) return;
    await this.click(tab, () => shows(title), 'the AppHost view');
  }

  /**
   * Runs a command from the Command Palette by its exact title, e.g. "AppHost: Refresh"
   * (Enter would run the best fuzzy match). On a cold first start a command can be
   * missing for a while after the workbench shows (its contribution registers later:
   * the palette then offers only "similar commands"): the palette is opened again and
   * read afresh until the exact title is listed. With `next` (the command's first prompt),
   * the command is run again until that shows: a palette that closed without running it is
   * not taken for the command's own picker.
   */
  async runCommand(title: string, next?: Locator): Promise<void> {
    const typed = `>${title}`;
    const row = this.quickInput().locator('.quick-input-list .monaco-list-row', { has: this.page.locator('.label-name', { hasText: exactly(title) }) }).first();
    let clicked = false;
    // Done when a click on the exact title went through and the palette let go of it: closed,
    // or replaced by the command's own picker. Anything else is done again from F1: the
    // palette can close under the typing on a busy workbench (focus moving to a panel that
    // showed late), and a click the re-rendering list swallowed leaves it as it was.
    const letGo = () => this.page.waitForFunction(quickInputText, { not: typed }, { timeout: patient(5_000) }).then(() => true, () => false);
    await gesture(`run "${title}"`, async () => {
      clicked = false;
      await this.openPalette();
      await this.quickInput().locator('input').fill(typed, { timeout: ACT_TIMEOUT });
      const listed = await row.waitFor({ timeout: patient(5_000) }).then(() => true, () => false);
      if (!listed) {
        await this.page.keyboard.press('Escape');
        throw new Error(`The Command Palette has no command "${title}"`);
      }
      await row.click({ timeout: ACT_TIMEOUT });
      clicked = true;
    }, async () => clicked && (await letGo()) && (!next || (await shows(next))), patient(90_000));
  }

  /** Opens the Command Palette, again if a first F1 went nowhere (focus still settling). */
  private async openPalette(): Promise<void> {
    for (let attempt = 1; attempt <= 5; attempt++) {
      await this.page.keyboard.press('F1');
      const open = await this.page
        .waitForFunction(quickInputText, { startsWith: '>' }, { timeout: patient(5_000) })
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

  /** The first tree row whose label is exactly `label`, or matches it (a label that changes: "14 seconds ago"). */
  treeRow(label: string | RegExp): Locator {
    return this.page
      .locator('.monaco-list-row[role=treeitem]')
      .filter({ has: this.page.locator('.label-name', { hasText: typeof label === 'string' ? exactly(label) : label }) })
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
    await gesture(
      `select ${labels.join(', ')}`,
      async () => {
        await dismissOverlays(this.page);
        await this.treeRow(labels[0]).click({ modifiers: ['Control'], timeout: ACT_TIMEOUT });
        await this.page.keyboard.press('Escape');
        for (const label of labels) {
          const row = this.treeRow(label);
          await row.click({ modifiers: ['Control'], timeout: ACT_TIMEOUT });
          await row.and(this.page.locator('[aria-selected=true]')).waitFor({ timeout: patient(2_000) }).catch(() => undefined);
        }
      },
      async () => (await this.selectedRows()).sort().join() === wanted,
    );
  }

  /** Labels of the selected rows of the side bar's trees. */
  async selectedRows(): Promise<string[]> {
    return this.page.locator('.sidebar .monaco-list-row[role=treeitem][aria-selected=true] .label-name').allInnerTexts();
  }

  /** Labels of the visible rows of the side bar's trees. */
  async treeLabels(): Promise<string[]> {
    return this.page.locator('.sidebar .monaco-list-row[role=treeitem] .label-name').allInnerTexts();
  }

  /**
   * Right-clicks a tree row and picks an entry of its context menu. Checked by `effect`
   * when given (what the entry does: give one that holds however often it is done), else
   * by the menu taking the entry (it closes). A menu still settling can swallow the
   * click: the entry is focused then, so a retry picks it with Enter.
   */
  async contextMenu(rowLabel: string | RegExp, item: string, effect?: () => Promise<boolean>): Promise<void> {
    const menu = this.page.locator('.context-view .monaco-menu');
    const entry = menu.locator('.action-label', { hasText: item }).first();
    await gesture(
      `${item} (context menu of ${rowLabel})`,
      async () => {
        if (!(await entry.isVisible())) {
          const row = this.treeRow(rowLabel);
          await dismissOverlays(this.page, row);
          await row.click({ button: 'right', timeout: ACT_TIMEOUT });
        }
        await entry.hover({ timeout: ACT_TIMEOUT });
        await entry.click({ timeout: ACT_TIMEOUT });
        if (!(await gone(menu, 2_000))) {
          await entry.hover({ timeout: ACT_TIMEOUT });
          await this.page.keyboard.press('Enter');
        }
      },
      async () => (await gone(menu)) && (effect ? effect() : true),
    );
  }

  /**
   * Clicks `target` once hovers, toasts and a scrolled page are out of the way, again
   * until `check` sees the click's effect.
   */
  async click(target: Locator, check: () => Promise<boolean>, name = 'a click', options: { modifiers?: ('Control' | 'Shift' | 'Alt')[]; button?: 'left' | 'right' } = {}): Promise<void> {
    await gesture(name, async () => {
      await dismissOverlays(this.page, target);
      await target.click({ ...options, timeout: ACT_TIMEOUT });
    }, check);
  }

  /**
   * Picks the row of the open quick pick that holds `row` (text or pattern); checked by
   * the next prompt (`next`: what the pick should show) or by the row going away (the picker closed).
   */
  async pick(row: string | RegExp | Locator, next?: Locator): Promise<void> {
    const target = typeof row === 'string' || row instanceof RegExp ? this.quickInput().locator('.monaco-list-row', { hasText: row }).first() : row;
    await this.click(target, next ? () => shows(next) : () => gone(target), `pick ${typeof row === 'string' ? row : String(row)}`);
  }

  /**
   * Types `value` into the open quick input and presses Enter, again (typed afresh: the
   * input may have been re-rendered) until `next` shows, or the input lets go of the value.
   */
  async enter(value: string, next?: Locator): Promise<void> {
    const input = this.quickInput().locator('input');
    await gesture(`enter ${value.length > 40 ? `${value.slice(0, 40)}…` : value}`, async () => {
      await input.fill(value, { timeout: ACT_TIMEOUT });
      await input.press('Enter', { timeout: ACT_TIMEOUT });
    }, next ? () => shows(next) : () => this.quickInputLetGo(value));
  }

  /** Whether the quick input no longer holds `value` within a few seconds (closed, or the next step shown). */
  private quickInputLetGo(value: string | undefined): Promise<boolean> {
    return this.page.waitForFunction(quickInputText, { not: value ?? '' }, { timeout: patient(5_000) }).then(() => true, () => false);
  }

  /** Waits until animations and transitions have run (before a picture). */
  async settled(): Promise<void> {
    await settled(this.page);
  }

  /** Signs in through the real UI by pasting an API token. */
  async signInWithToken(token: string): Promise<void> {
    await this.openAppHostView();
    const pasteRow = this.quickInput().locator('.monaco-list-row', { hasText: 'Paste an API token' });
    await this.click(this.welcomeView().getByRole('button', { name: 'Sign In' }), () => shows(pasteRow), 'Sign In (welcome view)');
    await this.pasteToken(token, this.treeRow('Personal'));
  }

  /** In the sign-in picker: Paste an API token, then the token; `signedIn` shows once it is taken. */
  async pasteToken(token: string, signedIn: Locator): Promise<void> {
    const prompt = this.quickInput().getByText('Paste an API token of your AppHost account');
    await this.pick('Paste an API token', prompt);
    const input = this.quickInput().locator('input');
    // Signing in takes a request or two: the check waits longer than a prompt's.
    await gesture('paste the token', async () => {
      if (await signedIn.isVisible()) return;
      await input.fill(token, { timeout: ACT_TIMEOUT });
      await input.press('Enter', { timeout: ACT_TIMEOUT });
    }, () => shows(signedIn, 20_000));
  }

  /** Adds a service through the Command Palette (address, display name), then signs in to it by pasting a token. */
  async addService(url: string, name: string, token: string): Promise<void> {
    await this.runCommand('AppHost: Add Service…');
    await this.quickInput().getByText('Address of your AppHost service').waitFor();
    await this.enter(url, this.quickInput().getByText(/Display name of the service/));
    const toast = this.page.locator('.notifications-toasts', { hasText: `AppHost service ${name} added. Sign in to it now?` });
    await this.enter(name, toast);
    const pasteRow = this.quickInput().locator('.monaco-list-row', { hasText: 'Paste an API token' });
    await this.click(toast.getByRole('button', { name: 'Sign In' }), () => shows(pasteRow), `Sign In (toast of ${name})`);
    await this.pasteToken(token, this.treeRow(name).locator('.label-description', { hasText: '@' }));
  }

  /** Presses `key` (the keyboard route) until `check` sees its effect. */
  async press(key: string, check: () => Promise<boolean>, name = key): Promise<void> {
    await gesture(name, () => this.page.keyboard.press(key), check);
  }

  /** Closes what Escape closes (a menu, a quick pick, a dialog): Escape again until `overlay` is gone. */
  async escape(overlay: Locator, name = 'Escape'): Promise<void> {
    await gesture(name, async () => {
      if (await overlay.isVisible()) await this.page.keyboard.press('Escape');
    }, () => gone(overlay));
  }

  /**
   * Types `value` into the open quick input without Enter (a filter, a value to validate),
   * again (typed afresh) until `next` shows: the filtered row, the validation message.
   */
  async type(value: string, next: Locator): Promise<void> {
    const input = this.quickInput().locator('input');
    await gesture(`type ${JSON.stringify(value)}`, () => input.fill(value, { timeout: ACT_TIMEOUT }), async () => (await input.inputValue()) === value && shows(next));
  }

  /**
   * Clicks an action that shows while its host is hovered (a tree row's inline icon, a
   * section header's or a tab's buttons), again until `check` sees its effect.
   */
  async hoverAction(host: Locator, button: Locator, check: () => Promise<boolean>, name = 'an inline action'): Promise<void> {
    // In a quick pick, no overlay dismissal: its Escape for a hover would close the picker.
    const inQuickInput = await host.evaluate((el) => !!(el as unknown as { closest(s: string): unknown }).closest('.quick-input-widget')).catch(() => false);
    await gesture(name, async () => {
      if (!inQuickInput) await dismissOverlays(this.page, host);
      await host.hover({ timeout: ACT_TIMEOUT });
      await button.click({ timeout: ACT_TIMEOUT });
    }, check);
  }

  /** The header of a side-bar section whose title starts with `title`. */
  sectionHeader(title: string): Locator {
    return this.page.locator('.sidebar .pane-header', { hasText: title }).first();
  }

  /** Picks an entry of a section's … menu (More Actions), checked by `effect`, else by the menu closing. */
  async sectionMenu(title: string, item: string, effect?: () => Promise<boolean>): Promise<void> {
    const header = this.sectionHeader(title);
    const menu = this.page.locator('.context-view .monaco-menu');
    const entry = menu.locator('.action-label', { hasText: item }).first();
    await this.hoverAction(header, header.getByRole('button', { name: /More Actions/ }), () => shows(entry), `… menu of ${title}`);
    await gesture(`${item} (… menu of ${title})`, async () => {
      if (!(await entry.isVisible())) await this.hoverAction(header, header.getByRole('button', { name: /More Actions/ }), () => shows(entry), `… menu of ${title}`);
      await entry.hover({ timeout: ACT_TIMEOUT });
      await entry.click({ timeout: ACT_TIMEOUT });
      if (!(await gone(menu, 2_000))) {
        await entry.hover({ timeout: ACT_TIMEOUT });
        await this.page.keyboard.press('Enter');
      }
    }, async () => (await gone(menu)) && (effect ? effect() : true));
  }

  /** Opens the context menu of a tree row and returns the labels of its entries; the menu stays open. */
  async openContextMenu(rowLabel: string): Promise<string[]> {
    const row = this.treeRow(rowLabel);
    const menu = this.page.locator('.context-view .monaco-menu');
    await this.click(row, () => shows(menu), `the context menu of ${rowLabel}`, { button: 'right' });
    return menu.locator('.action-label').allInnerTexts();
  }

  /** The labels of a tree row's context menu (opened, read, closed). */
  async contextMenuItems(rowLabel: string): Promise<string[]> {
    const items = await this.openContextMenu(rowLabel);
    await this.escape(this.page.locator('.context-view .monaco-menu'), `close the context menu of ${rowLabel}`);
    return items;
  }

  /** Expands a section of the side bar (e.g. "Activity"). */
  async expandSection(title: string): Promise<void> {
    const header = this.sectionHeader(title);
    const expanded = header.and(this.page.locator('[aria-expanded=true]'));
    await header.waitFor();
    // Toggles: a retry clicks only while the section is still collapsed (a click may land late).
    await gesture(`expand ${title}`, async () => {
      if (await expanded.isVisible()) return;
      await dismissOverlays(this.page, header);
      await header.click({ timeout: ACT_TIMEOUT });
    }, () => shows(expanded));
  }

  /** Collapses an expanded tree row (the click toggles it). */
  async collapse(row: Locator, name = 'a row'): Promise<void> {
    const expanded = row.and(this.page.locator('[aria-expanded=true]'));
    await gesture(`collapse ${name}`, async () => {
      if (!(await expanded.isVisible())) return;
      await dismissOverlays(this.page, row);
      await row.click({ timeout: ACT_TIMEOUT });
    }, () => gone(expanded));
  }

  /**
   * Moves the Output panel's cursor to its first or last line (Ctrl+Home, Ctrl+End; on the
   * last the view follows new lines again), checked by where the cursor is.
   */
  async outputTo(edge: 'Home' | 'End'): Promise<void> {
    const text = this.page.locator('.part.panel .monaco-editor').first().locator('.native-edit-context, textarea').first();
    await gesture(`the Output panel's cursor to its ${edge === 'Home' ? 'first' : 'last'} line (Ctrl+${edge})`, async () => {
      await text.focus({ timeout: ACT_TIMEOUT }); // no click: nothing can take it
      await this.page.keyboard.press(`Control+${edge}`);
    }, () => this.page.waitForFunction(outputCursorAt, edge === 'Home' ? ('first' as const) : ('last' as const), { timeout: patient(5_000) }).then(() => true, () => false));
  }

  /** Collapses a section of the side bar (e.g. "Activity") to give the others room. */
  async collapseSection(title: string): Promise<void> {
    // Toggles: `collapse` clicks only while the section is still expanded (a click may land late).
    await this.collapse(this.page.locator('.sidebar .pane-header', { hasText: title }).first(), title);
  }

  /** Expands a collapsed tree row (a click on a collapsed row toggles it). */
  async expand(label: string): Promise<void> {
    const row = this.treeRow(label);
    const expanded = row.and(this.page.locator('[aria-expanded=true]'));
    await row.waitFor();
    if (await expanded.isVisible()) return;
    // Toggles: a retry clicks only while the row is still collapsed (a click may land late).
    await gesture(`expand ${label}`, async () => {
      if (await expanded.isVisible()) return;
      await dismissOverlays(this.page, row);
      await row.click({ timeout: ACT_TIMEOUT });
    }, () => shows(expanded));
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

/**
 * Runs in the page: whether the Output panel's cursor is on the first line of its text
 * (scrolled to the top) or on the last line rendered. View lines and the cursor are
 * placed by their `top` in the same layer.
 */
function outputCursorAt(edge: 'first' | 'last'): boolean {
  type El = { style: { top: string }; querySelector(s: string): El | null; querySelectorAll(s: string): El[] };
  const editor = (globalThis as unknown as { document: { querySelector(s: string): El | null } }).document.querySelector('.part.panel .monaco-editor');
  const cursor = editor?.querySelector('.cursors-layer .cursor');
  const tops = [...(editor?.querySelectorAll('.view-lines .view-line') ?? [])].map((l) => parseFloat(l.style.top));
  if (!cursor || tops.length === 0) return false;
  const top = parseFloat(cursor.style.top);
  return edge === 'first' ? top === 0 && Math.min(...tops) === 0 : top >= Math.max(...tops);
}
