import type { Insertable, Transaction } from 'kysely';
import type { Database, Db, PeopleTable } from '../../db/schema.ts';

type Trx = Transaction<Database>;

export const usernameTaken = async (trx: Trx, username: string) =>
  Boolean(
    await trx
      .selectFrom('people')
      .select('id')
      .where((eb) => eb(eb.fn('lower', ['username']), '=', username.toLowerCase()))
      .executeTakeFirst(),
  );

export const cohortExists = async (trx: Trx, cohortId: number) =>
  Boolean(
    await trx.selectFrom('cohorts').select('id').where('id', '=', cohortId).executeTakeFirst(),
  );

export const insertPerson = (trx: Trx, values: Insertable<PeopleTable>) =>
  trx
    .insertInto('people')
    .values(values)
    .returning(['id', 'username', 'first_name', 'last_name', 'is_staff'])
    .executeTakeFirstOrThrow();

/** A new one-time link for the person; older ones of theirs stop working. */
export async function replacePasswordLinks(
  trx: Trx,
  values: { person_id: number; secret_hash: string; created_by: number; expires_at: Date },
) {
  await trx
    .updateTable('password_links')
    .set({ used_at: new Date() })
    .where('person_id', '=', values.person_id)
    .where('used_at', 'is', null)
    .execute();
  await trx.insertInto('password_links').values(values).execute();
}

/** A link by its secret's hash, with whom it is for; undefined when there is none. */
export const findPasswordLink = (db: Db, secretHash: string) =>
  db
    .selectFrom('password_links as l')
    .innerJoin('people as p', 'p.id', 'l.person_id')
    .select([
      'l.id',
      'l.person_id',
      'l.expires_at',
      'l.used_at',
      'p.username',
      'p.first_name',
      'p.last_name',
      'p.is_active',
    ])
    .where('l.secret_hash', '=', secretHash)
    .executeTakeFirst();

/** Marks the link used, once: false when a parallel request already did. */
export const useLink = async (trx: Trx, linkId: number) =>
  Number(
    (
      await trx
        .updateTable('password_links')
        .set({ used_at: new Date() })
        .where('id', '=', linkId)
        .where('used_at', 'is', null)
        .executeTakeFirst()
    ).numUpdatedRows,
  ) === 1;

export const setPasswordHash = (trx: Trx, personId: number, passwordHash: string) =>
  trx
    .updateTable('people')
    .set({ password_hash: passwordHash })
    .where('id', '=', personId)
    .execute();

/**
 * Whether the learner is still only what Add learner made: a set-password link, no password
 * and no GitHub account, so that nobody has ever signed in as them.
 */
export async function neverSignedIn(trx: Trx, personId: number) {
  const row = await trx
    .selectFrom('people')
    .select(['password_hash', 'github_id'])
    .where('id', '=', personId)
    .where((eb) =>
      eb.exists(eb.selectFrom('password_links').select('id').where('person_id', '=', personId)),
    )
    .executeTakeFirst();
  if (!row || row.password_hash !== null || row.github_id !== null) return false;
  const token = await trx
    .selectFrom('tokens')
    .select('id')
    .where('person_id', '=', personId)
    .executeTakeFirst();
  return !token;
}

/** A learner (not staff) by id, for staff's renewal of their link. */
export const findLearnerAccount = (db: Db, personId: number) =>
  db
    .selectFrom('people')
    .select(['id', 'username', 'first_name', 'last_name', 'is_active'])
    .where('id', '=', personId)
    .where('is_staff', '=', false)
    .executeTakeFirst();
