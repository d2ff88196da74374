import type { Kysely } from 'kysely';
import { runStatements } from './run-statements.ts';

// The durable queue of work done at GitHub and Slack (server/src/jobs). A job is claimed by one
// server process at a time with FOR UPDATE SKIP LOCKED and held by a lease (`locked_until`) that
// its process renews while it works; a job whose lease ran out (its process died) is claimed
// again. Its steps are planned when it is queued and each records its own outcome, so a resumed
// or retried job does only what is not done yet. Queuing a job announces it on `jobs`.

export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `create table jobs (
      id serial primary key,
      kind text not null,
      cohort_id integer references cohorts (id) on delete cascade,
      learner_id integer references people (id) on delete cascade,
      created_by integer references people (id) on delete set null,
      status text not null default 'queued'
        check (status in ('queued', 'running', 'done', 'failed')),
      run_at timestamptz not null default now(),
      locked_by text,
      locked_until timestamptz,
      created_at timestamptz not null default now(),
      started_at timestamptz,
      finished_at timestamptz
    )`,
    `create index jobs_ready_idx on jobs (run_at, id) where status in ('queued', 'running')`,
    `create index jobs_cohort_idx on jobs (cohort_id, created_at desc)`,
    `create index jobs_learner_idx on jobs (learner_id) where learner_id is not null`,
    `create table job_steps (
      id serial primary key,
      job_id integer not null references jobs (id) on delete cascade,
      position integer not null,
      kind text not null,
      phase text not null,
      label text not null,
      input jsonb not null,
      status text not null default 'pending' check (status in ('pending', 'done', 'failed')),
      attempts integer not null default 0,
      worked_by text,
      result jsonb,
      error text,
      finished_at timestamptz,
      unique (job_id, position)
    )`,
    `create function jobs_announce() returns trigger language plpgsql as $$
      begin
        perform pg_notify('jobs', new.id::text);
        return null;
      end $$`,
    `create trigger jobs_announce after insert or update of run_at on jobs
      for each row when (new.status = 'queued') execute function jobs_announce()`,
  ]);
}
