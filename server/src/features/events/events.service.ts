import type { CohortEvent, CreateEventBody, EventCreateQuery } from '@lp/contract/events';
import type { FastifyInstance } from 'fastify';
import { audit } from '../../lib/audit.ts';
import { isCalendarDate, isWallTime } from '../../lib/dates.ts';
import { badRequest, notFound } from '../../lib/http-errors.ts';
import { assertAllowed } from '../../lib/policy.ts';
import { calendarFeedUrl } from '../../lib/public-urls.ts';
import { randomSecret, safeEqual } from '../../lib/secrets.ts';
import type { KeptRead } from '../../plugins/kept-answer.ts';
import type { SignedInPerson } from '../../plugins/principal.ts';
import { findCohort } from '../cohorts/index.ts';
import { mayManageCohortEvents, mayReadCohortEvents } from './events.policy.ts';
import * as repo from './events.repository.ts';
import { buildCalendar } from './ical.ts';

const hhmmss = (time: string) => (time.length === 5 ? `${time}:00` : time);

export function toEvent(row: repo.EventRow): CohortEvent {
  const time = row.event_time ? hhmmss(row.event_time).slice(0, 8) : null;
  return {
    id: row.id,
    cohort: row.cohort_id,
    event_name: row.name,
    // The wall clock written with a Z, as the clients of this API send and read it.
    event_datetime: `${row.event_date}T${time ?? '00:00:00'}.000Z`,
    description: row.description,
    event_type: { id: row.type_id, description: row.type_description, color: row.type_color },
    date: row.event_date,
    time: time ? time.slice(0, 5) : null,
    time_zone: row.time_zone,
    all_day: time === null,
  };
}

/** The wall-clock day and time an event body names; midnight in `datetime` means all day. */
export function wallClockOf(body: CreateEventBody): { date: string; time: string | null } {
  // Checked even when `date` is sent too: a field that is sent is never silently wrong.
  const fromDatetime = body.datetime === undefined ? undefined : parseDatetime(body.datetime);
  if (body.date !== undefined) {
    return { date: body.date, time: body.time ? hhmmss(body.time) : null };
  }
  if (!fromDatetime) throw badRequest('body.date or body.datetime is required');
  return fromDatetime;
}

function parseDatetime(datetime: string) {
  const date = datetime.slice(0, 10);
  const clock = datetime.slice(11, 19);
  if (!isCalendarDate(date)) throw badRequest('body.datetime is not a valid date');
  if (clock && !isWallTime(clock)) throw badRequest('body.datetime is not a valid time');
  const time = clock ? hhmmss(clock) : null;
  return { date, time: time === '00:00:00' ? null : time };
}

async function loadReadableCohort(app: FastifyInstance, caller: SignedInPerson, id: number) {
  const cohort = await findCohort(app.db, id);
  if (!cohort) throw notFound('Cohort');
  assertAllowed(await mayReadCohortEvents(app.db, caller, id));
  return cohort;
}

export async function listEvents(app: FastifyInstance, caller: SignedInPerson, cohortId: number) {
  await loadReadableCohort(app, caller, cohortId);
  return (await repo.cohortEvents(app.db, cohortId)).map(toEvent);
}

/**
 * The list as a kept read, each caller's own (whether a learner may read it depends on their
 * cohort).
 */
export const eventListRead = (
  app: FastifyInstance,
  caller: SignedInPerson,
  cohortId: number,
): KeptRead<CohortEvent[]> => ({
  variant: String(cohortId),
  load: () => listEvents(app, caller, cohortId),
});

export async function createEvent(
  app: FastifyInstance,
  caller: SignedInPerson,
  query: EventCreateQuery,
  body: CreateEventBody,
) {
  if (query.cohort !== undefined && query.cohort !== body.cohort)
    throw badRequest('querystring.cohort must be the same cohort as body.cohort');
  const name = body.name.trim();
  if (!name) throw badRequest('body.name must not be blank');
  const { date, time } = wallClockOf(body);
  const id = await app.db.transaction().execute(async (trx) => {
    const cohort = await findCohort(trx, body.cohort);
    if (!cohort) throw notFound('Cohort');
    assertAllowed(
      mayManageCohortEvents(caller, await repo.isCoach(trx, cohort.id, caller.id)),
      'Only an instructor of this cohort can add events.',
    );
    if (!(await repo.findEventType(trx, body.type))) throw notFound('Event type');
    const values = {
      cohort_id: cohort.id,
      event_type_id: body.type,
      name,
      description: body.description?.trim() ?? '',
      event_date: date,
      event_time: time,
      time_zone: cohort.time_zone,
      created_by: caller.id,
    };
    const created = await repo.insertEvent(trx, values);
    await audit(trx, {
      actorId: caller.id,
      action: 'create',
      entity: 'event',
      entityId: created.id,
      after: { id: created.id, ...values },
    });
    return created.id;
  });
  const row = await repo.findEvent(app.db, id);
  if (!row) throw notFound('Event');
  return toEvent(row);
}

export async function deleteEvent(app: FastifyInstance, caller: SignedInPerson, id: number) {
  await app.db.transaction().execute(async (trx) => {
    // Locked first: parallel deletes of one event write one audit row, the rest answer 404.
    const event = await repo.lockEvent(trx, id);
    if (!event) throw notFound('Event');
    assertAllowed(
      mayManageCohortEvents(caller, await repo.isCoach(trx, event.cohort_id, caller.id)),
      'Only an instructor of this cohort can delete events.',
    );
    await repo.deleteEvent(trx, id);
    await audit(trx, {
      actorId: caller.id,
      action: 'delete',
      entity: 'event',
      entityId: id,
      before: toEvent(event),
    });
  });
}

/** The iCalendar feed; a wrong, old or missing secret looks like no calendar at all. */
export async function calendarFeed(app: FastifyInstance, cohortId: number, secret: string) {
  const cohort = await findCohort(app.db, cohortId);
  if (!cohort || !safeEqual(cohort.calendar_secret, secret)) throw notFound('Calendar');
  const rows = await repo.cohortEvents(app.db, cohortId);
  return buildCalendar({
    name: cohort.name,
    host: new URL(app.config.publicUrl).hostname,
    timeZone: cohort.time_zone,
    events: rows.map((row) => ({
      id: row.id,
      name: row.name,
      description: row.description,
      category: row.type_description,
      date: row.event_date,
      time: row.event_time ? hhmmss(row.event_time).slice(0, 8) : null,
      timeZone: row.time_zone,
      updatedAt: row.updated_at,
    })),
  });
}

export async function rotateCalendarSecret(
  app: FastifyInstance,
  caller: SignedInPerson,
  cohortId: number,
) {
  const secret = randomSecret();
  await app.db.transaction().execute(async (trx) => {
    const changed = await repo.setCalendarSecret(trx, cohortId, secret);
    if (!changed.numUpdatedRows) throw notFound('Cohort');
    await audit(trx, {
      actorId: caller.id,
      action: 'rotate-calendar-secret',
      entity: 'cohort',
      entityId: cohortId,
    });
  });
  return { calendar_url: calendarFeedUrl(app, cohortId, secret) };
}
