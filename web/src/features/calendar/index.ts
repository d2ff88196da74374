// The calendar feature's public surface: the cohort calendar, used by the cohort overlay and the
// student /calendar screen.
export type { CohortCalendarProps } from './components/cohort-calendar.tsx';
export { CohortCalendar } from './components/cohort-calendar.tsx';
export { formatDay, formatLongDay, todayIn } from './model/calendar-days.ts';
