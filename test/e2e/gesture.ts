// Gestures that check their effect. On a cold or slow machine the workbench does not
// hold still between finding an element and acting on it: settings load late, lists
// re-render (an input detached while Enter is pressed), hovers and toasts cover the
// target. So a gesture is a pair: the act, and the check of what it meant to change.
// When the change did not happen the act is done again, until the deadline; a throwing
// act (detached, intercepted, timed out) counts as a miss, not as the end.
import type { Locator, Page } from 'playwright-core';
import { patient } from '../support/patience';

/** How long one act may wait on Playwright's own retries before it is done again afresh. */
export const ACT_TIMEOUT = patient(10_000);
/** How long a check waits for the effect of one act. */
export const CHECK_TIMEOUT = patient(5_000);
/** The default deadline of a gesture: well inside a journey step's 120 s. */
export const GESTURE_DEADLINE = patient(60_000);

/**
 * Does `act` until `check` says its effect is there, or fails naming `name` (with the
 * last act's error) at the deadline. `act` gets the attempt number (1, 2, …), so that
 * it can take another route on a retry (e.g. the keyboard after the mouse).
 */
export async function gesture(
  name: string,
  act: (attempt: number) => Promise<unknown>,
  check: () => Promise<boolean>,
  deadlineMs = GESTURE_DEADLINE,
): Promise<void> {
  const deadline = Date.now() + deadlineMs;
  let lastError: unknown;
  for (let attempt = 1; ; attempt++) {
    try {
      await act(attempt);
      lastError = undefined;
    } catch (error) {
      lastError = error;
    }
    if (await check().catch(() => false)) {
      // A gesture that needed doing again is what a flake looks like: say so in the run's output.
      if (attempt > 1) console.log(`    gesture "${name}" took ${attempt} attempts${lastError instanceof Error ? ` (last: ${lastError.message.split('\n')[0]})` : ''}`);
      return;
    }
    if (Date.now() > deadline) {
      const why = lastError instanceof Error ? `: ${lastError.message.split('\n')[0]}` : '';
      throw new Error(`${name}: no effect after ${attempt} attempt(s) in ${Math.round(deadlineMs / 1000)} s${why}`);
    }
  }
}

/** A check: whether the locator shows (attached and visible) within `ms`. */
export function shows(locator: Locator, ms = CHECK_TIMEOUT): Promise<boolean> {
  return locator.waitFor({ state: 'visible', timeout: ms }).then(() => true, () => false);
}

/**
 * A check: whether the locator is gone (every element it matches detached or hidden)
 * within `ms`. It may match several: a context menu with its submenu open is two menus.
 */
export function gone(locator: Locator, ms = CHECK_TIMEOUT): Promise<boolean> {
  return locator.filter({ visible: true }).first().waitFor({ state: 'hidden', timeout: ms }).then(() => true, () => false);
}

/**
 * Clears what can lie over a click target: the mouse leaves for a spot that shows no
 * hover (the editor area's empty title strip would; the window's bottom-right corner
 * of the status bar has no item), hover widgets close, and a page scrolled by an
 * earlier scroll-into-view (the workbench is a fixed layout: then `<html>` takes the
 * pointer) scrolls back. Toasts are hidden when they cover `target` and it is not in one.
 */
export async function dismissOverlays(page: Page, target?: Locator): Promise<void> {
  const size = page.viewportSize() ?? { width: 1280, height: 900 };
  await page.mouse.move(size.width / 2, 1);
  const hover = page.locator('.monaco-hover:not(.hidden)').first();
  // With toasts or a quick input showing, Escape would hide them (and the button or row a
  // journey is about to click): moving the mouse away is all a hover gets then.
  const toastsShown = await page.locator('.notifications-toasts.visible').isVisible().catch(() => false);
  const quickInputShown = await page.locator('.quick-input-widget').isVisible().catch(() => false);
  if (!toastsShown && !quickInputShown && (await hover.isVisible().catch(() => false))) {
    await page.keyboard.press('Escape');
    await gone(hover, 1_000);
  }
  // Runs in the page: the workbench never scrolls as a whole; undo a scroll-into-view that did.
  await page.evaluate(() => {
    const doc = (globalThis as unknown as { document: { scrollingElement: { scrollTop: number; scrollLeft: number } | null; querySelector(s: string): { scrollTop: number; scrollLeft: number } | null } }).document;
    for (const el of [doc.scrollingElement, doc.querySelector('.monaco-workbench')]) {
      if (el && (el.scrollTop || el.scrollLeft)) {
        el.scrollTop = 0;
        el.scrollLeft = 0;
      }
    }
  });
  if (!target) return;
  const toasts = page.locator('.notifications-toasts.visible');
  if (!(await toasts.isVisible().catch(() => false))) return;
  const inToast = await target.evaluate((el) => !!(el as unknown as { closest(s: string): unknown }).closest('.notifications-toasts')).catch(() => false);
  if (inToast) return;
  const [a, b] = await Promise.all([target.boundingBox().catch(() => null), toasts.boundingBox().catch(() => null)]);
  if (a && b && a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height) {
    await page.keyboard.press('Escape'); // notifications.hideToasts while toasts show and nothing else takes Escape
  }
}

/**
 * Waits until the page's finite animations and transitions have run (a toast sliding
 * in, a theme change fading the status bar, a menu fading in) before a picture is
 * taken: the condition instead of a guessed pause. Endless ones (progress bars) do not count.
 */
export async function settled(page: Page, timeoutMs = patient(10_000)): Promise<void> {
  // Runs in the page.
  await page.waitForFunction(() => {
    type Anim = { playState: string; effect: { getComputedTiming(): { iterations?: number } } | null };
    const doc = (globalThis as unknown as { document: { getAnimations(): Anim[] } }).document;
    return doc.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity);
  }, undefined, { timeout: timeoutMs, polling: 50 });
}
