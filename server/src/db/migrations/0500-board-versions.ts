import type { Kysely } from 'kysely';
import { runStatements } from './run-statements.ts';

// The board's ETag is a version counter kept by the database itself: every statement that
// changes something a board shows bumps the counter of the cohorts it touches (row 0 is the
// catalogue, shared by every board). Triggers, not application code, so no feature can forget,
// and statement-level with transition tables, so a bulk insert costs one bump.
// Inserting catalogue rows changes no board (nothing refers to them yet), so only updates and
// deletes of the catalogue bump it. The catalogue counter starts at a random value: a recreated database never repeats old ETags.

const bumpFunction = `create function board_bump(cohort_ids integer[]) returns void language sql as $$
  insert into board_versions (cohort_id, version)
  select distinct id, 1 from unnest(cohort_ids) as id where id is not null order by 1
  on conflict (cohort_id) do update set version = board_versions.version + 1
$$`;

/** Cohorts whose current members appear in the rows (by the given learner id column). */
const membersOf = (rows: string, learnerId: string) =>
  `array(select m.cohort_id from cohort_memberships m
          where m.left_at is null and m.person_id in (select ${learnerId} from ${rows}))`;

/** A trigger function that bumps the cohorts named by `cohorts(rowsTable)`. */
function touchFunction(name: string, cohorts: (rows: string) => string) {
  return `create function ${name}() returns trigger language plpgsql as $$
    begin
      if tg_op = 'INSERT' then
        perform board_bump(${cohorts('new_rows')});
      elsif tg_op = 'DELETE' then
        perform board_bump(${cohorts('old_rows')});
      else
        perform board_bump(${cohorts('new_rows')} || ${cohorts('old_rows')});
      end if;
      return null;
    end $$`;
}

/** One statement-level trigger per event (transition tables allow only one event each). */
function triggers(table: string, fn: string, updateOf = '') {
  return [
    `create trigger ${table}_board_ins after insert on ${table}
      referencing new table as new_rows for each statement execute function ${fn}()`,
    `create trigger ${table}_board_upd after update ${updateOf} on ${table}
      referencing old table as old_rows new table as new_rows for each statement execute function ${fn}()`,
    `create trigger ${table}_board_del after delete on ${table}
      referencing old table as old_rows for each statement execute function ${fn}()`,
  ];
}

const learnerTables = [
  'student_projects',
  'student_assessments',
  'learning_records',
  'student_tags',
  'capstones',
];
const catalogueTables = [
  'courses',
  'books',
  'projects',
  'assessments',
  'learning_objectives',
  'tags',
  'proposal_statuses',
];

export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `create table board_versions (
      cohort_id integer primary key,
      version bigint not null
    )`,
    `insert into board_versions (cohort_id, version) values (0, floor(random() * 1e12)::bigint)`,
    bumpFunction,
    touchFunction('board_touch_learners', (rows) => membersOf(rows, 'student_id')),
    touchFunction('board_touch_people', (rows) => membersOf(rows, 'id')),
    touchFunction('board_touch_timelines', (rows) =>
      membersOf(
        `(select c.student_id from capstones c where c.id in (select capstone_id from ${rows})) as t`,
        'student_id',
      ),
    ),
    touchFunction('board_touch_memberships', (rows) => `array(select cohort_id from ${rows})`),
    touchFunction('board_touch_cohorts', (rows) => `array(select id from ${rows})`),
    `create function board_touch_catalogue() returns trigger language plpgsql as $$
      begin
        perform board_bump(array[0]);
        return null;
      end $$`,
    ...learnerTables.flatMap((table) => triggers(table, 'board_touch_learners')),
    ...triggers('capstone_timelines', 'board_touch_timelines'),
    ...triggers('cohort_memberships', 'board_touch_memberships'),
    ...triggers('people', 'board_touch_people'),
    ...triggers('cohorts', 'board_touch_cohorts'),
    ...catalogueTables.map(
      (table) => `create trigger ${table}_board after update or delete or truncate
        on ${table} for each statement execute function board_touch_catalogue()`,
    ),
  ]);
}
