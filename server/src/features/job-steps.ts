import { slackMessageStep } from '../jobs/slack-messages.ts';
import type { StepDefinition } from '../jobs/steps.ts';
import { organisationInvitationStep } from './auth/index.ts';
import { selfAssessmentRepositoryStep } from './board/index.ts';
import { cohortDigestStep } from './cohort-health/index.ts';
import {
  githubBackfillStep,
  githubDeliveriesStep,
  templateRepositoryStep,
} from './github/index.ts';
import { ltiGradeStep } from './lti/index.ts';
import {
  announceRepositoryStep,
  archiveChannelStep,
  teamChannelStep,
  teamRepositoryStep,
  teamTicketsStep,
} from './teams/index.ts';
import { webhookDeliveryStep } from './webhooks/index.ts';

/** Every kind of job step the features define (server/src/jobs). One line per step. */
export const jobSteps: StepDefinition<unknown>[] = [
  teamChannelStep,
  archiveChannelStep,
  teamRepositoryStep,
  teamTicketsStep,
  announceRepositoryStep,
  selfAssessmentRepositoryStep,
  slackMessageStep,
  organisationInvitationStep,
  cohortDigestStep,
  githubDeliveriesStep,
  githubBackfillStep,
  templateRepositoryStep,
  webhookDeliveryStep,
  ltiGradeStep,
];
