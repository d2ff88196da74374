import type { Kysely } from 'kysely';
import { runStatements } from './run-statements.ts';

// Each learner's board card, kept by the database as its facts change, so that reading a board
// is one lookup per member instead of working out each score, tag list and proposal list again
// (features/board/board.query.ts). A card is rebuilt whole, by refresh_learner_cards, in the
// statement that changes one of its facts; it holds everything but what depends on the cohort
// and the day (the cohort, the days on the project), which the board adds when it reads.
//
// Concurrent changes never leave a card stale: a rebuild first locks the learner's card row, then
// reads the facts afresh (each statement of a plpgsql function takes a new snapshot in READ
// COMMITTED), so of two transactions changing one learner the second rebuilds from the first's
// committed rows. A catalogue change (a tag renamed, a weight changed) rebuilds the cards that
// show the row. It takes LEARNER_CARDS_LOCK exclusively before it touches a row (a BEFORE
// trigger, so it never waits for the lock while holding rows others wait for) and every rebuild
// takes it shared: no card is rebuilt from a catalogue row that is about to change, and the
// catalogue change finds every learner whose change committed before it.
//
// The SQL is written out in full, as it was sent when committed: the application's helpers that
// once built it (a learner's name, current assignment, score, timestamps, card version) may change
// without changing what this migration created.

/** pg_advisory_xact_lock key of the catalogue/card ordering above. */
const LEARNER_CARDS_LOCK = 5_300_001;

/** The card of each shown learner in `ids`: its sort keys, duration start and JSON without '}'. */
const cardFacts = (ids: string) => `select p.id,
    cp.book_index, cp.project_index, trim(p.first_name || ' ' || p.last_name) as name,
    coalesce(sa.status_changed_at, cp.assigned_at) as duration_start,
    left(row_to_json(card)::text, -1) as card
  from people p
  left join lateral (
    select sp.id as assignment_id, sp.project_id, sp.assigned_at,
      pr.index as project_index, pr.name as project_name,
      b.id as book_id, b.index as book_index, b.name as book_name, a.id as assessment_id
    from student_projects sp
    join projects pr on pr.id = sp.project_id
    join books b on b.id = pr.book_id
    left join assessments a on a.book_id = b.id
    where sp.student_id = p.id
    order by sp.assigned_at desc, sp.id desc
    limit 1
  ) cp on true
  left join student_assessments sa on sa.assessment_id = cp.assessment_id and sa.student_id = p.id
  cross join lateral (
    select p.id,
      trim(p.first_name || ' ' || p.last_name) as name,
      p.github_login as github_handle,
      p.avatar_url as avatar,
      coalesce(sa.status_id, 0) as assessment_status_id,
      sa.url as assessment_url,
      cp.project_id,
      cp.project_index,
      cp.project_name,
      cp.book_id,
      cp.book_index,
      cp.book_name,
      (select coalesce(sum(lo.weight), 0)::int
      from learning_records lr
      join learning_objectives lo on lo.id = lr.objective_id
      where lr.student_id = p.id and lr.achieved) as score,
      (select coalesce(json_agg(row_to_json(link) order by lower(link.tag), link.id), '[]'::json)
       from (select st.id, t.name as tag
             from student_tags st
             join tags t on t.id = st.tag_id
             where st.student_id = p.id) link) as tags,
      (select coalesce(json_agg(proposal order by proposal.id), '[]'::json)
       from (select cap.id,
               latest.status,
               latest.status_id as current_status_id,
               cap.proposal_url,
               to_char(latest.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_on,
               co.name as course_name
             from capstones cap
             join courses co on co.id = cap.course_id
             left join lateral (
               select tl.status_id, tl.created_at, ps.status
               from capstone_timelines tl
               join proposal_statuses ps on ps.id = tl.status_id
               where tl.capstone_id = cap.id
               order by tl.created_at desc, tl.id desc
               limit 1
             ) latest on true
             where cap.student_id = p.id) proposal) as proposals,
      left(md5(concat_ws(':', coalesce(cp.assignment_id, 0), coalesce(sa.id, 0), coalesce(sa.status_id, 0), coalesce(extract(epoch from sa.status_changed_at), 0))), 16) as version
  ) card
  where p.id = any(${ids}) and not p.is_staff and p.is_active`;

const refreshFunction = `create function refresh_learner_cards(learner_ids integer[]) returns void
  language plpgsql as $$
  begin
    if coalesce(cardinality(learner_ids), 0) = 0 then
      return;
    end if;
    perform pg_advisory_xact_lock_shared(${LEARNER_CARDS_LOCK});
    insert into learner_cards (student_id)
      select p.id from people p
      where p.id = any(learner_ids) and not p.is_staff and p.is_active order by 1
      on conflict (student_id) do nothing;
    perform 1 from learner_cards where student_id = any(learner_ids) order by student_id for update;
    delete from learner_cards lc
      where lc.student_id = any(learner_ids)
        and not exists (select 1 from people p
                        where p.id = lc.student_id and not p.is_staff and p.is_active);
    update learner_cards lc
      set book_index = f.book_index, project_index = f.project_index, name = f.name,
        duration_start = f.duration_start, card = f.card
      from (${cardFacts('learner_ids')}) f
      where lc.student_id = f.id;
  end $$`;

