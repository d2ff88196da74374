import {
  ALREADY_SUBMITTED_MESSAGE,
  type Capstone,
  type CapstonesQuery,
  type CreateCapstoneBody,
  NO_MATCHING_COURSE_MESSAGE,
  NOT_COHORT_COURSE_MESSAGE,
  type Timeline,
} from '@lp/contract/capstones';
import type { FastifyInstance } from 'fastify';
import { SlackClient } from '../../integrations/slack.ts';
import { audit } from '../../lib/audit.ts';
import { isoTimestamp } from '../../lib/dates.ts';
import { badRequest, conflict, forbidden, notFound } from '../../lib/http-errors.ts';
import { assertAllowed } from '../../lib/policy.ts';
import type { SignedInPerson } from '../../plugins/principal.ts';
import { recordBoardChange, recordLearnerChange } from '../board/index.ts';
import { lockLearner } from '../learners/index.ts';
import {
  mayReadCohortCapstones,
  mayReadLearnerCapstones,
  maySubmitProposal,
} from './capstones.policy.ts';
import * as repo from './capstones.repository.ts';

export async function listCapstones(
  app: FastifyInstance,
  caller: SignedInPerson,
  query: CapstonesQuery,
): Promise<Capstone[]> {
  if (query.cohortId !== undefined) {
    assertAllowed(mayReadCohortCapstones(caller));
    if (!(await repo.cohortExists(app.db, query.cohortId))) throw notFound('Cohort');
    return repo.capstonesOfCohort(app.db, query.cohortId);
  }
  if (query.studentId !== undefined) {
    assertAllowed(mayReadLearnerCapstones(caller, query.studentId));
    if (!(await repo.findLearner(app.db, query.studentId))) throw notFound('Student');
    return repo.capstonesOfLearner(app.db, query.studentId);
  }
  throw badRequest('querystring.cohortId or querystring.studentId is required');
}

/** Sends after commit; a Slack failure is logged and never undoes the change. */
async function notify(app: FastifyInstance, messages: Array<[string | null, string]>) {
  const slack = new SlackClient(app.config.slack);
  if (!slack.configured) return true;
  let delivered = true;
  for (const [channel, text] of messages) {
    try {
      delivered = (await slack.postMessage(channel, text)) && delivered;
    } catch (error) {
      app.log.warn({ err: error, channel }, 'Slack message failed');
      delivered = false;
    }
  }
  return delivered;
}

export async function submitProposal(
  app: FastifyInstance,
  caller: SignedInPerson,
  body: CreateCapstoneBody,
) {
  assertAllowed(maySubmitProposal(caller), 'Only learners submit capstone proposals.');
  const learner = await repo.findLearner(app.db, caller.id);
  const course = await repo.findCourse(app.db, body.course);
  if (!learner) throw forbidden('Only learners submit capstone proposals.');
  if (!course) throw badRequest(NO_MATCHING_COURSE_MESSAGE);
  const created = await app.db.transaction().execute(async (trx) => {
    // The learner first: parallel submissions queue here, and the cohort is read as it is now.
    if (!(await lockLearner(trx, caller.id)))
      throw forbidden('Only learners submit capstone proposals.');
    if (!(await repo.isCourseOfCurrentCohort(trx, caller.id, course.id)))
      throw forbidden(NOT_COHORT_COURSE_MESSAGE);
    if (await repo.hasProposalFor(trx, caller.id, course.id))
      throw conflict(ALREADY_SUBMITTED_MESSAGE);
    const row = await repo.insertCapstone(trx, {
      student_id: caller.id,
      course_id: course.id,
      description: body.description ?? '',
      proposal_url: body.proposalURL ?? '',
      repo_url: body.repoURL || null,
    });
    await recordBoardChange(trx, {
      studentId: caller.id,
      kind: 'capstone',
      summary: `${course.name} capstone proposal submitted`,
      actorId: caller.id,
    });
    await audit(trx, {
      actorId: caller.id,
      action: 'create',
      entity: 'capstone',
      entityId: row.id,
      after: row,
    });
    return row;
  });
  const delivered = await notify(app, [
    [
      learner.cohort_channel,
      `${learner.name} has submitted their ${course.name} capstone proposal`,
    ],
    [
      learner.slack_handle,
      `:mortar_board: Your ${course.name} capstone proposal was successfully submitted.\n\nIf you make changes to anything in your proposal, you do not need to submit again.`,
    ],
  ]);
  return {
    id: created.id,
    message: delivered ? 'Proposal submitted' : 'Proposal saved but unable to send Slack message',
  };
}

/** Adds a step to a proposal's timeline; returns it with the history entry that undoes it. */
export async function addTimeline(
  app: FastifyInstance,
  caller: SignedInPerson,
  capstoneId: number,
  statusId: number,
): Promise<{ timeline: Timeline; historyId: number }> {
  const status = await repo.findProposalStatus(app.db, statusId);
  const { capstone, entry, label, historyId } = await app.db.transaction().execute(async (trx) => {
    // The proposal's row first: parallel steps queue here and each sees the one before it.
    const capstone = await repo.lockCapstone(trx, capstoneId);
    if (!capstone) throw notFound('Capstone');
    if (!status) throw notFound('Proposal status');
    if ((await repo.currentStatusId(trx, capstoneId)) === statusId)
      throw conflict(`The proposal is already marked as ${status.status}.`);
    const row = await repo.insertTimeline(trx, {
      capstone_id: capstoneId,
      status_id: statusId,
      created_by: caller.id,
    });
    const historyId = await recordLearnerChange(trx, caller.id, 'capstone_step', {
      student_id: capstone.student_id,
      capstone_id: capstoneId,
      timeline_id: row.id,
      status: { id: statusId, name: status.status },
      course: capstone.course_name,
    });
    return { capstone, entry: row, label: status.status, historyId };
  });
  await notify(app, [
    [
      capstone.slack_handle,
      `:hi: Hello, ${capstone.name}!\n\n:mortar_board: Your capstone proposal was marked as ${label}.`,
    ],
  ]);
  const timeline = {
    id: entry.id,
    capstone: entry.capstone_id,
    status: entry.status_id,
    date: isoTimestamp(entry.created_at),
  };
  return { timeline, historyId };
}

/**
 * Revokes a review step (e.g. an approval) by deleting its timeline entry; returns the learner's
 * history entry that puts it back.
 */
export async function removeTimeline(app: FastifyInstance, caller: SignedInPerson, id: number) {
  return app.db.transaction().execute(async (trx) => {
    const removed = await repo.deleteTimeline(trx, id);
    if (!removed) throw notFound('Timeline entry');
    const capstone = await repo.lockCapstone(trx, removed.capstone_id);
    const status = await repo.findProposalStatus(trx, removed.status_id);
    if (!capstone) throw notFound('Capstone');
    return recordLearnerChange(trx, caller.id, 'revoke_capstone_step', {
      student_id: capstone.student_id,
      course: capstone.course_name,
      status: { id: removed.status_id, name: status?.status ?? 'Step' },
      timeline: { ...removed, created_at: isoTimestamp(removed.created_at) },
    });
  });
}
