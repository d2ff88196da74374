import type { BoardChange } from '@lp/contract/live';
import { type Kysely, type Selectable, sql } from 'kysely';
import { BOARD_CHANGES_KEPT } from '../../../db/migrations/0700-live-board.ts';
import type { Database, Db } from '../../../db/schema.ts';
import { isoTimestamp } from '../../../lib/dates.ts';
import { lockName } from '../../../lib/name-lock.ts';
import type { SignedInPerson } from '../../../plugins/principal.ts';

export const cohortExists = async (db: Db, id: number) =>
  (await db.selectFrom('cohorts').select('id').where('id', '=', id).executeTakeFirst()) !==
  undefined;

/** Stores a ticket's hash; expired tickets are swept on the way. */
export async function insertTicket(
  db: Db,
  ticket: { hash: string; personId: number; tokenId: number; cohortId: number; expiresAt: Date },
) {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('live_tickets').where('expires_at', '<', new Date()).execute();
    await trx
      .insertInto('live_tickets')
      .values({
        ticket_hash: ticket.hash,
        person_id: ticket.personId,
        token_id: ticket.tokenId,
        cohort_id: ticket.cohortId,
        expires_at: ticket.expiresAt,
      })
      .execute();
  });
}

/**
 * Redeems a ticket: it is deleted whatever happens (single use), and names its person only while
 * it is unexpired, for this cohort, and its token and person are still good.
 */
export async function redeemTicket(
  db: Db,
  hash: string,
  cohortId: number,
): Promise<SignedInPerson | undefined> {
  const { rows } = await sql<{
    token_id: number;
    id: number;
    username: string;
    first_name: string;
    last_name: string;
    is_staff: boolean;
  }>`with redeemed as (delete from live_tickets where ticket_hash = ${hash} returning *)
    select t.id as token_id, p.id, p.username, p.first_name, p.last_name, p.is_staff
    from redeemed r
    join tokens t on t.id = r.token_id
    join people p on p.id = r.person_id
    where r.expires_at > now() and r.cohort_id = ${cohortId}
      and t.revoked_at is null and t.expires_at > now() and p.is_active`.execute(db);
  const row = rows[0];
  return (
    row && {
      id: row.id,
      username: row.username,
      firstName: row.first_name,
      lastName: row.last_name,
      isStaff: row.is_staff,
      tokenId: row.token_id,
    }
  );
}

/** Of these tokens, the ones still good (a deletion revokes every token of the person). */
export async function validTokens(db: Db, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectFrom('tokens')
    .select('id')
    .where('id', 'in', ids)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', new Date())
    .execute();
  return new Set(rows.map((row) => row.id));
}

type ChangeRow = Selectable<Database['board_changes']>;

const changeOf = (row: ChangeRow): BoardChange => ({
  id: String(row.position),
  cohort: row.cohort_id,
  student_id: row.student_id,
  kind: row.kind as BoardChange['kind'],
  summary: row.summary,
  actor: row.actor_id === null ? null : { id: row.actor_id, name: row.actor_name ?? '' },
  at: isoTimestamp(row.created_at),
});

export type Replay = { changes: BoardChange[] } | { gap: true; newest: number };

/**
 * The cohort's changes after position `after`, in order; a gap when some of them may be gone
 * (older than the last BOARD_CHANGES_KEPT changes, more than `limit`, or an id this database
 * never gave).
 */
export async function changesAfter(
  db: Db,
  cohortId: number,
  after: number,
  limit: number,
): Promise<Replay> {
  const last = await newestChange(db);
  if (after > last || after < last - BOARD_CHANGES_KEPT) return { gap: true, newest: last };
  const rows = await db
    .selectFrom('board_changes')
    .selectAll()
    .where('cohort_id', '=', cohortId)
    .where('position', '>', after)
    .orderBy('position')
    .limit(limit + 1)
    .execute();
  if (rows.length > limit) return { gap: true, newest: last };
  return { changes: rows.map(changeOf) };
}

/** The newest change's position (0 before the first). */
export async function newestChange(db: Db): Promise<number> {
  const newest = await db
    .selectFrom('board_changes')
    .select((eb) => eb.fn.max('position').as('newest'))
    .executeTakeFirst();
  return Number(newest?.newest ?? 0);
}

/** Every cohort's changes committed after position `after`, in order, at most `limit`. */
export async function changesSince(db: Db, after: number, limit: number): Promise<BoardChange[]> {
  const rows = await db
    .selectFrom('board_changes')
    .selectAll()
    .where('position', '>', after)
    .orderBy('position')
    .limit(limit)
    .execute();
  return rows.map(changeOf);
}

/** When a stream's place stops counting unless its process renews it, by the database's clock. */
const expiry = (leaseMs: number) => sql<Date>`now() + ${leaseMs} * interval '1 millisecond'`;

/**
 * Takes one of the person's `limit` places for an open stream, for `leaseMs` from now: its id,
 * or null when streams still open in any process (rows not expired) hold them all. Under a lock
 * on the person's places, so two processes never both take the last one.
 */
export async function takeStreamPlace(
  db: Kysely<Database>,
  place: { personId: number; processId: string; limit: number; leaseMs: number },
): Promise<number | null> {
  return db.transaction().execute(async (trx) => {
    await lockName(trx, 'live stream places', String(place.personId));
    await trx
      .deleteFrom('live_streams')
      .where('person_id', '=', place.personId)
      .where('expires_at', '<=', sql<Date>`now()`)
      .execute();
    const { open } = await trx
      .selectFrom('live_streams')
      .select((eb) => eb.fn.countAll<string>().as('open'))
      .where('person_id', '=', place.personId)
      .executeTakeFirstOrThrow();
    if (Number(open) >= place.limit) return null;
    const taken = await trx
      .insertInto('live_streams')
      .values({
        person_id: place.personId,
        process_id: place.processId,
        expires_at: expiry(place.leaseMs),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return Number(taken.id);
  });
}

/** Keeps these places of open streams for `leaseMs` more. */
export async function renewStreamPlaces(db: Db, ids: number[], leaseMs: number) {
  if (ids.length === 0) return;
  await db
    .updateTable('live_streams')
    .set({ expires_at: expiry(leaseMs) })
    .where('id', 'in', ids)
    .execute();
}

/** Frees the place of a stream that ended. */
export async function releaseStreamPlace(db: Db, id: number) {
  await db.deleteFrom('live_streams').where('id', '=', id).execute();
}

/** Frees every place a process holds, as it stops. */
export async function releaseProcessPlaces(db: Db, processId: string) {
  await db.deleteFrom('live_streams').where('process_id', '=', processId).execute();
}
