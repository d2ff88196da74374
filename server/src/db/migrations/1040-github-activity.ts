import type { Kysely } from 'kysely';
import { runStatements } from './run-statements.ts';

// The learners' work on GitHub. Each webhook delivery is stored once under GitHub's delivery id
// and processed by a job. Repositories are linked to a learner and, where known, the project the
// repository is for; a team's repository is linked to each member. What happened in a
// repository is kept as events with GitHub's own times: a card shows the latest by those times,
// so deliveries arriving out of order never move it backwards. `subject` names what an event is
// about (a pull request's number, a check's id), `key` the event itself, so a delivery or a
// backfill seen twice adds nothing. `repository_work` keeps what a card shows of a repository,
// worked out from its events each time events are added.
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `create table github_deliveries (
      id text primary key,
      event text not null,
      action text,
      payload json not null,
      received_at timestamptz not null default now(),
      processed_at timestamptz,
      outcome text
    )`,
    `create index github_deliveries_pending_idx on github_deliveries (received_at)
      where processed_at is null`,
    `create table repositories (
      id serial primary key,
      github_id bigint unique,
      full_name text not null,
      html_url text not null,
      default_branch text,
      deleted_at timestamptz,
      created_at timestamptz not null default now()
    )`,
    'create unique index repositories_full_name_key on repositories (lower(full_name))',
    `create table repository_links (
      id serial primary key,
      repository_id integer not null references repositories on delete cascade,
      learner_id integer not null references people on delete cascade,
      project_id integer references projects on delete set null,
      source text not null check (source in ('assessment', 'team', 'template', 'learner', 'staff')),
      created_by integer references people on delete set null,
      created_at timestamptz not null default now(),
      unique (repository_id, learner_id)
    )`,
    'create index repository_links_learner_idx on repository_links (learner_id, project_id)',
    `create table repository_events (
      id bigserial primary key,
      repository_id integer not null references repositories on delete cascade,
      kind text not null check (kind in ('push', 'pull_request', 'review', 'check')),
      subject text not null,
      key text not null,
      occurred_at timestamptz not null,
      actor text,
      title text not null,
      url text,
      head_sha text,
      commit_count integer,
      state text not null,
      unique (repository_id, kind, key)
    )`,
    `create index repository_events_latest_idx
      on repository_events (repository_id, kind, occurred_at desc, id desc)`,
    // What a card shows of a repository, worked out from its events whenever events are added:
    // the board reads one row per card instead of working it out for every card on every read.
    `create table repository_work (
      repository_id integer primary key references repositories on delete cascade,
      last_push_at timestamptz,
      head_sha text,
      pull_request json,
      checks text check (checks in ('passing', 'failing', 'running')),
      checks_since timestamptz
    )`,
    ...['repositories', 'repository_links', 'repository_events', 'repository_work'].map(
      (table) => `create trigger ${table}_changes after insert or update or delete or truncate
        on ${table} for each statement execute function announce_table_change()`,
    ),
  ]);
}
