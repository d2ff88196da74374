import type { Kysely } from 'kysely';
import { runStatements } from './run-statements.ts';

// What staff did about a learner who needed attention: reached out by a message, a one-to-one,
// pairing, a plan or otherwise, with a short text. `reasons` are the kinds of the strong flags the
// learner had then: the flag rests for some days after, unless a strong reason not among them
// appears. `cohort_id` is the learner's cohort then, for the share of learners who moved on after
// each kind of intervention, by cohort.
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `create table interventions (
      id serial primary key,
      learner_id integer not null references people on delete cascade,
      cohort_id integer references cohorts on delete set null,
      kind text not null check (kind in ('message', 'one_to_one', 'pairing', 'plan', 'other')),
      note text not null default '',
      reasons text[] not null default '{}',
      created_by integer references people on delete set null,
      created_at timestamptz not null default now()
    )`,
    'create index interventions_learner_idx on interventions (learner_id, created_at desc)',
    'create index interventions_cohort_idx on interventions (cohort_id, created_at)',
    `create trigger interventions_changes after insert or update or delete or truncate
      on interventions for each statement execute function announce_table_change()`,
  ]);
}
