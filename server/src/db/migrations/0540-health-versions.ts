import type { Kysely } from 'kysely';
import { runStatements } from './run-statements.ts';

// A cohort's health report is kept in memory under the cohort's board version
// (features/health/health-cache.ts), so the version now also counts what the report shows beyond
// the board: core skill ratings and labels, the cohort's courses, and a book added to one of
// them. A board rebuilds after such a change too, which is rare.
// The report's pace history comes from every learner's moves, whatever their cohort, so a change
// of them is announced on a channel of its own (PACE_HISTORY_CHANNEL), at commit, to every
// listening process.

/** Statement-level triggers for insert, update and delete with transition tables. */
const triggers = (table: string, fn: string) => [
  `create trigger ${table}_board_ins after insert on ${table}
    referencing new table as new_rows for each statement execute function ${fn}()`,
  `create trigger ${table}_board_upd after update on ${table}
    referencing old table as old_rows new table as new_rows for each statement execute function ${fn}()`,
  `create trigger ${table}_board_del after delete on ${table}
    referencing old table as old_rows for each statement execute function ${fn}()`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    ...triggers('core_skill_records', 'board_touch_learners'),
    ...triggers('cohort_courses', 'board_touch_memberships'),
    `create trigger core_skills_board after update or delete or truncate
      on core_skills for each statement execute function board_touch_catalogue()`,
    // Inserted books appear in the book lists of the cohorts that take their course.
    `create function board_touch_course_books() returns trigger language plpgsql as $$
      begin
        perform board_bump(array(select cc.cohort_id from cohort_courses cc
          where cc.course_id in (select course_id from new_rows)));
        return null;
      end $$`,
    `create trigger books_board_ins after insert on books
      referencing new table as new_rows for each statement execute function board_touch_course_books()`,
    `create function pace_history_touch() returns trigger language plpgsql as $$
      begin
        perform pg_notify('pace_history', '');
        return null;
      end $$`,
    `create trigger student_projects_pace after insert or update or delete or truncate
      on student_projects for each statement execute function pace_history_touch()`,
    `create trigger projects_pace after update of book_id or delete or truncate
      on projects for each statement execute function pace_history_touch()`,
  ]);
}
