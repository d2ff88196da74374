import {
  NOT_YOUR_PROFILE_MESSAGE,
  SLACK_ID_TAKEN_MESSAGE,
  STUDENT_NOT_FOUND_MESSAGE,
  type StudentDetail,
  type UpdateStudentBody,
} from '@lp/contract/learners';
import { FEEDBACK_CREATED_MESSAGE, type FeedbackCreated } from '@lp/contract/notes';
import type { FastifyInstance } from 'fastify';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { SlackClient } from '../../integrations/slack.ts';
import { queueSlackMessages } from '../../jobs/slack-messages.ts';
import { audit } from '../../lib/audit.ts';
import { conflict, HttpError } from '../../lib/http-errors.ts';
import { lockName } from '../../lib/name-lock.ts';
import { fullName } from '../../lib/names.ts';
import { assertAllowed } from '../../lib/policy.ts';
import type { KeptRead } from '../../plugins/kept-answer.ts';
import type { SignedInPerson } from '../../plugins/principal.ts';
import { currentMemberships } from '../cohorts/index.ts';
import { mayUpdateLearnerProfile, mayViewLearner } from './learners.policy.ts';
import * as repo from './learners.repository.ts';

export const FEEDBACK_SLACK_MESSAGE = 'You just received feedback from one of your coaches.';

export const studentNotFound = () => new HttpError(404, STUDENT_NOT_FOUND_MESSAGE);

/** The learner's record: for staff, or for the learner themself. */
export async function studentDetail(
  app: FastifyInstance,
  caller: SignedInPerson,
  id: number,
): Promise<StudentDetail> {
  assertAllowed(mayViewLearner(caller, id), NOT_YOUR_PROFILE_MESSAGE);
  const person = await repo.learnerDetail(app.db, id);
  if (!person) throw studentNotFound();
  return {
    id: person.id,
    name: fullName(person),
    email: person.email,
    github_handle: person.github_login,
    avatar: person.avatar_url,
    slack_handle: person.slack_handle,
    project: person.project ?? { id: 0, name: 'Unassigned' },
    score: person.score,
    current_cohort:
      person.cohort_id !== null && person.cohort_name !== null
        ? { id: person.cohort_id, name: person.cohort_name }
        : null,
    cohorts: person.cohorts,
    core_skill_records: person.core_skill_records,
    records: person.records.map((row) => ({ ...row, entries: row.entries ?? [] })),
    feedback: person.feedback,
    capstones: person.capstones,
  };
}

/**
 * The record as a kept read (each caller's own: the route admits learners), refused before
 * anything is read to anyone but staff and the learner.
 */
export function studentDetailRead(
  app: FastifyInstance,
  caller: SignedInPerson,
  id: number,
): KeptRead<StudentDetail> {
  assertAllowed(mayViewLearner(caller, id), NOT_YOUR_PROFILE_MESSAGE);
  return {
    variant: String(id),
    load: () => studentDetail(app, caller, id),
  };
}

/**
 * The Slack member id: the learner's own setting, which staff may also correct. It is personal:
 * one that belongs to someone else is refused (409), checked under a lock on the id so two
 * learners claiming it at once cannot both get it (a unique index keeps the rule in any case).
 */
export async function updateStudent(
  app: FastifyInstance,
  caller: SignedInPerson,
  id: number,
  body: UpdateStudentBody,
) {
  assertAllowed(mayUpdateLearnerProfile(caller, id));
  await app.db.transaction().execute(async (trx) => {
    const before = await repo.slackHandle(trx, id);
    if (!before) throw studentNotFound();
    if (body.slack_handle === undefined) return;
    const handle = body.slack_handle?.trim() || null;
    if (handle !== null) {
      await lockName(trx, 'slack-handle', handle);
      if (await repo.slackHandleTaken(trx, handle, id)) throw conflict(SLACK_ID_TAKEN_MESSAGE);
    }
    await repo.setSlackHandle(trx, id, handle);
    await audit(trx, {
      actorId: caller.id,
      action: 'update',
      entity: 'person',
      entityId: id,
      before: { slack_handle: before.slack_handle },
      after: { slack_handle: handle },
    });
  });
}

/** 1:1 feedback from a coach to a learner (the /feedback/new form). */
export async function sendFeedback(
  app: FastifyInstance,
  caller: SignedInPerson,
  id: number,
  notes: string,
): Promise<FeedbackCreated> {
  const text = notes.trim();
  if (!text) throw new HttpError(400, 'body.notes must not be blank');
  const { row } = await app.db.transaction().execute(async (trx) => {
    const learner = await repo.slackHandle(trx, id);
    if (!learner) throw studentNotFound();
    const row = await repo.insertFeedback(trx, {
      student_id: id,
      coach_id: caller.id,
      notes: text,
    });
    await audit(trx, {
      actorId: caller.id,
      action: 'create',
      entity: 'feedback',
      entityId: row.id,
      after: row,
    });
    await tellLearner(app, trx, caller.id, id, learner.slack_handle);
    return { row };
  });
  return { message: FEEDBACK_CREATED_MESSAGE, id: row.id };
}

/** Queues a Slack direct message that feedback is waiting (when Slack is configured). */
async function tellLearner(
  app: FastifyInstance,
  trx: Transaction<Database>,
  actorId: number,
  learnerId: number,
  slackHandle: string | null,
) {
  const cohort = await currentMemberships(trx)
    .select('m.cohort_id')
    .where('m.person_id', '=', learnerId)
    .executeTakeFirst();
  await queueSlackMessages(
    trx,
    new SlackClient(app.config.slack).configured,
    { cohortId: cohort?.cohort_id ?? null, learnerId, createdBy: actorId },
    [
      {
        channel: slackHandle,
        to: 'the learner',
        text: `${FEEDBACK_SLACK_MESSAGE}\n\nVisit ${app.config.clientUrl} to view your messages.`,
      },
    ],
  );
}
