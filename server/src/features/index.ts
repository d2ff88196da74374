import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { authRoutes } from './auth/auth.routes.ts';
import { boardRoutes } from './board/board.routes.ts';
import { capstonesRoutes } from './capstones/capstones.routes.ts';
import { catalogueRoutes } from './catalogue/index.ts';
import { cohortCsvRoutes } from './cohort-csv/cohort-csv.routes.ts';
import { cohortInfoRoutes } from './cohort-info/cohort-info.routes.ts';
import { cohortsRoutes } from './cohorts/cohorts.routes.ts';
import { coreSkillsRoutes } from './core-skills/core-skills.routes.ts';
import { eventsRoutes } from './events/events.routes.ts';
import { foundationsRoutes } from './foundations/foundations.routes.ts';
import { cohortHealthRoutes } from './health/cohort-health.routes.ts';
import { cohortProgressRoutes } from './health/cohort-progress.routes.ts';
import { digestRoutes } from './health/digest.routes.ts';
import { healthRoutes } from './health/health.routes.ts';
import { jobsRoutes } from './jobs/jobs.routes.ts';
import { learnersRoutes } from './learners/learners.routes.ts';
import { liveRoutes } from './live/live.routes.ts';
import { notesRoutes } from './notes/notes.routes.ts';
import { profileRoutes } from './profile/profile.routes.ts';
import { progressRoutes } from './progress/progress.routes.ts';
import { recordsRoutes } from './records/records.routes.ts';
import { tagsRoutes } from './tags/tags.routes.ts';
import { teamsRoutes } from './teams/teams.routes.ts';
import { usersRoutes } from './users/users.routes.ts';

/** Every feature's routes, mounted under the API prefix. One line per feature. */
export const features: FastifyPluginAsyncTypebox[] = [
  healthRoutes,
  authRoutes,
  profileRoutes,
  usersRoutes,
  catalogueRoutes,
  boardRoutes,
  liveRoutes,
  progressRoutes,
  capstonesRoutes,
  cohortsRoutes,
  cohortInfoRoutes,
  cohortHealthRoutes,
  cohortProgressRoutes,
  digestRoutes,
  cohortCsvRoutes,
  eventsRoutes,
  learnersRoutes,
  notesRoutes,
  tagsRoutes,
  recordsRoutes,
  coreSkillsRoutes,
  teamsRoutes,
  foundationsRoutes,
  jobsRoutes,
];
