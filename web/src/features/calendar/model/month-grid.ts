// The calendar grid (reference client §9.6): one block per month of the cohort's date range.
// The first block starts at the cohort's start date and the last stops at its end date; blank
// cells line each day up under its weekday (S M T W T F S).
import { eachDay, formatDay, weekdayOf } from '@/lib/dates.ts';

export interface MonthBlock {
  /** 'YYYY-MM' */
  key: string;
  /** 'January 2025' */
  label: string;
  /** Blank cells before the first day: its weekday (0 = Sunday). */
  leadingBlanks: number;
  days: Array<{ date: string; dayOfMonth: number }>;
  /** Blank cells after the last day (none after the last block). */
  trailingBlanks: number;
}

/** [key, letter] from Sunday: S M T W T F S. */
export const WEEKDAY_HEADERS = [
  ['sun', 'S'],
  ['mon', 'M'],
  ['tue', 'T'],
  ['wed', 'W'],
  ['thu', 'T'],
  ['fri', 'F'],
  ['sat', 'S'],
] as const;

/** Month blocks for every day from start to end inclusive; none when the range is backwards. */
export function buildMonthBlocks(start: string, end: string): MonthBlock[] {
  if (!start || !end || end < start) return [];
  const blocks: MonthBlock[] = [];
  for (const date of eachDay(start, end)) {
    const key = date.slice(0, 7);
    let block = blocks.at(-1);
    if (block?.key !== key) {
      block = {
        key,
        label: formatDay(date, 'MMMM yyyy'),
        leadingBlanks: weekdayOf(date),
        days: [],
        trailingBlanks: 0,
      };
      blocks.push(block);
    }
    block.days.push({ date, dayOfMonth: Number(date.slice(8, 10)) });
  }
  blocks.forEach((block, index) => {
    const last = block.days.at(-1);
    block.trailingBlanks = index < blocks.length - 1 && last ? 6 - weekdayOf(last.date) : 0;
  });
  return blocks;
}
