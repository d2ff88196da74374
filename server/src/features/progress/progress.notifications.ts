import { ASSESSMENT_STATUS } from '@lp/contract/constants';
import type { FastifyInstance } from 'fastify';
import { SlackClient } from '../../integrations/slack.ts';

interface Learner {
  name: string;
  slack_handle: string | null;
  cohort_name: string | null;
  cohort_channel: string | null;
}

/** Sends after the change is committed; a Slack failure is logged, never undoes the change. */
async function send(app: FastifyInstance, messages: Array<[string | null, string]>) {
  const slack = new SlackClient(app.config.slack);
  if (!slack.configured) return;
  for (const [channel, text] of messages) {
    try {
      if (!(await slack.postMessage(channel, text))) {
        app.log.warn({ channel }, 'Slack did not accept a progress message');
      }
    } catch (error) {
      app.log.warn({ err: error, channel }, 'Slack message failed');
    }
  }
}

export function notifyAssessmentStarted(
  app: FastifyInstance,
  learner: Learner,
  assessment: string,
  url: string,
) {
  return send(app, [
    ...(url
      ? ([
          [
            learner.slack_handle,
            `🐙 Your self-assessment repository has been created. Visit the URL below and clone the project to your machine.\n\n${url}`,
          ],
        ] as Array<[string | null, string]>)
      : []),
    [
      learner.cohort_channel,
      `📝 ${learner.name} has started the self-assessment for ${assessment}.`,
    ],
  ]);
}

export function notifyStatusChanged(
  app: FastifyInstance,
  learner: Learner,
  assessment: { status_id: number; assessment_name: string; url: string },
) {
  if (assessment.status_id === ASSESSMENT_STATUS.readyForReview) {
    return send(app, [
      [
        learner.slack_handle,
        "🎉 Congratulations! You've completed your self-assessment. Your coaching team will review your work and provide feedback soon.",
      ],
      [
        learner.cohort_channel,
        `${learner.name} in ${learner.cohort_name ?? 'no cohort'} has completed their self-assessment for ${assessment.assessment_name}.\n\nReview it at ${assessment.url}`,
      ],
    ]);
  }
  if (assessment.status_id === ASSESSMENT_STATUS.reviewedComplete) {
    return send(app, [
      [
        learner.slack_handle,
        `:fox-yay-woo-hoo: Self-Assessment Review Complete\n\n:white_check_mark: Your coaching team just marked ${assessment.assessment_name} as completed.\n\nVisit ${app.config.clientUrl} to view your latest messages and statuses.`,
      ],
    ]);
  }
  return Promise.resolve();
}
