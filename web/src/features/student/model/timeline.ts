// The cohort timeline card (spec §4, §9): whole calendar days since the cohort started and until
// it ends, counted in the display time zone. Cohort dates are 'YYYY-MM-DD' calendar days; they are
// never parsed with new Date('YYYY-MM-DD') (that would be UTC midnight, a day off in Chicago).
import { DISPLAY_TIME_ZONE } from '@lp/contract/constants';
import { todayIn } from '@/features/calendar';

const DAY_MS = 86_400_000;

/** Days from one calendar day to another ('YYYY-MM-DD'), negative when `to` is earlier. */
export function daysBetween(from: string, to: string): number {
  const utc = (day: string) => {
    const [year, month, date] = day.split('-').map(Number);
    return Date.UTC(year ?? 1970, (month ?? 1) - 1, date ?? 1);
  };
  return Math.round((utc(to) - utc(from)) / DAY_MS);
}

export interface CohortTimeline {
  completed: number;
  remaining: number;
  /** Fewer than 1 whole day remains. */
  graduated: boolean;
}

export function cohortTimeline(
  start: string,
  end: string,
  today: string = todayIn(DISPLAY_TIME_ZONE),
): CohortTimeline {
  const completed = Math.max(0, daysBetween(start, today));
  const remaining = daysBetween(today, end);
  return { completed, remaining: Math.max(0, remaining), graduated: remaining < 1 };
}

/** 'Monday, January 6, 2025' for a calendar day (en-US long format). */
export function longDate(day: string): string {
  const [year, month, date] = day.slice(0, 10).split('-').map(Number);
  if (!year || !month || !date) return day;
  return new Intl.DateTimeFormat('en-US', {
    timeZone: 'UTC',
    weekday: 'long',
    year: 'numeric',
    month: 'long',
    day: 'numeric',
  }).format(new Date(Date.UTC(year, month - 1, date)));
}

/** A timestamp's calendar day in the display zone, en-US long format without weekday. */
export function displayDate(value: string): string {
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return longDate(value).replace(/^\w+, /, '');
  const when = new Date(value);
  if (Number.isNaN(when.getTime())) return value;
  return new Intl.DateTimeFormat('en-US', {
    timeZone: DISPLAY_TIME_ZONE,
    year: 'numeric',
    month: 'long',
    day: 'numeric',
  }).format(when);
}
