import { type Static, Type } from 'typebox';
import { Nullable, Timestamp } from './common.ts';

/*
 * Outgoing webhooks: staff register a URL; the events it asks for are POSTed to it as JSON, each
 * signed, delivered by the job queue with retries. Staff only.
 *
 * GET /webhooks → 200 Webhook[] (newest first)
 * POST /webhooks {url, events} → 201 CreatedWebhook: the signing secret is in this answer only;
 *   400 naming `url` for anything but http(s), or (unless WEBHOOKS_ALLOW_PRIVATE) a host that
 *   resolves to a loopback, private or otherwise non-public address
 * DELETE /webhooks/{id} → 200 Webhook (no more deliveries), undone by POST /webhooks/{id}/restore
 * GET /webhooks/{id}/deliveries → 200 WebhookDelivery[] (the newest 50)
 *
 * Each delivery: POST with the event's JSON (WebhookPayload) and the headers
 *   X-LP-Event: the event; X-LP-Delivery: the delivery's id (the same on every attempt);
 *   X-LP-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>" keyed with the secret>.
 * A receiver checks the HMAC and that t is recent. A 2xx answer delivers it; no answer, 429 or
 * 5xx is tried again with backoff; any other answer fails it for good.
 */

export const WebhookEvent = Type.Union([
  Type.Literal('learner.moved'),
  Type.Literal('self_assessment.status_changed'),
  Type.Literal('intervention.recorded'),
  Type.Literal('learner.enrolled'),
  /** A learner newly flagged "needs attention" (act_now, the board's marker); once per rise. */
  Type.Literal('flag.raised'),
]);
export type WebhookEvent = Static<typeof WebhookEvent>;

export const Webhook = Type.Object({
  id: Type.Integer(),
  url: Type.String(),
  events: Type.Array(WebhookEvent),
  created_at: Timestamp,
  deleted_at: Nullable(Timestamp),
});
export type Webhook = Static<typeof Webhook>;
export const WebhookList = Type.Array(Webhook);
export type WebhookList = Static<typeof WebhookList>;

export const CreatedWebhook = Type.Intersect([Webhook, Type.Object({ secret: Type.String() })]);
export type CreatedWebhook = Static<typeof CreatedWebhook>;

export const CreateWebhookBody = Type.Object({
  url: Type.String({ minLength: 1, maxLength: 2000 }),
  events: Type.Array(WebhookEvent, { minItems: 1, uniqueItems: true }),
});
export type CreateWebhookBody = Static<typeof CreateWebhookBody>;

export const WebhookDelivery = Type.Object({
  id: Type.Integer(),
  event: WebhookEvent,
  /** pending: not yet sent or being tried again; delivered: a 2xx answer; failed: for good. */
  status: Type.Union([Type.Literal('pending'), Type.Literal('delivered'), Type.Literal('failed')]),
  attempts: Type.Integer(),
  /** The last attempt's HTTP status; null before any answer. */
  last_status: Nullable(Type.Integer()),
  /** The start of the last answer's body, or why no answer came. */
  last_answer: Nullable(Type.String()),
  created_at: Timestamp,
  delivered_at: Nullable(Timestamp),
});
export type WebhookDelivery = Static<typeof WebhookDelivery>;
export const WebhookDeliveryList = Type.Array(WebhookDelivery);
export type WebhookDeliveryList = Static<typeof WebhookDeliveryList>;

/** What each delivery's body holds. */
export const WebhookPayload = Type.Object({
  event: WebhookEvent,
  delivery: Type.Integer(),
  at: Timestamp,
  learner: Nullable(Type.Object({ id: Type.Integer(), name: Type.String() })),
  cohorts: Type.Array(Type.Integer()),
  /** In words: 'moved to Mortgage Qualifiers', 'status: Ready for Review'. */
  summary: Type.String(),
  actor: Nullable(Type.Object({ id: Type.Integer(), name: Type.String() })),
});
export type WebhookPayload = Static<typeof WebhookPayload>;
