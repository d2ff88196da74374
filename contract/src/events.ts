import { type Static, Type } from 'typebox';
import { DateOnly, Nullable, TimeZone, WallTime } from './common.ts';

const Id = Type.Integer({ minimum: 1, maximum: 2147483647 });

export const EventType = Type.Object({
  id: Type.Integer(),
  description: Type.String(),
  color: Type.String(),
});
export type EventType = Static<typeof EventType>;

/**
 * A cohort event. It happens at a wall-clock time in `time_zone` (the cohort's zone when it was
 * created), so it never drifts with the viewer's offset.
 * - `date` 'YYYY-MM-DD' and `time` 'HH:MM' (null for an all-day event) are that wall clock;
 * - `event_datetime` is the same wall clock written with a 'Z' (spec §9: "event times are sent
 *   as local time written as UTC"); it is NOT an instant. Midnight means all day.
 */
export const CohortEvent = Type.Object({
  id: Type.Integer(),
  cohort: Type.Integer(),
  event_name: Type.String(),
  event_datetime: Type.String(),
  description: Type.String(),
  event_type: EventType,
  date: DateOnly,
  time: Nullable(WallTime),
  time_zone: TimeZone,
  all_day: Type.Boolean(),
});
export type CohortEvent = Static<typeof CohortEvent>;

export const EventListQuery = Type.Object({ cohort: Id });
export type EventListQuery = Static<typeof EventListQuery>;

/** The original client adds ?cohort= to the create call; when present it must match the body. */
export const EventCreateQuery = Type.Object({ cohort: Type.Optional(Id) });
export type EventCreateQuery = Static<typeof EventCreateQuery>;

/**
 * Either `datetime` (wall time written as UTC, e.g. '2025-03-04T09:00:00.000Z'; midnight = all
 * day) or `date` with an optional `time` ('HH:MM'; absent = all day).
 */
export const CreateEventBody = Type.Object({
  cohort: Id,
  name: Type.String({ minLength: 1, maxLength: 255 }),
  type: Id,
  description: Type.Optional(Type.String({ maxLength: 5000 })),
  datetime: Type.Optional(
    Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}(T\\d{2}:\\d{2}(:\\d{2}(\\.\\d{1,6})?)?Z?)?$' }),
  ),
  date: Type.Optional(DateOnly),
  time: Type.Optional(Nullable(WallTime)),
});
export type CreateEventBody = Static<typeof CreateEventBody>;

export const CalendarFeedParams = Type.Object({ id: Id });
export type CalendarFeedParams = Static<typeof CalendarFeedParams>;
export const CalendarFeedQuery = Type.Object({ secret: Type.String({ maxLength: 200 }) });
export type CalendarFeedQuery = Static<typeof CalendarFeedQuery>;

export const CalendarSubscription = Type.Object({ calendar_url: Type.String() });
export type CalendarSubscription = Static<typeof CalendarSubscription>;
