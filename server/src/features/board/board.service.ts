import type { FastifyInstance } from 'fastify';
import { notFound } from '../../lib/http-errors.ts';
import type { KeptRead } from '../../plugins/kept-answer.ts';
import * as repo from './board.repository.ts';

const QUARTER_HOUR_MS = 15 * 60 * 1000;

/**
 * The board counts whole days in the cohort's time zone, and every zone's day begins on a
 * quarter hour of UTC: a board built before the next one may say the same until then.
 */
export const nextQuarterHour = (now: number) =>
  (Math.floor(now / QUARTER_HOUR_MS) + 1) * QUARTER_HOUR_MS;

/**
 * A cohort's board as a kept read: the JSON its one statement builds, answered from memory while
 * none of the tables it reads has changed and its day has not moved on. 404 for an unknown cohort.
 */
export const boardRead = (app: FastifyInstance, cohortId: number): KeptRead<never> => ({
  variant: `cohort=${cohortId}`,
  load: async () => {
    const row = await repo.board(app.db, cohortId);
    if (!row) throw notFound('Cohort');
    return Buffer.from(row.body);
  },
  until: nextQuarterHour,
});
