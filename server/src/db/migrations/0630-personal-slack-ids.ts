import type { Kysely } from 'kysely';
import { runStatements } from './run-statements.ts';

// A Slack member ID belongs to one person: direct messages about a learner's work go to it.
// IDs shared by several people before this rule cannot be told apart (nobody knows whose it
// really is), so they are cleared for all of them, each with an audit row; the learners enter
// their own again. Compared without case, as the same member ID typed in either case.
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `with shared as (
      select id, slack_handle from people
      where slack_handle is not null and lower(slack_handle) in (
        select lower(slack_handle) from people where slack_handle is not null
        group by lower(slack_handle) having count(*) > 1)
    ), cleared as (
      update people set slack_handle = null from shared where people.id = shared.id
      returning people.id, shared.slack_handle
    )
    insert into audit_log (actor_id, action, entity, entity_id, before, after)
    select null, 'update', 'person', id::text, jsonb_build_object('slack_handle', slack_handle),
      jsonb_build_object('slack_handle', null, 'reason', 'Slack member ID shared with someone else')
    from cleared`,
    `create unique index people_slack_handle_key on people (lower(slack_handle))
      where slack_handle is not null`,
  ]);
}