/** A trigger function rebuilding the cards of the learners `learners(rows)` names. */
function refreshOn(name: string, learners: (rows: string) => string) {
  return `create function ${name}() returns trigger language plpgsql as $$
    begin
      if tg_op = 'INSERT' then
        perform refresh_learner_cards(array(${learners('new_rows')}));
      elsif tg_op = 'DELETE' then
        perform refresh_learner_cards(array(${learners('old_rows')}));
      else
        perform refresh_learner_cards(array(${learners('new_rows')} union ${learners('old_rows')}));
      end if;
      return null;
    end $$`;
}

/** One statement-level trigger per event (transition tables allow one event each). */
function triggers(table: string, fn: string, events = ['insert', 'update', 'delete']) {
  const tables: Record<string, string> = {
    insert: 'referencing new table as new_rows',
    update: 'referencing old table as old_rows new table as new_rows',
    delete: 'referencing old table as old_rows',
  };
  return events.map(
    (event) => `create trigger ${table}_card_${event.slice(0, 3)} after ${event} on ${table}
      ${tables[event]} for each statement execute function ${fn}()`,
  );
}

/** Tables whose rows belong to one learner, by their learner column. */
const learnerTables: Record<string, string> = {
  student_projects: 'student_id',
  student_assessments: 'student_id',
  learning_records: 'student_id',
  student_tags: 'student_id',
  capstones: 'student_id',
  people: 'id',
};

/**
 * Catalogue tables a card shows, with the learners whose cards show a row of `rows`. Inserting a
 * catalogue row changes no card (nothing refers to it yet); a delete cascades to learners' rows,
 * whose own triggers rebuild their cards.
 */
const catalogueTables: Record<string, (rows: string) => string> = {
  projects: (rows) => `select sp.student_id from student_projects sp
    where sp.project_id in (select id from ${rows})`,
  books: (rows) => `select sp.student_id from student_projects sp
    join projects pr on pr.id = sp.project_id where pr.book_id in (select id from ${rows})`,
  assessments: (rows) => `select sp.student_id from student_projects sp
    join projects pr on pr.id = sp.project_id where pr.book_id in (select book_id from ${rows})`,
  learning_objectives: (rows) => `select lr.student_id from learning_records lr
    where lr.objective_id in (select id from ${rows})`,
  tags: (rows) => `select st.student_id from student_tags st
    where st.tag_id in (select id from ${rows})`,
  courses: (rows) => `select cap.student_id from capstones cap
    where cap.course_id in (select id from ${rows})`,
  proposal_statuses: (rows) => `select cap.student_id from capstones cap
    join capstone_timelines tl on tl.capstone_id = cap.id
    where tl.status_id in (select id from ${rows})`,
};

const everyone = 'select id from people';

export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `create table learner_cards (
      student_id integer primary key references people (id) on delete cascade,
      book_index integer,
      project_index integer,
      name text not null default '',
      duration_start timestamptz,
      card text not null default ''
    )`,
    refreshFunction,
    ...Object.entries(learnerTables).flatMap(([table, learner]) => [
      refreshOn(`${table}_refresh_cards`, (rows) => `select ${learner} from ${rows}`),
      ...triggers(table, `${table}_refresh_cards`),
    ]),
    refreshOn(
      'capstone_timelines_refresh_cards',
      (rows) => `select cap.student_id from capstones cap
        where cap.id in (select capstone_id from ${rows})`,
    ),
    ...triggers('capstone_timelines', 'capstone_timelines_refresh_cards'),
    `create function lock_learner_cards() returns trigger language plpgsql as $$
      begin
        perform pg_advisory_xact_lock(${LEARNER_CARDS_LOCK});
        return null;
      end $$`,
    ...Object.entries(catalogueTables).flatMap(([table, learners]) => [
      `create trigger ${table}_card_lock before update or delete or truncate on ${table}
        for each statement execute function lock_learner_cards()`,
      refreshOn(`${table}_refresh_cards`, learners),
      ...triggers(table, `${table}_refresh_cards`, ['update', 'delete']),
    ]),
    // A truncate names no rows: every card is rebuilt.
    `create function refresh_every_card() returns trigger language plpgsql as $$
      begin
        perform refresh_learner_cards(array(${everyone}));
        return null;
      end $$`,
    ...[...Object.keys(learnerTables), 'capstone_timelines', ...Object.keys(catalogueTables)]
      .filter((table) => table !== 'people')
      .map(
        (table) => `create trigger ${table}_card_tru after truncate on ${table}
          for each statement execute function refresh_every_card()`,
      ),
    `select refresh_learner_cards(array(${everyone}))`,
  ]);
}
