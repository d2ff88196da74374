// Finding and locking one learner: the first step of every change to a learner.
import type { Transaction } from 'kysely';
import type { Database, Db } from '../../db/schema.ts';

export interface LearnerRow {
  id: number;
  first_name: string;
  last_name: string;
}

/** A learner (a person who is not staff), or undefined. Staff ids are not learners. */
export const findLearner = (db: Db, id: number): Promise<LearnerRow | undefined> =>
  db
    .selectFrom('people')
    .select(['id', 'first_name', 'last_name'])
    .where('id', '=', id)
    .where('is_staff', '=', false)
    .executeTakeFirst();

/**
 * The same, locking the row until the transaction ends: one change to a learner at a time. Every
 * read-check-write on a learner's state takes this lock first, then reads what it decides on.
 * FOR NO KEY UPDATE is the lock an UPDATE of the row takes: it queues our writers behind each
 * other but lets other transactions insert rows that merely refer to the learner (their foreign
 * key check takes KEY SHARE), so a team save holding its cohort never deadlocks with a transfer.
 */
export const lockLearner = (trx: Transaction<Database>, id: number) =>
  trx
    .selectFrom('people')
    .select(['id', 'first_name', 'last_name'])
    .where('id', '=', id)
    .where('is_staff', '=', false)
    .forNoKeyUpdate()
    .executeTakeFirst();
