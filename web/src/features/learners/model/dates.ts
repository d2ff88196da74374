import { DISPLAY_TIME_ZONE } from '@lp/contract/constants';

const longDate = new Intl.DateTimeFormat('en-US', {
  timeZone: DISPLAY_TIME_ZONE,
  year: 'numeric',
  month: 'long',
  day: 'numeric',
});

const shortDate = new Intl.DateTimeFormat('en-US', {
  timeZone: DISPLAY_TIME_ZONE,
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
});

const dateTime = new Intl.DateTimeFormat('en-US', {
  timeZone: DISPLAY_TIME_ZONE,
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

/** An instant as a long US date in America/Chicago: 'January 5, 2025'. */
export const formatLongDate = (iso: string) => longDate.format(new Date(iso));

/** An instant as M/D/YYYY in America/Chicago: '1/5/2025'. */
export const formatShortDate = (instant: Date | string) => shortDate.format(new Date(instant));

/** An instant with its time in America/Chicago: 'Jan 5, 2025, 3:04 PM'. */
export const formatDateTime = (iso: string) => dateTime.format(new Date(iso));

/** The entry note written when an objective is marked achieved (spec §4). */
export const achievedOnNote = (now: Date = new Date()) => `Achieved on ${formatShortDate(now)}`;
