import type { CohortHealth } from '@lp/contract/health';
import type { Kysely } from 'kysely';
import type { HealthSettings } from '../../config.ts';
import type { Database } from '../../db/schema.ts';
import { EncodedBody } from '../../lib/encoded-body.ts';
import { notFound } from '../../lib/http-errors.ts';
import { entityTag } from '../../plugins/conditional-get.ts';
import {
  type CohortFacts,
  figuresHoldUntil,
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
 * What the cohort's report is made of: from memory while unchanged with the app's database
 * (health-cache.ts), read afresh otherwise. 404 for an unknown cohort.
 */
async function figuresOf(db: Kysely<Database>, cohortId: number, skillLevel: number) {
  const cache = healthCacheOf(db);
  const facts = cache
    ? await cache.cohort(cohortId, skillLevel, () => readFacts(db, cohortId, skillLevel))
    : await readFacts(db, cohortId, skillLevel);
  if (!facts) throw notFound('Cohort');
  const history = cache ? await cache.paceHistory(() => readHistory(db)) : await readHistory(db);
  return { cache, facts, history };
}

/** Who in the cohort needs attention and why, counted now; 404 for an unknown cohort. */
export async function cohortHealth(
  db: Kysely<Database>,
  cohortId: number,
  settings: HealthSettings,
): Promise<CohortHealth> {
  const { facts, history } = await figuresOf(db, cohortId, settings.coreSkillLevel);
  return reportOf(facts, history, settings, new Date());
}

/** A report as the route sends it: its JSON text (and compressed forms) and its ETag. */
export interface HealthAnswer {
  body: EncodedBody;
  etag: string;
}

/**
 * The cohort's report as JSON (`serialize`: the route's response schema). The same answer is
 * sent again, its `generated_at` included, while nothing it shows has changed and none of its
 * day counts has moved on, so an unchanged report costs neither a query nor a compression.
 */
export async function cohortHealthAnswer(
  db: Kysely<Database>,
  cohortId: number,
  settings: HealthSettings,
  serialize: (report: CohortHealth) => string | Uint8Array | ArrayBuffer,
): Promise<HealthAnswer> {
  const { cache, facts, history } = await figuresOf(db, cohortId, settings.coreSkillLevel);
  const at = new Date();
  const make = () => {
    const json = serialize(reportOf(facts, history, settings, at));
    const bytes = typeof json === 'string' ? Buffer.from(json) : Buffer.from(new Uint8Array(json));
    return {
      answer: { body: new EncodedBody(bytes), etag: entityTag(bytes) },
      until: figuresHoldUntil(facts, at.getTime()),
    };
  };
  if (!cache) return make().answer;
  const figures = { facts, history, settings: JSON.stringify(settings) };
  return cache.answer(cohortId, figures, at.getTime(), make);
}
