// The calendar feature's public surface. It owns the cohort's events (GET /events): the cohort
// calendar (cohort overlay, learner /calendar screen) and the upcoming-events panel (board and
// learner overview) read them through one hook and one cache key.
export { cohortEventsQuery } from './api/calendar-api.ts';
export { CohortCalendar } from './components/cohort-calendar.tsx';
export { UpcomingEventsPanel } from './components/upcoming-events-panel.tsx';
