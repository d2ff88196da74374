import type { RosterUndo } from '@lp/contract/roster';
import type { FastifyInstance } from 'fastify';
import { audit } from '../../lib/audit.ts';
import { conflict, notFound } from '../../lib/http-errors.ts';
import { parsedJson } from '../../lib/parsed-json.ts';
import { recordBoardChange } from '../board/index.ts';
import { lockCohort } from '../cohorts/index.ts';
import * as repo from './cohort-csv.repository.ts';
import type { ImportRecord } from './roster-apply.ts';

const recordOf = (after: unknown) => parsedJson(after as ImportRecord | string);

const learners = (n: number) => `${n} ${n === 1 ? 'learner' : 'learners'}`;

/**
 * Takes an applied roster import back: the memberships it opened end, as a removal from the
 * cohort does. Accounts it made stay, in no cohort, with their history. A learner who has left
 * the cohort since is left alone. Once only.
 */
export async function undoRosterImport(
  app: FastifyInstance,
  actorId: number,
  cohortId: number,
  importId: number,
): Promise<RosterUndo> {
  return app.db.transaction().execute(async (trx) => {
    // Undos of one cohort's imports take turns, so an import is undone once.
    const cohort = await lockCohort(trx, cohortId);
    if (!cohort) throw notFound('Cohort');
    const found = await repo.findImport(trx, cohortId, importId);
    if (!found) throw notFound('Import');
    if (found.undone) throw conflict('This import was already undone.');

    const ended = await repo.endMemberships(trx, recordOf(found.after).memberships ?? []);
    for (const membership of ended) {
      await recordBoardChange(trx, {
        studentId: membership.person_id,
        kind: 'transfer-out',
        summary: 'removed from the cohort (roster import undone)',
        actorId,
        cohortIds: [cohortId],
      });
      await audit(trx, {
        actorId,
        action: 'leave',
        entity: 'cohort_membership',
        entityId: membership.id,
        before: membership,
      });
    }
    await audit(trx, {
      actorId,
      action: 'undo-import',
      entity: 'cohort_roster',
      entityId: cohortId,
      after: { import_id: importId, removed: ended.length },
    });
    return {
      message: `Removed ${learners(ended.length)} from ${cohort.name} again`,
      removed: ended.length,
    };
  });
}
