// The calendar grid (reference client §9.6): one block per month of the cohort's date range.
// The first block starts at the cohort's start date and the last stops at its end date; blank
// cells line each day up under its weekday (S M T W T F S).
import { addDays, addMonths, eachDay, formatDay, weekdayOf } from '@/lib/dates.ts';

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

/** [key, letter, name] from Sunday: S M T W T F S. */
export const WEEKDAY_HEADERS = [
  ['sun', 'S', 'Sunday'],
  ['mon', 'M', 'Monday'],
  ['tue', 'T', 'Tuesday'],
  ['wed', 'W', 'Wednesday'],
  ['thu', 'T', 'Thursday'],
  ['fri', 'F', 'Friday'],
  ['sat', 'S', 'Saturday'],
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

export interface WeekCell {
  key: string;
  /** Null for a blank. */
  day: MonthBlock['days'][number] | null;
}

/** A block's rows of seven cells, each with a key for React: the date, or the blank's place. */
export function weeksOf(block: MonthBlock): Array<{ key: string; cells: WeekCell[] }> {
  const blank = (place: string) => ({ key: `${block.key}-${place}`, day: null });
  const cells: WeekCell[] = [
    ...Array.from({ length: block.leadingBlanks }, (_, at) => blank(`lead-${at}`)),
    ...block.days.map((day) => ({ key: day.date, day })),
    ...Array.from({ length: block.trailingBlanks }, (_, at) => blank(`trail-${at}`)),
  ];
  const weeks = [];
  for (let at = 0; at < cells.length; at += 7) {
    weeks.push({ key: `${block.key}-week-${at / 7}`, cells: cells.slice(at, at + 7) });
  }
  return weeks;
}

/**
 * The day a key moves the calendar's focus to, kept within the cohort's dates: the arrows by a
 * day or a week, Home and End to the week's first and last day, Page Up and Page Down by a month.
 * Null for any other key.
 */
export function dayAfterKey(day: string, key: string, start: string, end: string): string | null {
  const moves: Record<string, () => string> = {
    ArrowLeft: () => addDays(day, -1),
    ArrowRight: () => addDays(day, 1),
    ArrowUp: () => addDays(day, -7),
    ArrowDown: () => addDays(day, 7),
    Home: () => addDays(day, -weekdayOf(day)),
    End: () => addDays(day, 6 - weekdayOf(day)),
    PageUp: () => addMonths(day, -1),
    PageDown: () => addMonths(day, 1),
  };
  const move = moves[key];
  if (!move) return null;
  const next = move();
  return next < start ? start : next > end ? end : next;
}
