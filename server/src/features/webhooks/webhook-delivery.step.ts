import { createHmac } from 'node:crypto';
import { OutsideError } from '../../integrations/http.ts';
import { defineStep, type StepContext, StepFailure } from '../../jobs/steps.ts';
import { checkedWebhookUrl } from './public-address.ts';
import * as repo from './webhooks.repository.ts';

const TIMEOUT_MS = 10_000;

/** The X-LP-Signature header of a body sent at `seconds` (contract/webhooks.ts). */
export function signatureOf(secret: string, seconds: number, body: string) {
  const mac = createHmac('sha256', secret).update(`${seconds}.${body}`).digest('hex');
  return `t=${seconds},v1=${mac}`;
}

type Outcome = Parameters<typeof repo.recordAttempt>[2];

const record = (context: StepContext, id: number, outcome: Outcome) =>
  context.transaction((trx) => repo.recordAttempt(trx, id, outcome));

/**
 * Sends one delivery, signed. A repeated attempt may send it again (the receiver may have taken
 * the earlier one before its answer was lost): receivers tell repeats apart by X-LP-Delivery.
 * Redirects are not followed (one could lead to a private address).
 */
export const webhookDeliveryStep = defineStep<{ deliveryId: number }>({
  kind: 'webhook-delivery',
  async run({ deliveryId }, context) {
    const delivery = await repo.deliveryToSend(context.app.db, deliveryId);
    if (!delivery) throw new StepFailure('The delivery is gone');
    if (delivery.status === 'delivered') return { summary: 'delivered' };
    const refuse = async (why: string) => {
      await record(context, deliveryId, { status: 'failed', httpStatus: null, answer: why });
      return new StepFailure(why);
    };
    if (delivery.deleted_at) throw await refuse('Not sent: the webhook was deleted.');
    try {
      await checkedWebhookUrl(delivery.url, context.app.config.webhooksAllowPrivate);
    } catch (error) {
      throw await refuse(`Not sent: ${error instanceof Error ? error.message : String(error)}`);
    }
    const body = JSON.stringify({ ...delivery.payload, delivery: delivery.id });
    const lastTry = context.attempt >= context.app.config.jobs.maxAttempts;
    let response: Response;
    try {
      response = await fetch(delivery.url, {
        method: 'POST',
        redirect: 'manual',
        signal: AbortSignal.timeout(TIMEOUT_MS),
        headers: {
          'content-type': 'application/json',
          'user-agent': 'LearningPlatform-Webhooks',
          'x-lp-event': delivery.event,
          'x-lp-delivery': String(delivery.id),
          'x-lp-signature': signatureOf(delivery.secret, Math.floor(Date.now() / 1000), body),
        },
        body,
      });
    } catch (error) {
      const why = `No answer: ${error instanceof Error ? error.message : String(error)}`;
      await record(context, deliveryId, {
        status: lastTry ? 'failed' : 'pending',
        httpStatus: null,
        answer: why,
      });
      throw new OutsideError(why);
    }
    const answer = await response.text().catch(() => '');
    if (response.ok) {
      await record(context, deliveryId, {
        status: 'delivered',
        httpStatus: response.status,
        answer,
      });
      return { summary: `delivered (${response.status})` };
    }
    const transient = response.status === 429 || response.status >= 500;
    await record(context, deliveryId, {
      status: transient && !lastTry ? 'pending' : 'failed',
      httpStatus: response.status,
      answer,
    });
    const why = `The webhook answered ${response.status}`;
    if (!transient) throw new StepFailure(why);
    const retryAfter = Number(response.headers.get('retry-after'));
    const waitMs = response.status === 429 && retryAfter > 0 ? retryAfter * 1000 : null;
    throw new OutsideError(why, response.status, waitMs);
  },
});
