import type { FastifyInstance } from 'fastify';
import { Coalescer } from '../../lib/coalesce.ts';
import { chooseEncoding, EncodedBody, type Encoding } from '../../lib/encoded-body.ts';
import { notFound } from '../../lib/http-errors.ts';
import { matchesIfNoneMatch } from '../../plugins/conditional-get.ts';
import * as repo from './board.repository.ts';

/** Bumped when the board's JSON shape changes, so browsers never keep a body of the old shape. */
const BOARD_SHAPE = 1;
const CACHED_BOARDS = 200;

/**
 * The ETag names the board's content: the cohort's and the catalogue's version counters (kept
 * by triggers in the same transactions as the changes, see migration 0500) and today's date in
 * the cohort's zone (durations are counted in days).
 */
const etagOf = (row: repo.BoardVersionRow) =>
  `"board-${row.id}-${row.cohort_version}-${row.catalogue_version}-${row.today}-${BOARD_SHAPE}"`;

/**
 * Boards already built, by cohort, each under the ETag computed in the same statement as its body.
 * A body is only reused while its version is current: the version comes from memory while the
 * database's notifications keep it true (board-versions.ts), otherwise from a version query
 * (concurrent requests share one sent after they arrived, see coalesce.ts). So several API
 * processes stay correct, each hearing the others' changes from the database.
 */
export class BoardCache {
  private readonly boards = new Map<number, { etag: string; body: EncodedBody }>();
  readonly versions = new Coalescer<number, repo.BoardVersionRow | undefined>();
  readonly builds = new Coalescer<number, repo.BoardRow | undefined>();

  has(cohortId: number): boolean {
    return this.boards.has(cohortId);
  }

  get(cohortId: number, etag: string): EncodedBody | undefined {
    const entry = this.boards.get(cohortId);
    return entry?.etag === etag ? entry.body : undefined;
  }

  set(cohortId: number, etag: string, body: EncodedBody) {
    this.boards.delete(cohortId);
    this.boards.set(cohortId, { etag, body });
    if (this.boards.size > CACHED_BOARDS) {
      const oldest = this.boards.keys().next().value;
      if (oldest !== undefined) this.boards.delete(oldest);
    }
  }
}

/**
 * A 200's body is the board's JSON text, made once per version and sent as is: compressed (once
 * per version and encoding) when `encoding` says so.
 */
export type BoardAnswer =
  | { status: 304; etag: string }
  | { status: 200; etag: string; body: Buffer; encoding?: Encoding };

/** A 200 in the encoding the caller accepts best (a 304 has no body: no encoding to choose). */
const bodyAnswer = (etag: string, body: EncodedBody, acceptEncoding?: string): BoardAnswer => ({
  status: 200,
  etag,
  ...body.in(chooseEncoding(acceptEncoding)),
});

/** The board of a cohort, or 304 when the caller already holds the current one. */
export async function readBoard(
  app: FastifyInstance,
  cache: BoardCache,
  cohortId: number,
  ifNoneMatch: string | undefined,
  acceptEncoding?: string,
): Promise<BoardAnswer> {
  // With nothing to compare (no If-None-Match, no built board), the board statement alone answers.
  if (ifNoneMatch || cache.has(cohortId)) {
    const version =
      app.boardVersions.current(cohortId) ??
      (await cache.versions.read(cohortId, () =>
        app.boardVersions.read(() => repo.boardVersion(app.db, cohortId)),
      ));
    if (!version) throw notFound('Cohort');
    const etag = etagOf(version);
    if (matchesIfNoneMatch(ifNoneMatch, etag)) return { status: 304, etag };
    const cached = cache.get(cohortId, etag);
    if (cached !== undefined) return bodyAnswer(etag, cached, acceptEncoding);
  }

  const row = await cache.builds.read(cohortId, () => repo.board(app.db, cohortId));
  if (!row) throw notFound('Cohort');
  const fresh = etagOf(row);
  const body = new EncodedBody(Buffer.from(row.body));
  cache.set(cohortId, fresh, body);
  return bodyAnswer(fresh, body, acceptEncoding);
}
