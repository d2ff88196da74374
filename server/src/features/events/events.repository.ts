import type { Transaction } from 'kysely';
import type { Database, Db } from '../../db/schema.ts';

export const eventTypes = (db: Db) =>
  db.selectFrom('event_types').select(['id', 'description', 'color']).orderBy('id').execute();

export const findEventType = (db: Db, id: number) =>
  db
    .selectFrom('event_types')
    .select(['id', 'description', 'color'])
    .where('id', '=', id)
    .executeTakeFirst();

const eventColumns = [
  'events.id',
  'events.cohort_id',
  'events.name',
  'events.description',
  'events.event_date',
  'events.event_time',
  'events.time_zone',
  'events.updated_at',
  'event_types.id as type_id',
  'event_types.description as type_description',
  'event_types.color as type_color',
] as const;

/** A cohort's events in calendar order: by day, all-day events first, then by time. */
export const cohortEvents = (db: Db, cohortId: number) =>
  db
    .selectFrom('events')
    .innerJoin('event_types', 'event_types.id', 'events.event_type_id')
    .select(eventColumns)
    .where('events.cohort_id', '=', cohortId)
    .orderBy('events.event_date')
    .orderBy('events.event_time', (ob) => ob.asc().nullsFirst())
    .orderBy('events.id')
    .execute();
export type EventRow = Awaited<ReturnType<typeof cohortEvents>>[number];

export const findEvent = (db: Db, id: number) =>
  db
    .selectFrom('events')
    .innerJoin('event_types', 'event_types.id', 'events.event_type_id')
    .select(eventColumns)
    .where('events.id', '=', id)
    .executeTakeFirst();

/** The event, locked until the transaction ends (before it is deleted). */
export const lockEvent = (trx: Transaction<Database>, id: number) =>
  trx
    .selectFrom('events')
    .innerJoin('event_types', 'event_types.id', 'events.event_type_id')
    .select(eventColumns)
    .where('events.id', '=', id)
    .forUpdate('events')
    .executeTakeFirst();

export const isCoach = async (db: Db, cohortId: number, personId: number) =>
  Boolean(
    await db
      .selectFrom('cohort_coaches')
      .select('person_id')
      .where('cohort_id', '=', cohortId)
      .where('person_id', '=', personId)
      .executeTakeFirst(),
  );

export const insertEvent = (
  db: Db,
  values: {
    cohort_id: number;
    event_type_id: number;
    name: string;
    description: string;
    event_date: string;
    event_time: string | null;
    time_zone: string;
    created_by: number;
  },
) => db.insertInto('events').values(values).returning('id').executeTakeFirstOrThrow();

export const deleteEvent = (db: Db, id: number) =>
  db.deleteFrom('events').where('id', '=', id).executeTakeFirst();

export const setCalendarSecret = (db: Db, cohortId: number, secret: string) =>
  db
    .updateTable('cohorts')
    .set({ calendar_secret: secret })
    .where('id', '=', cohortId)
    .executeTakeFirst();
