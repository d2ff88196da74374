import type { FastifyInstance } from 'fastify';
import type { Transaction } from 'kysely';
import type { JobSettings } from '../config.ts';
import type { Database } from '../db/schema.ts';
import { OutsideError } from '../integrations/http.ts';

/** A step as planned when its job is queued. `phase` groups steps for the progress in words. */
export interface PlannedStep {
  kind: string;
  phase: string;
  label: string;
  input: Record<string, unknown>;
  /** Names the step for the `after` of other steps of its job. */
  key?: string;
  /** Keys of steps of the same job that must be done first (a missing key is no wait). */
  after?: string[];
}

/** What a step's handler gets besides its input. */
export interface StepContext {
  app: FastifyInstance;
  jobId: number;
  /** Who queued the job, for the audit rows of what the step records. */
  actorId: number | null;
  /**
   * This attempt against the step's budget: 1 on the first, and again after a retry or after the
   * step recorded progress (rate-limit waits are not counted).
   */
  attempt: number;
  /** Whether an earlier attempt (before a retry too) may have acted: check before acting. */
  repeated: boolean;
  /** What an earlier attempt recorded with `saveProgress`. */
  progress: Record<string, unknown>;
  /** Records part of the step as done, so a later attempt does not do it again. */
  saveProgress(progress: Record<string, unknown>): Promise<void>;
  /**
   * Runs the step's own writes in a transaction that commits only while this process still holds
   * the step: one that stalled past its lease, the step taken over by another, records nothing.
   */
  transaction<T>(work: (trx: Transaction<Database>) => Promise<T>): Promise<T>;
}

/**
 * One kind of step: carries out an outside effect and answers what it did (kept as the step's
 * result; `summary` is shown). It must be safe to run again after any failure or crash: it checks
 * before it acts. It throws StepFailure to give up at once, an OutsideError to be retried when
 * the other side may answer later.
 */
export interface StepDefinition<Input> {
  kind: string;
  run(input: Input, context: StepContext): Promise<StepResult>;
}

export type StepResult = { summary?: string } & Record<string, unknown>;

/** A step that cannot succeed by trying again (the team is gone, GitHub refused for good). */
export class StepFailure extends Error {}

/** Definitions are typed by their input; the queue stores it as JSON it wrote itself. */
export function defineStep<Input>(definition: StepDefinition<Input>): StepDefinition<unknown> {
  return definition as StepDefinition<unknown>;
}

/** Whether the other side only asked to wait: no failed attempt, nothing was done. */
export const isRateLimit = (error: unknown) =>
  error instanceof OutsideError && error.transient && error.waitMs !== null;

/**
 * Milliseconds to wait before the next attempt of a step that threw `error` on its `attempt`th
 * failed attempt, or null to give up now. Rate limits wait what the other side named, however
 * often (a wait is not a failure); server errors and no answer back off, doubling with each
 * attempt, until `maxAttempts`; other refusals are final. Every wait is capped by `maxWaitMs`.
 */
export function retryDelay(error: unknown, attempt: number, settings: JobSettings): number | null {
  if (error instanceof StepFailure) return null;
  if (error instanceof OutsideError) {
    if (!error.transient) return null;
    if (error.waitMs !== null) return Math.min(Math.max(error.waitMs, 1), settings.maxWaitMs);
  }
  if (attempt >= settings.maxAttempts) return null;
  return Math.min(settings.backoffMs * 2 ** (attempt - 1), settings.maxWaitMs);
}

/** The words kept on a failed step: the other side's message where there is one. */
export function failureMessage(error: unknown): string {
  if (error instanceof StepFailure || error instanceof OutsideError) return error.message;
  if (error instanceof Error && error.name === 'TimeoutError') return 'No answer in time';
  if (error instanceof TypeError) return 'Could not reach the service';
  return error instanceof Error ? error.message : String(error);
}
