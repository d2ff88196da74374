import type { CohortHealth } from '@lp/contract/health';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { HealthSettings } from '../../config.ts';
import type { Database } from '../../db/schema.ts';
import { notFound } from '../../lib/http-errors.ts';
import { parsedJson } from '../../lib/parsed-json.ts';
import type { KeptRead } from '../../plugins/kept-answer.ts';
import { findCohort } from '../cohorts/index.ts';
import {
  type CohortFacts,
  figuresHoldUntil,
  type PaceHistories,
  paceHistoriesOf,
  reportOf,
} from './cohort-health.report.ts';
import * as repo from './cohort-health.repository.ts';

async function readFacts(
  db: Kysely<Database>,
  cohortId: number,
  skillLevel: number,
): Promise<CohortFacts | undefined> {
  const cohort = await findCohort(db, cohortId);
  if (!cohort) return undefined;
  const [rows, queue, books] = await Promise.all([
    repo.learners(db, cohortId, skillLevel),
    repo.reviewQueue(db, cohortId),
    repo.cohortBooks(db, cohortId),
  ]);
  const learners = rows.map((row) => ({ ...row, low_skills: parsedJson(row.low_skills) }));
  return { cohort, learners, queue, books };
}

const readHistory = async (db: Kysely<Database>, percentile: number): Promise<PaceHistories> =>
  paceHistoriesOf(await repo.stayLengths(db), percentile);

/**
 * What the cohort's report is made of, each part a kept read (kept while the tables its
 * statements read are unchanged, lib/cached-reads.ts): the cohort's facts, and the pace history
 * of every project and book (counts kept as moves happen) and every intervention's outcome,
 * both shared by every cohort.
 * 404 for an unknown cohort.
 */
async function figuresOf(
  { db, keptAnswers }: FastifyInstance,
  cohortId: number,
  { coreSkillLevel, pacePercentile }: HealthSettings,
) {
  const facts = await keptAnswers.read(`health facts ${cohortId} ${coreSkillLevel}`, () =>
    readFacts(db, cohortId, coreSkillLevel),
  );
  if (!facts) throw notFound('Cohort');
  const history = await keptAnswers.read(`health pace history ${pacePercentile}`, () =>
    readHistory(db, pacePercentile),
  );
  const outcomes = await keptAnswers.read('health intervention outcomes', () =>
    repo.interventionOutcomes(db),
  );
  return { facts, history, outcomes };
}

/** Who in the cohort needs attention and why, counted now; 404 for an unknown cohort. */
export async function cohortHealth(
  app: FastifyInstance,
  cohortId: number,
  settings = app.config.health,
): Promise<CohortHealth> {
  const { facts, history, outcomes } = await figuresOf(app, cohortId, settings);
  return reportOf(facts, history, settings, new Date(), outcomes);
}

/**
 * The cohort's report as a kept read: the same answer, its `generated_at` included, is sent
 * again while nothing it shows has changed and none of its day counts has moved on, so an
 * unchanged report costs neither a query nor a compression.
 */
export function cohortHealthRead(app: FastifyInstance, cohortId: number): KeptRead<CohortHealth> {
  const settings = app.config.health;
  let holdsUntil = Number.POSITIVE_INFINITY;
  return {
    variant: String(cohortId),
    load: async () => {
      const { facts, history, outcomes } = await figuresOf(app, cohortId, settings);
      const at = new Date();
      holdsUntil = figuresHoldUntil(facts, at.getTime(), settings.restDays, outcomes);
      return reportOf(facts, history, settings, at, outcomes);
    },
    until: () => holdsUntil,
  };
}
