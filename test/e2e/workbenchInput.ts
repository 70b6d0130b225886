// The workbench's window-wide gestures, as a user makes them: the Command Palette, the
// quick input (pickers and input boxes), clicks, keys and hovered actions, each done
// again until its effect shows (gesture.ts).
import type { Locator, Page } from 'playwright-core';
import { ACT_TIMEOUT, dismissOverlays, gesture, gone, settled, shows } from './gesture';
import { patient } from '../support/patience';

export class WorkbenchInput {
  protected constructor(readonly page: Page) {}

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
}

/** A pattern matching exactly this text. */
export function exactly(text: string): RegExp {
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
