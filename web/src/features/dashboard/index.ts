// The dashboard feature's public surface: the upcoming-events panel, also on the learner's
// overview. The board screen itself is in screens.ts.
export { todayIn } from './model/upcoming-events.ts';
export { UpcomingEventsPanel } from './upcoming-events-panel.tsx';
