import { type Static, Type } from 'typebox';
import { Nullable, Timestamp } from './common.ts';

const Id = Type.Integer({ minimum: 1, maximum: 2147483647 });

/** What a job does: saving teams, ticket migration, a self-assessment repository, … */
export const JobKind = Type.Union([
  Type.Literal('team-save'),
  Type.Literal('team-reset'),
  Type.Literal('ticket-migration'),
  Type.Literal('self-assessment'),
  Type.Literal('organisation-invitation'),
  Type.Literal('slack-messages'),
  Type.Literal('cohort-digest'),
  /** Webhook deliveries from GitHub recorded as the learners' activity (github.ts). */
  Type.Literal('github-deliveries'),
  /** A learner's repository made from their new project's template. */
  Type.Literal('template-repository'),
  /** A linked repository's recent history read from GitHub. */
  Type.Literal('github-backfill'),
  /** Events sent to the webhooks staff registered (webhooks.ts). */
  Type.Literal('webhook-deliveries'),
  /** A review's grade sent to the LMS courses linked to the learner's cohort (lti.ts). */
  Type.Literal('lti-grades'),
]);
export type JobKind = Static<typeof JobKind>;

export const JobListQuery = Type.Object({ cohort: Id });

/** Which outside services this server may work with: jobs happen only where one is configured. */
export const JobIntegrations = Type.Object({
  slack: Type.Boolean(),
  github: Type.Boolean(),
});
export type JobIntegrations = Static<typeof JobIntegrations>;
export type JobListQuery = Static<typeof JobListQuery>;

/** Retries one failed step of the job, or all of them without `step`. */
export const JobRetryBody = Type.Object({ step: Type.Optional(Id) });
export type JobRetryBody = Static<typeof JobRetryBody>;

/**
 * One outside effect of a job ('Team 2 repository'). `phase` groups the steps shown together in
 * the progress ('Creating repositories'); `error` is the other side's message (kept while a
 * pending step waits to be tried again); `summary` says what a done step made.
 */
export const JobStep = Type.Object({
  id: Type.Integer(),
  phase: Type.String(),
  label: Type.String(),
  status: Type.Union([Type.Literal('pending'), Type.Literal('done'), Type.Literal('failed')]),
  attempts: Type.Integer(),
  error: Nullable(Type.String()),
  summary: Nullable(Type.String()),
});
export type JobStep = Static<typeof JobStep>;

export const JobStatus = Type.Union([
  Type.Literal('queued'),
  Type.Literal('running'),
  Type.Literal('done'),
  Type.Literal('failed'),
]);
export type JobStatus = Static<typeof JobStatus>;

/**
 * Work done at GitHub and Slack off the request. 'failed' = every step ran and at least one
 * failed (POST /jobs/{id}/retry tries them again). `duration_ms` runs from the first claim to the
 * end (null until it ended). `next_attempt_at`: when a queued job whose step's attempt failed (an
 * outage, a rate limit: the step's `error` says which) is tried again; null otherwise.
 */
export const Job = Type.Object({
  id: Type.Integer(),
  kind: JobKind,
  cohort: Nullable(Type.Integer()),
  status: JobStatus,
  created_at: Timestamp,
  started_at: Nullable(Timestamp),
  finished_at: Nullable(Timestamp),
  duration_ms: Nullable(Type.Integer()),
  next_attempt_at: Nullable(Timestamp),
  steps: Type.Array(JobStep),
});
export type Job = Static<typeof Job>;
