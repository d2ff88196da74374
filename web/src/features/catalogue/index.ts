// The catalogue feature's public surface: the course list other screens choose from (one hook,
// one cache key). Its screens are in screens.ts.
export { useActiveCourses } from './api/courses.ts';
