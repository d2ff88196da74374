// The route table. Add a screen with one line: { path, Component: lazy(() => import(...)) }.
// A lazily loaded screen module has a default export; it lives in src/features/<name>/.
import { type ComponentType, lazy } from 'react';

export interface AppRoute {
  /** React Router path, e.g. '/courses/:courseId'. */
  path: string;
  Component: ComponentType;
}

/** Staff and instructors (not in mimic mode), under the staff navbar. */
export const staffRoutes: AppRoute[] = [
  { path: '/', Component: lazy(() => import('../features/dashboard/dashboard-page.tsx')) },
  { path: '/teams', Component: lazy(() => import('../features/teams/teams-page.tsx')) },
  { path: '/cohorts', Component: lazy(() => import('../features/cohorts/cohort-list-page.tsx')) },
  {
    path: '/cohorts/new',
    Component: lazy(() => import('../features/cohorts/new-cohort-page.tsx')),
  },
  {
    path: '/courses',
    Component: lazy(() => import('../features/catalogue/courses/course-list-page.tsx')),
  },
  {
    path: '/courses/new',
    Component: lazy(() => import('../features/catalogue/courses/course-form-page.tsx')),
  },
  {
    path: '/courses/edit/:courseId',
    Component: lazy(() => import('../features/catalogue/courses/course-form-page.tsx')),
  },
  {
    path: '/courses/:courseId',
    Component: lazy(() => import('../features/catalogue/courses/course-detail-page.tsx')),
  },
  {
    path: '/books/new/:courseId',
    Component: lazy(() => import('../features/catalogue/books/book-form-page.tsx')),
  },
  {
    path: '/books/edit/:bookId',
    Component: lazy(() => import('../features/catalogue/books/book-form-page.tsx')),
  },
  {
    path: '/books/:bookId',
    Component: lazy(() => import('../features/catalogue/books/book-detail-page.tsx')),
  },
  {
    path: '/projects/new/:bookId',
    Component: lazy(() => import('../features/catalogue/projects/project-form-page.tsx')),
  },
  {
    path: '/projects/edit/:projectId',
    Component: lazy(() => import('../features/catalogue/projects/project-form-page.tsx')),
  },
  {
    path: '/projects/:projectId',
    Component: lazy(() => import('../features/catalogue/projects/project-detail-page.tsx')),
  },
  {
    path: '/assessments',
    Component: lazy(() => import('../features/catalogue/assessments/assessment-list-page.tsx')),
  },
  {
    path: '/assessments/new',
    Component: lazy(() => import('../features/catalogue/assessments/assessment-form-page.tsx')),
  },
  {
    path: '/assessments/edit/:assessmentId',
    Component: lazy(() => import('../features/catalogue/assessments/assessment-form-page.tsx')),
  },
  {
    path: '/objectives',
    Component: lazy(() => import('../features/catalogue/objectives/objectives-page.tsx')),
  },
  {
    path: '/learners/:learnerId',
    Component: lazy(() => import('../features/learners/pages/learner-page.tsx')),
  },
  {
    path: '/feedback/new',
    Component: lazy(() => import('../features/learners/pages/feedback-page.tsx')),
  },
  {
    path: '/foundations',
    Component: lazy(() => import('../features/foundations/foundations-page.tsx')),
  },
];

/** Learners, and staff in mimic mode, under the student navbar. */
export const studentRoutes: AppRoute[] = [
  { path: '/', Component: lazy(() => import('../features/student/pages/overview-page.tsx')) },
  {
    path: '/assessment',
    Component: lazy(() => import('../features/student/pages/capstones-page.tsx')),
  },
  {
    path: '/assessment/client',
    Component: lazy(() => import('../features/student/pages/requirements-page.tsx')),
  },
  {
    path: '/assessment/server',
    Component: lazy(() => import('../features/student/pages/server-requirements-page.tsx')),
  },
  {
    path: '/proposal/client',
    Component: lazy(() => import('../features/student/pages/proposal-page.tsx')),
  },
  {
    path: '/slackUpdate',
    Component: lazy(() => import('../features/student/pages/slack-update-page.tsx')),
  },
  { path: '/readme', Component: lazy(() => import('../features/student/pages/readme-page.tsx')) },
  {
    path: '/goals',
    Component: lazy(() => import('../features/student/pages/core-skills-page.tsx')),
  },
  { path: '/calendar', Component: lazy(() => import('../features/calendar/calendar-page.tsx')) },
];

/** Reachable when signed out (under a minimal header). Every other signed-out path goes to /login. */
export const publicRoutes: AppRoute[] = [
  { path: '/', Component: lazy(() => import('../features/foundations/foundations-page.tsx')) },
];
