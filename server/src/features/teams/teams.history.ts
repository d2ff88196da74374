// A save or delete of a cohort's teams is a history entry (an audit_log row of entity 'teams'):
// the teams before it, whole, and the ids of the teams after it. Its undo puts back the teams
// before it, exactly, while the cohort's teams are still those it left.
import { UNDO_WINDOW_DAYS } from '@lp/contract/learners';
import type { TeamsUndo } from '@lp/contract/teams';
import type { FastifyInstance } from 'fastify';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { SlackClient } from '../../integrations/slack.ts';
import { enqueue } from '../../jobs/queue.ts';
import { audit } from '../../lib/audit.ts';
import { conflict, notFound } from '../../lib/http-errors.ts';
import { parsedJson } from '../../lib/parsed-json.ts';
import type { SignedInPerson } from '../../plugins/principal.ts';
import { lockCohort } from '../cohorts/index.ts';
import * as repo from './teams.repository.ts';
import { planArchives } from './teams.slack.ts';
import { teamsOf } from './teams.views.ts';

type TeamsChange = 'save' | 'delete';

interface ChangeBefore {
  teams: repo.TeamSnapshot[];
}

interface ChangeAfter {
  teams: number[];
}

/**
 * Appends the entry of a save or delete, in the transaction that made it, once the change is
 * written: `before` is the cohort's teams as they were (read under the cohort's lock). Answers the
 * entry's id, which the route sends in HISTORY_ID_HEADER.
 */
export async function recordTeamsChange(
  trx: Transaction<Database>,
  actorId: number,
  cohortId: number,
  change: TeamsChange,
  before: repo.TeamSnapshot[],
) {
  const after = (await repo.cohortTeams(trx, cohortId)).map((team) => team.id);
  return audit(trx, {
    actorId,
    action: change,
    entity: 'teams',
    entityId: cohortId,
    before: { teams: before } satisfies ChangeBefore,
    after: { teams: after } satisfies ChangeAfter,
  });
}

const sorted = (ids: readonly number[]) => [...ids].sort((a, b) => a - b).join(',');

const teamsWord = (n: number) => `${n} ${n === 1 ? 'team' : 'teams'}`;

/** What an undo did, in words. */
function undoMessage(change: TeamsChange, cohortName: string, restored: number, removed: number) {
  if (change === 'delete')
    return `Delete undone: the ${teamsWord(restored)} of ${cohortName} ${restored === 1 ? 'is' : 'are'} back.`;
  return restored === 0
    ? `Save undone: the ${teamsWord(removed)} saved for ${cohortName} ${removed === 1 ? 'is' : 'are'} removed again.`
    : `Save undone: ${cohortName} has its ${teamsWord(restored)} from before the save again.`;
}

/**
 * Undoes a save or delete of a cohort's teams: within UNDO_WINDOW_DAYS days, once, and only while
 * the cohort's teams are those the change left (a later save or delete would be lost). In one
 * transaction under the cohort's lock, as saves and deletes take it: the teams now are deleted and
 * those before the change inserted as they were. Slack channels of teams it removes are archived
 * by a job, as a delete does; channels a delete archived stay archived.
 */
export async function undoTeamsChange(
  app: FastifyInstance,
  caller: SignedInPerson,
  changeId: number,
): Promise<TeamsUndo> {
  return app.db.transaction().execute(async (trx) => {
    const seen = await repo.findTeamsChange(trx, changeId);
    if (!seen) throw notFound('Teams change');
    const cohort = await lockCohort(trx, Number(seen.entity_id));
    if (!cohort) throw notFound('Cohort');
    // Read again under the lock: an undo that ran meanwhile has written its row.
    const change = await repo.findTeamsChange(trx, changeId);
    if (!change) throw notFound('Teams change');
    if (change.undone) throw conflict('This has already been undone.');
    const until = new Date(change.created_at).getTime() + UNDO_WINDOW_DAYS * 24 * 3600 * 1000;
    if (until <= Date.now())
      throw conflict(
        `This can no longer be undone: undo is possible for ${UNDO_WINDOW_DAYS} days.`,
      );
    const before = parsedJson(change.before as unknown as ChangeBefore | string).teams;
    const left = parsedJson(change.after as unknown as ChangeAfter | string).teams;
    const now = await repo.cohortTeams(trx, cohort.id);
    if (sorted(now.map((team) => team.id)) !== sorted(left))
      throw conflict(
        `The teams of ${cohort.name} have changed since, so this can no longer be undone.`,
      );

    const removed = await teamsOf(trx, now);
    await repo.deleteCohortTeams(trx, cohort.id);
    await repo.restoreTeams(trx, cohort.id, before);
    const restoredIds = new Set(before.map((team) => team.id));
    await audit(trx, {
      actorId: caller.id,
      action: 'undo',
      entity: 'teams',
      entityId: cohort.id,
      before: { teams: left },
      after: { change_id: changeId, action: change.action, teams: [...restoredIds] },
    });
    const archives = planArchives(
      app,
      removed.filter((team) => !restoredIds.has(team.id)),
    );
    const jobId =
      archives.length === 0
        ? null
        : await enqueue(trx, {
            kind: 'team-reset',
            cohortId: cohort.id,
            createdBy: caller.id,
            steps: archives,
          });
    const kind = change.action as TeamsChange;
    const stillArchived =
      kind === 'delete' &&
      new SlackClient(app.config.slack).configured &&
      before.some((team) => team.slack_channel);
    const message = [
      undoMessage(kind, cohort.name, before.length, removed.length),
      ...(jobId === null ? [] : ['Their Slack channels are being archived.']),
      ...(stillArchived ? ['Their Slack channels, archived by the delete, stay archived.'] : []),
    ].join(' ');
    return {
      message,
      teams: await teamsOf(trx, await repo.cohortTeams(trx, cohort.id)),
      job_id: jobId,
    };
  });
}
