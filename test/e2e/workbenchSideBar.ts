// The workbench's side bar and panel as a user works them: tree rows, context menus,
// sections, the Output panel's cursor, and the AppHost view's sign-in.
import type { Locator } from 'playwright-core';
import { ACT_TIMEOUT, dismissOverlays, gesture, gone, shows } from './gesture';
import { patient } from '../support/patience';
import { exactly, WorkbenchInput } from './workbenchInput';

export class WorkbenchSideBar extends WorkbenchInput {
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
   * last the view follows new lines again), checked by where the cursor is. A Find widget
   * left open in the panel is closed first: it adds room above the first line, so the
   * cursor would never read as on top.
   */
  async outputTo(edge: 'Home' | 'End'): Promise<void> {
    const editor = this.page.locator('.part.panel .monaco-editor').first();
    const text = editor.locator('.native-edit-context, textarea').first();
    const find = editor.locator('.find-widget.visible').locator('.monaco-findInput textarea, .monaco-findInput input').first();
    await gesture(`the Output panel's cursor to its ${edge === 'Home' ? 'first' : 'last'} line (Ctrl+${edge})`, async () => {
      if (await find.isVisible()) await find.press('Escape', { timeout: ACT_TIMEOUT });
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
