import type { Kysely } from 'kysely';
import { runStatements } from './run-statements.ts';

// One change feed. Every cache of a server process (kept reads, the board, cohort health, token
// checks, the live board) follows the `table_changes` channel of migration 0720 alone: each
// statement that changes an announced table NOTIFYs the table's name, delivered at commit.
// So the board's version counters (0500, 0520, 0540: their triggers, functions and table) and
// the `pace_history` and `board_changes` payload notifications go. The tables now read by
// something kept in memory announce their changes too: the learner cards the board is built
// from, the sign-in tokens (a sign-out or a deletion forgets the remembered checks of every
// process) and the board changes (each process's live streams read the new rows).

const learnerTables = [
  'student_projects',
  'student_assessments',
  'learning_records',
  'student_tags',
  'capstones',
  'capstone_timelines',
  'cohort_memberships',
  'people',
  'cohorts',
  'core_skill_records',
  'cohort_courses',
];
const catalogueTables = [
  'courses',
  'books',
  'projects',
  'assessments',
  'learning_objectives',
  'tags',
  'proposal_statuses',
  'core_skills',
];
const newlyAnnounced = ['learner_cards', 'tokens', 'board_changes'];

export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    ...learnerTables.flatMap((table) =>
      ['ins', 'upd', 'del'].map((event) => `drop trigger ${table}_board_${event} on ${table}`),
    ),
    ...catalogueTables.map((table) => `drop trigger ${table}_board on ${table}`),
    'drop trigger books_board_ins on books',
    'drop trigger student_projects_pace on student_projects',
    'drop trigger projects_pace on projects',
    'drop function board_touch_learners()',
    'drop function board_touch_people()',
    'drop function board_touch_timelines()',
    'drop function board_touch_memberships()',
    'drop function board_touch_cohorts()',
    'drop function board_touch_catalogue()',
    'drop function board_touch_course_books()',
    'drop function pace_history_touch()',
    'drop function board_bump(integer[])',
    // The commit-order numbering of 0700 stays; the row is announced as a table change.
    `create or replace function board_change_committed() returns trigger language plpgsql as $$
      declare
        kept_from bigint;
      begin
        perform pg_advisory_xact_lock(7000013);
        update board_changes set position = nextval('board_change_positions')
          where id = new.id
          returning position - 10000 into kept_from;
        delete from board_changes where position <= kept_from;
        return null;
      end $$`,
    'alter table board_changes drop column version',
    'drop table board_versions',
    ...newlyAnnounced.map(
      (table) => `create trigger ${table}_changes after insert or update or delete or truncate
        on ${table} for each statement execute function announce_table_change()`,
    ),
  ]);
}
