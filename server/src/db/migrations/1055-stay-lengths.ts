import type { Kysely } from 'kysely';
import { runStatements } from './run-statements.ts';

// How long past learners took on each project and book, kept as moves happen so that cohort
// health reads a few hundred counts instead of every move ever made.
// - learner_stays: per learner, the whole days they spent on each project and book they left
//   (all their stays in it together, counted up to whole days).
// - stay_lengths: how many learners took each number of days on each project and book.
// Any change of a learner's moves (a move, an undo, a back-dated move, a transfer, a deletion)
// works that learner's rows out again from their moves; a project moved to another book does so
// for everyone who worked on it. Rows for the moves already made are worked out here once.
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `create table learner_stays (
      student_id integer not null,
      kind text not null check (kind in ('project', 'book')),
      item_id integer not null,
      days integer not null
    )`,
    'create index learner_stays_student_idx on learner_stays (student_id)',
    `create table stay_lengths (
      kind text not null check (kind in ('project', 'book')),
      item_id integer not null,
      days integer not null,
      learners integer not null,
      primary key (kind, item_id, days)
    )`,
    // One statement, so the counts move by what changed: the learners' old rows out, new rows in,
    // the counts' rows taken in one order so that two moves at once never wait on each other.
    `create function refresh_learner_stays(learners integer[]) returns void language sql as $$
      with removed as (
        delete from learner_stays where student_id = any(learners)
        returning kind, item_id, days, -1 as change
      ),
      moves as (
        select sp.student_id, sp.project_id, pr.book_id, sp.assigned_at,
          lead(sp.assigned_at) over w as next_at,
          lag(pr.book_id) over w as previous_book_id
        from student_projects sp
        join projects pr on pr.id = sp.project_id
        where sp.student_id = any(learners)
        window w as (partition by sp.student_id order by sp.assigned_at, sp.id)
      ),
      -- A stay in a book begins with a move from another book and ends with the next such move.
      book_stays as (
        select student_id, book_id, assigned_at,
          lead(assigned_at) over (partition by student_id order by assigned_at) as left_at
        from moves
        where previous_book_id is distinct from book_id
      ),
      took as (
        select student_id, 'project' as kind, project_id as item_id, sum(next_at - assigned_at) as spent
        from moves where next_at is not null group by student_id, project_id
        union all
        select student_id, 'book', book_id, sum(left_at - assigned_at)
        from book_stays where left_at is not null group by student_id, book_id
      ),
      added as (
        insert into learner_stays (student_id, kind, item_id, days)
        select student_id, kind, item_id, ceil(extract(epoch from spent) / 86400 - 1e-9)::int
        from took
        returning kind, item_id, days, 1 as change
      )
      insert into stay_lengths (kind, item_id, days, learners)
      select kind, item_id, days, sum(change)::int
      from (select * from removed union all select * from added) changes
      group by kind, item_id, days
      having sum(change) <> 0
      order by kind, item_id, days
      on conflict (kind, item_id, days) do update set learners = stay_lengths.learners + excluded.learners
    $$`,
    `create function learner_stays_after_insert() returns trigger language plpgsql as $$
      begin
        perform refresh_learner_stays(array(select distinct student_id from new_moves));
        return null;
      end $$`,
    `create function learner_stays_after_delete() returns trigger language plpgsql as $$
      begin
        perform refresh_learner_stays(array(select distinct student_id from old_moves));
        return null;
      end $$`,
    `create function learner_stays_after_update() returns trigger language plpgsql as $$
      begin
        perform refresh_learner_stays(array(
          select student_id from old_moves union select student_id from new_moves));
        return null;
      end $$`,
    `create function learner_stays_after_truncate() returns trigger language plpgsql as $$
      begin
        delete from learner_stays;
        delete from stay_lengths;
        return null;
      end $$`,
    `create function learner_stays_after_book_change() returns trigger language plpgsql as $$
      begin
        perform refresh_learner_stays(array(
          select distinct sp.student_id
          from old_projects o
          join new_projects n on n.id = o.id and n.book_id is distinct from o.book_id
          join student_projects sp on sp.project_id = n.id));
        return null;
      end $$`,
    `create trigger learner_stays_insert after insert on student_projects
      referencing new table as new_moves
      for each statement execute function learner_stays_after_insert()`,
    `create trigger learner_stays_delete after delete on student_projects
      referencing old table as old_moves
      for each statement execute function learner_stays_after_delete()`,
    `create trigger learner_stays_update after update on student_projects
      referencing old table as old_moves new table as new_moves
      for each statement execute function learner_stays_after_update()`,
    `create trigger learner_stays_truncate after truncate on student_projects
      for each statement execute function learner_stays_after_truncate()`,
    `create trigger learner_stays_book_change after update on projects
      referencing old table as old_projects new table as new_projects
      for each statement execute function learner_stays_after_book_change()`,
    `create trigger stay_lengths_changes after insert or update or delete or truncate
      on stay_lengths for each statement execute function announce_table_change()`,
    'select refresh_learner_stays(array(select distinct student_id from student_projects))',
  ]);
}
