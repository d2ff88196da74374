import type { CohortHealth } from '@lp/contract/health';
import type { Kysely } from 'kysely';
import type { HealthSettings } from '../../config.ts';
import type { Database } from '../../db/schema.ts';
import { notFound } from '../../lib/http-errors.ts';
import {
  type CohortFacts,
  type PaceHistories,
  paceHistoriesOf,
  reportOf,
} from './cohort-health.report.ts';
import * as repo from './cohort-health.repository.ts';
import { healthCacheOf } from './health-cache.ts';

// json arrives parsed from node-postgres and as text from some drivers.
const parsedJson = <T>(value: T | string): T =>
  typeof value === 'string' ? (JSON.parse(value) as T) : value;

async function readFacts(
  db: Kysely<Database>,
  cohortId: number,
  skillLevel: number,
): Promise<CohortFacts | undefined> {
  const cohort = await repo.findCohort(db, cohortId);
  if (!cohort) return undefined;
  const [rows, queue, books] = await Promise.all([
    repo.learners(db, cohortId, skillLevel),
    repo.reviewQueue(db, cohortId),
    repo.cohortBooks(db, cohortId),
  ]);
  const learners = rows.map((row) => ({ ...row, low_skills: parsedJson(row.low_skills) }));
  return { cohort, learners, queue, books };
}

const readHistory = async (db: Kysely<Database>): Promise<PaceHistories> =>
  paceHistoriesOf(await repo.paceHistory(db));

/**
 * Who in the cohort needs attention and why; 404 for an unknown cohort. With the app's database
 * what it is made of comes from memory while unchanged (health-cache.ts); the days are counted
 * now, on every call.
 */
export async function cohortHealth(
  db: Kysely<Database>,
  cohortId: number,
  settings: HealthSettings,
): Promise<CohortHealth> {
  const cache = healthCacheOf(db);
  const level = settings.coreSkillLevel;
  const facts = cache
    ? await cache.cohort(cohortId, level, () => readFacts(db, cohortId, level))
    : await readFacts(db, cohortId, level);
  if (!facts) throw notFound('Cohort');
  const history = cache ? await cache.paceHistory(() => readHistory(db)) : await readHistory(db);
  return reportOf(facts, history, settings, new Date());
}
