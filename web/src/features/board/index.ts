// The board feature's public surface.

export { activeCourseQuery, useActiveCourse } from './api/get-active-course.ts';
export { boardQuery, useBoard } from './api/get-board.ts';
export { statusesQuery, useStatuses } from './api/get-statuses.ts';
export { ActivityFilters } from './components/activity-filters.tsx';
export type { LearnerDialogActions } from './components/board-context.ts';
export { LearnerBoard } from './components/learner-board.tsx';
export { LivePresence } from './live/live-presence.tsx';
export { useLiveBoard } from './live/use-live-board.ts';
export { type ActivityFilter, NO_ACTIVITY_FILTER } from './model/activity.ts';
export { learnerFilter } from './model/search.ts';
export type { BoardLearner } from './model/types.ts';
