import type { Insertable, Transaction } from 'kysely';
import type { Database, PeopleTable } from '../../db/schema.ts';

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
