import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { apiTokensRoutes } from './api-tokens/index.ts';
import { authRoutes } from './auth/index.ts';
import { boardRoutes, liveRoutes, progressRoutes } from './board/index.ts';
import { capstonesRoutes } from './capstones/index.ts';
import { catalogueRoutes } from './catalogue/index.ts';
import { cohortCsvRoutes } from './cohort-csv/index.ts';
import { cohortHealthRoutes, cohortProgressRoutes, digestRoutes } from './cohort-health/index.ts';
import { cohortInfoRoutes } from './cohort-info/index.ts';
import { cohortsRoutes } from './cohorts/index.ts';
import { coreSkillsRoutes } from './core-skills/index.ts';
import { eventsRoutes } from './events/index.ts';
import { foundationsRoutes } from './foundations/index.ts';
import { githubRoutes } from './github/index.ts';
import { interventionRoutes } from './interventions/index.ts';
import { jobsRoutes } from './jobs/index.ts';
import { learnersRoutes } from './learners/index.ts';
import { livenessRoutes } from './liveness/index.ts';
import { ltiLaunchRoutes, ltiRoutes } from './lti/index.ts';
import { notesRoutes } from './notes/index.ts';
import { oidcRoutes } from './oidc/index.ts';
import { profileRoutes } from './profile/index.ts';
import { recordsRoutes } from './records/index.ts';
import { tagsRoutes } from './tags/index.ts';
import { teamsRoutes } from './teams/index.ts';
import { invitationsRoutes, learnerAccountsRoutes, usersRoutes } from './users/index.ts';
import { webhooksRoutes } from './webhooks/index.ts';

/** Every feature's routes, mounted under the API prefix. One line per feature. */
export const features: FastifyPluginAsyncTypebox[] = [
  livenessRoutes,
  apiTokensRoutes,
  authRoutes,
  oidcRoutes,
  profileRoutes,
  usersRoutes,
  learnerAccountsRoutes,
  invitationsRoutes,
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
  githubRoutes,
  interventionRoutes,
  webhooksRoutes,
  ltiRoutes,
  ltiLaunchRoutes,
];
