import type { FastifyInstance } from 'fastify';
import { notFound } from '../../lib/http-errors.ts';
import * as repo from './board.repository.ts';

/** Bumped when the board's JSON shape changes, so browsers never keep a body of the old shape. */
const BOARD_SHAPE = 1;

/**
 * The ETag names the board's content: the cohort's and the catalogue's version counters (kept
 * by triggers, see migration 0500) and today's date in the cohort's zone (durations are days).
 */
const etagOf = (row: repo.BoardVersionRow) =>
  `"board-${row.id}-${row.cohort_version}-${row.catalogue_version}-${row.today}-${BOARD_SHAPE}"`;

/** True when an If-None-Match header lists the ETag (or is `*`). */
export function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((candidate) => {
    const tag = candidate.trim().replace(/^W\//, '');
    return tag === '*' || tag === etag;
  });
}

export type BoardAnswer =
  | { status: 304; etag: string }
  | { status: 200; etag: string; body: string };

/** The board of a cohort, or 304 when the caller already holds the current one. */
export async function readBoard(
  app: FastifyInstance,
  cohortId: number,
  ifNoneMatch: string | undefined,
): Promise<BoardAnswer> {
  if (ifNoneMatch) {
    const version = await repo.boardVersion(app.db, cohortId);
    if (!version) throw notFound('Cohort');
    const etag = etagOf(version);
    if (matchesEtag(ifNoneMatch, etag)) return { status: 304, etag };
  }
  const row = await repo.board(app.db, cohortId);
  if (!row) throw notFound('Cohort');
  return { status: 200, etag: etagOf(row), body: row.body };
}
