import type { Kysely } from 'kysely';
import { runStatements } from './run-statements.ts';

// The queue schedules steps, not jobs (server/src/jobs): each pending step is claimed, leased,
// retried and rescheduled on its own, so one waiting step (a Slack outage) holds up no other.
// A step may wait for others of its job (`after`, their `key`s). `failures` counts the failed
// attempts since the step last recorded progress (a rate limit is a wait, not a failure). A
// team's repository is recorded once (its unique key).
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `alter table job_steps
      add column key text,
      add column after text[] not null default '{}',
      add column run_at timestamptz not null default now(),
      add column locked_by text,
      add column locked_until timestamptz,
      add column failures integer not null default 0`,
    `update job_steps s set run_at = j.run_at from jobs j
      where j.id = s.job_id and s.status = 'pending'`,
    `create index job_steps_ready_idx on job_steps (run_at, job_id, position)
      where status = 'pending'`,
    `alter table jobs drop column locked_by, drop column locked_until`,
    `delete from group_project_repositories a using group_project_repositories b
      where a.team_id = b.team_id and a.repository = b.repository and a.repository <> ''
        and a.id > b.id`,
    `create unique index group_project_repositories_team_repository_key
      on group_project_repositories (team_id, repository) where repository <> ''`,
  ]);
}
