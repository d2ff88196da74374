import { slackMessageStep } from '../jobs/slack-messages.ts';
import type { StepDefinition } from '../jobs/steps.ts';
import { organisationInvitationStep } from './auth/auth.steps.ts';
import { cohortDigestStep } from './health/digest.steps.ts';
import { selfAssessmentRepositoryStep } from './progress/progress.steps.ts';
import { teamRepositoryStep, teamTicketsStep } from './teams/teams.github.ts';
import { archiveChannelStep, teamChannelStep } from './teams/teams.slack.ts';

/** Every kind of job step the features define (server/src/jobs). One line per step. */
export const jobSteps: StepDefinition<unknown>[] = [
  teamChannelStep,
  archiveChannelStep,
  teamRepositoryStep,
  teamTicketsStep,
  selfAssessmentRepositoryStep,
  slackMessageStep,
  organisationInvitationStep,
  cohortDigestStep,
];
