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
 * Drags a card with the mouse: press, move a little (dnd-kit's pointer sensor starts the drag and
 * the board shows the empty projects the card may go to, after its columns), then on to the
 * target, found once the drag has started. A target out of the board's view is scrolled into its
 * middle first, as holding the card at the board's edge would.
 */
export async function dragCard(page: Page, card: Locator, target: () => Locator) {
  const from = await centre(card);
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(from.x + 12, from.y + 12, { steps: 4 });
  await page.locator('.lp-board[data-expanded="true"]').waitFor();
  await target().evaluate((column) => {
    const board = column.closest('.lp-board');
    if (!board) return;
    const inner = column.getBoundingClientRect();
    const outer = board.getBoundingClientRect();
    // Into the middle of the board, clear of the edges where a held card scrolls it.
    if (inner.right > outer.right || inner.left < outer.left) {
      board.scrollLeft += inner.left + inner.width / 2 - (outer.left + outer.width / 2);
    }
  });
  const to = await centre(target());
  await page.mouse.move(to.x, to.y, { steps: 12 });
  // Let go once the target shows the card is over it, as a user would.
  await target().and(page.locator('.lp-column--over')).waitFor();
  await page.mouse.up();
  await page.locator('.lp-board[data-expanded="false"]').waitFor();
}
