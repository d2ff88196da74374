import type { Insertable, Transaction } from 'kysely';
import { randomSecret } from '../../lib/secrets.ts';
import type { CohortMembershipsTable, Database } from '../schema.ts';
import type { Clock } from './clock.ts';
import type { Catalogue } from './curriculum.ts';
import type { SeededPeople, SeededPerson } from './people.ts';
import type { Rng } from './random.ts';

export interface SeededCohort {
  id: number;
  name: string;
  /** Day offsets from today. */
  start: number;
  end: number;
  org: string;
}

export interface SeededCohorts {
  day72: SeededCohort;
  day70: SeededCohort;
  evening18: SeededCohort;
}

export async function seedCohorts(
  trx: Transaction<Database>,
  clock: Clock,
  rng: Rng,
  catalogue: Catalogue,
  people: SeededPeople,
): Promise<SeededCohorts> {
  const plans = [
    {
      key: 'day72',
      name: 'Day Cohort 72',
      start: clock.monday(-70),
      end: clock.monday(112) + 4,
      active: true,
      capstone: false,
      channel: 'C04DEMO01',
    },
    {
      key: 'day70',
      name: 'Day Cohort 70',
      start: clock.monday(-243),
      end: clock.monday(21) + 4,
      active: true,
      capstone: true,
      channel: 'C04DEMO02',
    },
    {
      key: 'evening18',
      name: 'Evening Cohort 18',
      start: clock.monday(-546),
      end: clock.monday(-182) + 3,
      active: false,
      capstone: false,
      channel: 'C04DEMO03',
    },
  ] as const;
  const rows = await trx
    .insertInto('cohorts')
    .values(
      plans.map((plan) => ({
        name: plan.name,
        slack_channel: plan.channel,
        start_date: clock.day(plan.start),
        end_date: clock.day(plan.end),
        active: plan.active,
        is_capstone: plan.capstone,
        invitation_secret: randomSecret(),
        calendar_secret: randomSecret(),
        created_at: clock.at(plan.start - 30, 10),
      })),
    )
    .returning(['id', 'name'])
    .execute();
  const cohort = (index: 0 | 1 | 2): SeededCohort => {
    const plan = plans[index];
    const id = rows.find((row) => row.name === plan.name)?.id ?? 0;
    const org = `https://github.com/${plan.name.toLowerCase().replace(/ /g, '-')}`;
    return { id, name: plan.name, start: plan.start, end: plan.end, org };
  };
  const cohorts = { day72: cohort(0), day70: cohort(1), evening18: cohort(2) };
  const { day72, day70, evening18 } = cohorts;
  const { javascript, python } = catalogue;

  await trx
    .insertInto('cohort_courses')
    .values([
      { cohort_id: day72.id, course_id: javascript.id, index: 0, active: true },
      { cohort_id: day72.id, course_id: python.id, index: 1, active: false },
      { cohort_id: day70.id, course_id: javascript.id, index: 0, active: false },
      { cohort_id: day70.id, course_id: python.id, index: 1, active: true },
      { cohort_id: evening18.id, course_id: javascript.id, index: 0, active: false },
      { cohort_id: evening18.id, course_id: python.id, index: 1, active: true },
    ])
    .execute();

  // The evening cohort has no info row, as older cohorts often lack one.
  await trx
    .insertInto('cohort_info')
    .values(
      [day72, day70].map((row) => {
        const slug = row.org.slice('https://github.com/'.length);
        return {
          cohort_id: row.id,
          student_organization_url: row.org,
          github_classroom_url: `https://classroom.github.com/classrooms/${slug}`,
          attendance_sheet_url: `https://docs.google.com/spreadsheets/d/${rng.token(44)}`,
          client_course_url: 'https://github.com/demo-org/javascript-curriculum',
          server_course_url: 'https://github.com/demo-org/python-curriculum',
          zoom_url: `https://us02web.zoom.us/j/${rng.int(8_000_000_000, 9_999_999_999)}`,
        };
      }),
    )
    .execute();

  // Coached most recently: Day Cohort 72, the instructor's default cohort.
  await trx
    .insertInto('cohort_coaches')
    .values([
      {
        cohort_id: day70.id,
        person_id: people.instructor.id,
        joined_at: clock.at(day70.start - 14, 9),
      },
      {
        cohort_id: day72.id,
        person_id: people.instructor.id,
        joined_at: clock.at(day72.start - 14, 9),
      },
    ])
    .execute();

  const groups: [SeededCohort, SeededPerson[]][] = [
    [day72, people.day72],
    [day70, people.day70],
    [evening18, people.evening18],
  ];
  const memberships: Insertable<CohortMembershipsTable>[] = groups.flatMap(([row, learners]) =>
    learners.map((learner, index) => ({
      cohort_id: row.id,
      person_id: learner.id,
      // A few learners have not accepted the GitHub organization invitation yet.
      is_github_org_member: !(row === day72 && index > 0 && index % 11 === 0),
      joined_at: clock.at(row.start - rng.int(3, 10), 11, rng.int(0, 59)),
    })),
  );
  // A transfer in one learner's history: left the evening cohort, now in Day Cohort 72.
  const transfer = people.day72[5];
  if (transfer) {
    memberships.push({
      cohort_id: evening18.id,
      person_id: transfer.id,
      is_github_org_member: true,
      joined_at: clock.at(evening18.start - 5, 18),
      left_at: clock.at(evening18.start + 120, 17),
    });
  }
  await trx.insertInto('cohort_memberships').values(memberships).execute();
  // A person's account dates from their first cohort invitation.
  await trx
    .updateTable('people')
    .from((eb) =>
      eb
        .selectFrom('cohort_memberships')
        .select((inner) => ['person_id', inner.fn.min('joined_at').as('first_joined')])
        .groupBy('person_id')
        .as('first'),
    )
    .set((eb) => ({ created_at: eb.ref('first.first_joined') }))
    .whereRef('first.person_id', '=', 'people.id')
    .execute();
  return cohorts;
}
