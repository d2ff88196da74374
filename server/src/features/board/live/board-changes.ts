import type { BoardChangeKind } from '@lp/contract/live';
import { sql, type Transaction } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import { fullNameText } from '../../../lib/names.ts';
import { isCurrentMembershipText } from '../../cohorts/index.ts';
import { queueWebhookEvents } from '../../webhooks/index.ts';

/*
 * What the live board tells the other coaches (live.hub.ts): one row per change of a card,
 * written in the change's own transaction, so it exists exactly when the change does. At commit
 * the database numbers it, stamps the board's version and announces it to every server process
 * (migration 0700). Every service that changes something a board shows calls recordBoardChange,
 * which also queues the change's event for the webhooks that asked for it (features/webhooks).
 */

export interface BoardChangeEntry {
  studentId: number | null;
  kind: BoardChangeKind;
  /** In words, for the card's mark: 'moved to Mortgage Qualifiers'. */
  summary: string;
  actorId: number | null;
  /** The boards it shows on; by default the learner's current cohort (read in the transaction). */
  cohortIds?: number[];
}

// The row travels as a NOTIFY payload (at most 8000 bytes): texts are cut short.
const MAX_SUMMARY = 300;
const cut = (text: string) =>
  text.length > MAX_SUMMARY ? `${text.slice(0, MAX_SUMMARY - 1).trimEnd()}…` : text;

/** Records a change of a card for the live board, inside the change's transaction. */
export async function recordBoardChange(trx: Transaction<Database>, entry: BoardChangeEntry) {
  const cohorts =
    entry.cohortIds === undefined
      ? sql`select m.cohort_id from cohort_memberships m
            where m.person_id = ${entry.studentId} and ${sql.raw(isCurrentMembershipText('m'))}`
      : sql`select unnest(${entry.cohortIds}::integer[])`;
  await sql`insert into board_changes (cohort_id, student_id, kind, summary, actor_id, actor_name)
    select distinct c.cohort_id, ${entry.studentId}::integer, ${entry.kind}, ${cut(entry.summary)},
      ${entry.actorId}::integer,
      (select left(${sql.raw(fullNameText('p'))}, 200) from people p where p.id = ${entry.actorId})
    from (${cohorts}) as c(cohort_id)
    where c.cohort_id is not null`.execute(trx);
  await queueWebhookEvents(trx, entry);
}

/**
 * Records one change of many learners' cards (a catalogue tag deleted from all who wore it), in
 * one statement: a row per learner, on the board of their current cohort.
 */
export async function recordBoardChanges(
  trx: Transaction<Database>,
  studentIds: readonly number[],
  entry: Omit<BoardChangeEntry, 'studentId' | 'cohortIds'>,
) {
  if (studentIds.length === 0) return;
  await sql`insert into board_changes (cohort_id, student_id, kind, summary, actor_id, actor_name)
    select m.cohort_id, m.person_id, ${entry.kind}, ${cut(entry.summary)}, ${entry.actorId}::integer,
      (select left(${sql.raw(fullNameText('p'))}, 200) from people p where p.id = ${entry.actorId})
    from cohort_memberships m
    where m.person_id = any(${[...studentIds]}::integer[])
      and ${sql.raw(isCurrentMembershipText('m'))}
    order by m.person_id`.execute(trx);
}

/** A permanent deletion takes the learner's past changes with it (their replay included). */
export async function forgetLearnerChanges(trx: Transaction<Database>, studentId: number) {
  await trx.deleteFrom('board_changes').where('student_id', '=', studentId).execute();
}
