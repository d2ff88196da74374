import type { WebhookEvent } from '@lp/contract/webhooks';

/** The events a webhook may ask for, in words, in the order the form offers them. */
export const EVENT_NAMES: Record<WebhookEvent, string> = {
  'learner.moved': 'A learner moved to a project',
  'self_assessment.status_changed': 'A self-assessment status changed',
  'intervention.recorded': 'An intervention recorded',
  'learner.enrolled': 'A learner enrolled in a cohort',
  'flag.raised': 'A learner newly flagged "needs attention"',
};

export const EVENTS = Object.keys(EVENT_NAMES) as WebhookEvent[];
