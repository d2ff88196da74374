import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

/**
 * Waits until exactly `count` elements match: the count-th is there and no (count+1)-th. Reading
 * `count()` right after an action races the re-render; this waits for the state instead, within
 * the context's action timeout.
 */
export async function waitForCount(locator: Locator, count: number): Promise<void> {
  if (count > 0) await locator.nth(count - 1).waitFor({ state: 'attached' });
  await locator.nth(count).waitFor({ state: 'detached' });
}

/**
 * Waits until the page has rendered two more frames. An input's follow-up work (React effects
 * and the updates they schedule) runs as tasks between frames, so state that a component keeps
 * out of the DOM has caught up by then. Counts frames, not milliseconds: a busy machine only
 * makes it slower.
 */
export async function renderedFrames(page: Page): Promise<void> {
  await page.evaluate(
    () =>
      new Promise<void>((resolve) =>
        requestAnimationFrame(() => requestAnimationFrame(() => resolve())),
      ),
  );
}

/**
 * Presses Escape once the dialog has taken the focus: pressed while it is still opening, the key
 * goes to what had the focus before (another dialog beneath it, say) and this one stays.
 */
export async function escapeFrom(dialog: Locator): Promise<void> {
  await expect
    .poll(() => dialog.evaluate((element) => element.contains(document.activeElement)))
    .toBe(true);
  await dialog.page().keyboard.press('Escape');
}
