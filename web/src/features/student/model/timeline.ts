// The cohort timeline card (spec §4, §9): whole calendar days since the cohort started and until
// it ends, counted in the display time zone. Cohort dates are 'YYYY-MM-DD' calendar days; they are
// never parsed with new Date('YYYY-MM-DD') (that would be UTC midnight, a day off in Chicago).
import { DISPLAY_TIME_ZONE } from '@lp/contract/constants';
import { daysBetween, formatDay, formatLongDate, todayIn } from '@/lib/dates.ts';

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

/** 'Monday, January 6, 2025' for a calendar day. */
export const longDate = (day: string) => formatDay(day, 'EEEE, MMMM d, yyyy');

/** A status date (a calendar day or an instant) as 'January 6, 2025', instants in Chicago. */
export const displayDate = formatLongDate;
