// What a user sees of a screen's layout, measured in the page: the board's columns and cards
// against what is in view, text that does not show whole, boxes that overlap, the navbar's rows.
import type { Locator, Page } from 'playwright-core';

export interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/** The element's box in the window (CSS pixels), once it shows. */
export async function boxOf(locator: Locator): Promise<Box> {
  await locator.waitFor();
  const box = await locator.boundingBox();
  if (!box) throw new Error('Not rendered');
  return { left: box.x, top: box.y, right: box.x + box.width, bottom: box.y + box.height };
}

/** Whether two boxes share any area (touching edges do not count). */
export const overlap = (a: Box, b: Box) =>
  a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

export interface BoardFit {
  columns: number;
  cards: number;
  /** The columns and cards (their labels) not wholly inside the window and the board's visible part. */
  columnsOut: string[];
  cardsOut: string[];
  /** Learners' names and status badges cut: wider or taller than their box, or ending in an ellipsis. */
  namesCut: string[];
  statusesCut: string[];
  /** Names of which a line shows in part (a clamped name shows whole lines, then nothing). */
  namesPartlyShown: string[];
}

/** Every column and card of the board against what is in view, and the text that does not fit. */
export function boardFit(page: Page): Promise<BoardFit> {
  return page.evaluate(() => {
    const board = document.querySelector('.lp-board')?.getBoundingClientRect();
    const columns = [...document.querySelectorAll('.lp-board [data-column]')];
    const cards = [
      ...document.querySelectorAll('.lp-board [aria-roledescription="draggable learner card"]'),
    ];
    const labelOf = (element: Element) => element.getAttribute('aria-label') ?? '?';
    const view = board && {
      left: Math.max(0, board.left),
      right: Math.min(window.innerWidth, board.right),
      top: Math.max(0, board.top),
      bottom: Math.min(window.innerHeight, board.bottom),
    };
    const outside = (element: Element) => {
      const box = element.getBoundingClientRect();
      return (
        !view ||
        box.left < view.left - 0.5 ||
        box.right > view.right + 0.5 ||
        box.top < view.top - 0.5 ||
        box.bottom > view.bottom + 0.5
      );
    };
    // scrollHeight and clientHeight are whole pixels, each rounded: 1 px of slack.
    const cut = (element: Element) =>
      element.scrollWidth > element.clientWidth ||
      element.scrollHeight > element.clientHeight + 1 ||
      getComputedStyle(element).textOverflow === 'ellipsis';
    const texts = (selector: string) =>
      cards
        .flatMap((card) => [...card.querySelectorAll(selector)].filter(cut))
        .map((element) => element.textContent ?? '');
    // A clamped text whose box does not end on a line's end shows the top of the next line:
    // lines start at the content's top, one line-height apart, and the box clips at its padding.
    const partlyShown = (element: Element) => {
      if (element.scrollHeight <= element.clientHeight + 1) return false;
      const style = getComputedStyle(element);
      const line = Number.parseFloat(style.lineHeight);
      const box = element.getBoundingClientRect();
      const firstLine =
        box.top + Number.parseFloat(style.borderTopWidth) + Number.parseFloat(style.paddingTop);
      const shown = (box.bottom - Number.parseFloat(style.borderBottomWidth) - firstLine) / line;
      return Math.abs(shown - Math.round(shown)) * line > 1;
    };
    const names = cards.flatMap((card) => [...card.querySelectorAll('.lp-card__name-text')]);
    return {
      columns: columns.length,
      cards: cards.length,
      columnsOut: columns.filter(outside).map(labelOf),
      cardsOut: cards.filter(outside).map(labelOf),
      namesCut: texts('.lp-card__name-text'),
      statusesCut: texts('.lp-card__badge'),
      namesPartlyShown: names.filter(partlyShown).map((element) => element.textContent ?? ''),
    };
  });
}

/** The left and top of each of the board's columns, by its key. */
export function columnPlaces(page: Page): Promise<Record<string, { left: number; top: number }>> {
  return page.evaluate(() =>
    Object.fromEntries(
      [...document.querySelectorAll<HTMLElement>('.lp-board [data-column]')].map((column) => {
        const box = column.getBoundingClientRect();
        return [column.dataset.column, { left: box.left, top: box.top }];
      }),
    ),
  );
}

/**
 * The navbar's height, and the height of one row of it: its tallest item with the row's padding.
 * `rows` counts the lines its shown items sit on.
 */
export function navbarRows(page: Page) {
  return page.evaluate(() => {
    const header = document.querySelector('header.lp-navbar');
    const row = header?.querySelector(':scope > .rt-Flex');
    if (!header || !row) return { height: 0, rowHeight: -1, rows: 0 };
    const items = [...row.children]
      .map((item) => item.getBoundingClientRect())
      .filter((box) => box.width > 0 && box.height > 0);
    const style = getComputedStyle(row);
    const padding = Number.parseFloat(style.paddingTop) + Number.parseFloat(style.paddingBottom);
    const border = Number.parseFloat(getComputedStyle(header).borderBottomWidth);
    const tops = [...new Set(items.map((box) => Math.round(box.top + box.height / 2)))];
    // Items of one line share their middle (the row centres them); another line's are far off.
    const lines = tops.filter((middle, index) =>
      tops.slice(0, index).every((other) => Math.abs(other - middle) > 8),
    );
    return {
      height: header.getBoundingClientRect().height,
      rowHeight: Math.max(...items.map((box) => box.height)) + padding + border,
      rows: lines.length,
    };
  });
}

/** The navbar's gutter: the space before its first item and between its items, in CSS pixels. */
export function navbarGutter(page: Page) {
  return page.evaluate(() => {
    const row = document.querySelector('header.lp-navbar > .rt-Flex');
    if (!row) return { side: -1, between: -1 };
    const style = getComputedStyle(row);
    return {
      side: Number.parseFloat(style.paddingLeft),
      between: Number.parseFloat(style.columnGap),
    };
  });
}

/** The page's own sideways scroll: how much wider its content is than the window. */
export function pageOverflowX(page: Page): Promise<number> {
  return page.evaluate(() => {
    const root = document.scrollingElement ?? document.documentElement;
    return root.scrollWidth - root.clientWidth;
  });
}
