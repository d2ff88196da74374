import type { Insertable, Transaction } from 'kysely';
import type { Database, EventsTable } from '../schema.ts';
import { type Clock, nextHoliday, ZONE } from './clock.ts';
import type { SeededCohort } from './cohorts.ts';

type EventPlan = [
  type: number,
  name: string,
  description: string,
  offset: number,
  time: string | null,
];

/** Cohort calendars: group-project milestones, career sessions, an intersession week, a holiday. */
export async function seedEvents(
  trx: Transaction<Database>,
  clock: Clock,
  day72: SeededCohort,
  day70: SeededCohort,
  instructorId: number,
) {
  const intersession = clock.monday(42);
  const holiday = nextHoliday(clock, 1);
  // Class events fall on weekdays that are not the holiday.
  const day = (offset: number) => {
    const weekday = clock.weekday(offset);
    return weekday === holiday.offset ? clock.weekday(weekday + 1) : weekday;
  };

  const day72Plans: EventPlan[] = [
    [
      2,
      'Tech talk: debugging stories',
      'Alumni share the worst bug they ever fixed.',
      day(-5),
      '15:00:00',
    ],
    [
      1,
      'Cider Falls kickoff',
      'Teams meet, read the ticket board and plan the first sprint.',
      day(2),
      '09:30:00',
    ],
    [
      2,
      'Resume workshop',
      'Bring a draft resume; career services will review it with you.',
      day(4),
      '13:00:00',
    ],
    [
      1,
      'Cider Falls presentations',
      'Each team demos the park site and talks through one hard ticket.',
      day(9),
      '14:00:00',
    ],
    [
      2,
      'LinkedIn profile review',
      'Photo, headline and featured projects, reviewed in small groups.',
      day(11),
      '13:30:00',
    ],
    [1, 'Exomine team demos', 'Group project demos for Book 5.', day(30), '14:00:00'],
    ...[0, 1, 2, 3, 4].map(
      (index): EventPlan => [
        3,
        'Intersession',
        'No class: rest, catch up on assessments, or pair on stretch goals.',
        intersession + index,
        null,
      ],
    ),
  ];
  const day70Plans: EventPlan[] = [
    [
      2,
      'Mock interviews',
      'Thirty-minute technical mock interviews with volunteer developers.',
      day(3),
      '10:00:00',
    ],
    [1, 'Capstone check-ins', 'Ten minutes each: MVP status and what is left.', day(8), '09:00:00'],
    [
      2,
      'Demo day rehearsal',
      'Run through your capstone demo in front of the cohort.',
      day(day70.end - 7),
      '13:00:00',
    ],
    [
      1,
      'Demo day',
      'Capstone presentations for families and hiring partners.',
      day70.end - 1,
      '18:00:00',
    ],
  ];
  const holidayPlan = (cohort: SeededCohort): EventPlan[] =>
    holiday.offset <= cohort.end
      ? [[4, holiday.name, 'Campus closed; no class.', holiday.offset, null]]
      : [];

  const rows = (cohort: SeededCohort, plans: EventPlan[]): Insertable<EventsTable>[] =>
    [...plans, ...holidayPlan(cohort)].map(([type, name, description, offset, time]) => ({
      cohort_id: cohort.id,
      event_type_id: type,
      name,
      description,
      event_date: clock.day(offset),
      event_time: time,
      time_zone: ZONE,
      created_by: instructorId,
      created_at: clock.at(Math.min(offset, 0) - 20, 11),
      updated_at: clock.at(Math.min(offset, 0) - 20, 11),
    }));
  await trx
    .insertInto('events')
    .values([...rows(day72, day72Plans), ...rows(day70, day70Plans)])
    .execute();
}
