// The learner board as a user handles it: its cards and columns, and dragging a card with the
// mouse the way dnd-kit needs it.
import type { Locator, Page } from 'playwright-core';

/** The board's card of the learner named `name`. */
export const boardCard = (page: Page, name: string) =>
  page.locator('[aria-roledescription="draggable learner card"]').filter({
    has: page.locator('.lp-card__name', { hasText: name }),
  });

/** The card's drag handle: the button that picks it up from the keyboard. */
export const cardHandle = (page: Page, name: string) =>
  page.getByRole('button', { name: `Move ${name}`, exact: true });

/** A project column of the board, by its book and project names. */
export const boardColumn = (page: Page, book: string, name: string) =>
  page.getByRole('region', { name: `${book}, ${name}`, exact: true });

async function centre(locator: Locator) {
  const box = await locator.boundingBox();
  if (!box) throw new Error('Not on screen');
  return { x: box.x + box.width / 2, y: box.y + Math.min(box.height / 2, 60) };
}

/**
 * Drags a card with the mouse: press, move a little (the board expands and dnd-kit's pointer
 * sensor starts the drag), then on to the target, found once the board has expanded.
 */
export async function dragCard(page: Page, card: Locator, target: () => Locator) {
  const from = await centre(card);
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(from.x + 12, from.y + 12, { steps: 4 });
  await page.locator('.lp-board[data-expanded="true"]').waitFor();
  const to = await centre(target());
  await page.mouse.move(to.x, to.y, { steps: 12 });
  await page.mouse.up();
  await page.locator('.lp-board[data-expanded="false"]').waitFor();
}
