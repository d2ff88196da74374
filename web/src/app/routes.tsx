// The route table. Add a screen with one line: { path, Component }, where Component comes from
// the feature's screens.ts (each screen is loaded lazily, in its own chunk), and optionally its
// `preload` from there too.
import type { QueryClient } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { ApiTokensPage } from '@/features/api-tokens/screens.ts';
import { CalendarPage } from '@/features/calendar/screens.ts';
import {
  AssessmentFormPage,
  AssessmentListPage,
  BookDetailPage,
  BookFormPage,
  CourseDetailPage,
  CourseFormPage,
  CourseListPage,
  ObjectivesPage,
  ProjectDetailPage,
  ProjectFormPage,
} from '@/features/catalogue/screens.ts';
import { CohortListPage, NewCohortPage } from '@/features/cohorts/screens.ts';
import { DashboardPage, preloadDashboard } from '@/features/dashboard/screens.ts';
import { FoundationsPage } from '@/features/foundations/screens.ts';
import { HealthPage } from '@/features/health/screens.ts';
import { JobsPage } from '@/features/jobs/screens.ts';
import { FeedbackPage, LearnerPage, TagsPage } from '@/features/learners/screens.ts';
import { LmsPage } from '@/features/lti/screens.ts';
import {
  CapstonesPage,
  ClientRequirementsPage,
  CoreSkillsPage,
  OverviewPage,
  ProposalPage,
  ReadmePage,
  ServerRequirementsPage,
  SlackUpdatePage,
} from '@/features/student/screens.ts';
import { TeamsPage } from '@/features/teams/screens.ts';
import { WebhooksPage } from '@/features/webhooks/screens.ts';

export interface AppRoute {
  /** React Router path, e.g. '/courses/:courseId'. */
  path: string;
  Component: ComponentType;
  /**
   * Starts the screen's chunk and first requests when a page load with a stored session opens
   * at this address (app/first-screen.ts), before React has rendered its way to the screen;
   * resolves once the screen's chunk has loaded (or failed to).
   */
  preload?: (queryClient: QueryClient) => Promise<unknown>;
}

/** Staff and instructors (not in mimic mode), under the staff navbar. */
export const staffRoutes: AppRoute[] = [
  { path: '/', Component: DashboardPage, preload: preloadDashboard },
  { path: '/teams', Component: TeamsPage },
  { path: '/jobs', Component: JobsPage },
  { path: '/cohorts', Component: CohortListPage },
  {
    path: '/cohorts/new',
    Component: NewCohortPage,
  },
  { path: '/cohorts/:cohortId/health', Component: HealthPage },
  {
    path: '/courses',
    Component: CourseListPage,
  },
  {
    path: '/courses/new',
    Component: CourseFormPage,
  },
  {
    path: '/courses/edit/:courseId',
    Component: CourseFormPage,
  },
  {
    path: '/courses/:courseId',
    Component: CourseDetailPage,
  },
  {
    path: '/books/new/:courseId',
    Component: BookFormPage,
  },
  {
    path: '/books/edit/:bookId',
    Component: BookFormPage,
  },
  {
    path: '/books/:bookId',
    Component: BookDetailPage,
  },
  {
    path: '/projects/new/:bookId',
    Component: ProjectFormPage,
  },
  {
    path: '/projects/edit/:projectId',
    Component: ProjectFormPage,
  },
  {
    path: '/projects/:projectId',
    Component: ProjectDetailPage,
  },
  {
    path: '/assessments',
    Component: AssessmentListPage,
  },
  {
    path: '/assessments/new',
    Component: AssessmentFormPage,
  },
  {
    path: '/assessments/edit/:assessmentId',
    Component: AssessmentFormPage,
  },
  {
    path: '/objectives',
    Component: ObjectivesPage,
  },
  // Tags for everyone: the only place a tag is deleted (linked from Courses and the tag dialog).
  { path: '/tags', Component: TagsPage },
  // A staff member's own API tokens (linked from Settings).
  { path: '/api-tokens', Component: ApiTokensPage },
  // The school's outgoing webhooks (linked from Settings).
  { path: '/webhooks', Component: WebhooksPage },
  // The LMS connection, LTI 1.3 (linked from Settings).
  { path: '/lms', Component: LmsPage },
  {
    path: '/learners/:learnerId',
    Component: LearnerPage,
  },
  {
    path: '/feedback/new',
    Component: FeedbackPage,
  },
  {
    path: '/foundations',
    Component: FoundationsPage,
  },
];

/** Learners, and staff in mimic mode, under the student navbar. */
export const studentRoutes: AppRoute[] = [
  { path: '/', Component: OverviewPage },
  {
    path: '/assessment',
    Component: CapstonesPage,
  },
  {
    path: '/assessment/client',
    Component: ClientRequirementsPage,
  },
  {
    path: '/assessment/server',
    Component: ServerRequirementsPage,
  },
  {
    path: '/proposal/client',
    Component: ProposalPage,
  },
  {
    path: '/slackUpdate',
    Component: SlackUpdatePage,
  },
  { path: '/readme', Component: ReadmePage },
  {
    path: '/goals',
    Component: CoreSkillsPage,
  },
  { path: '/calendar', Component: CalendarPage },
  // Anyone may see the Foundations screen (spec); learners see initials, as signed-out visitors do.
  { path: '/foundations', Component: FoundationsPage },
];

/** Reachable when signed out (under a minimal header). Every other signed-out path goes to /login. */
export const publicRoutes: AppRoute[] = [{ path: '/', Component: FoundationsPage }];
