import {
  ALREADY_REVIEWED_MESSAGE,
  DUPLICATE_PROJECT_MESSAGE,
  NO_ASSESSMENT_FOR_BOOK_MESSAGE,
  NO_ASSESSMENTS_MESSAGE,
  NO_CURRENT_PROJECT_MESSAGE,
  notCurrentBookMessage,
  type StartAssessmentResponse,
  type UpdateAssessmentStatusBody,
} from '@lp/contract/board';
import { ASSESSMENT_STATUS } from '@lp/contract/constants';
import type { FastifyInstance } from 'fastify';
import {
  GithubClient,
  organizationFromUrl,
  repositoryFromUrl,
  repositoryName,
} from '../../../integrations/github.ts';
import { SlackClient } from '../../../integrations/slack.ts';
import { enqueue } from '../../../jobs/queue.ts';
import { messageSteps } from '../../../jobs/slack-messages.ts';
import type { PlannedStep } from '../../../jobs/steps.ts';
import { conflict, forbidden, HttpError, notFound } from '../../../lib/http-errors.ts';
import { assertAllowed } from '../../../lib/policy.ts';
import type { SignedInPerson } from '../../../plugins/principal.ts';
import { queueTemplateRepository } from '../../github/index.ts';
import { lockLearner } from '../../learners/index.ts';
import { queueGradeSends } from '../../lti/index.ts';
import { recordLearnerChange } from '../undo/learner-history.ts';
import { assertCardUnchanged } from './card-conflict.ts';
import { queueStatusMessages, startedMessage } from './progress.notifications.ts';
import { mayChangeAssessmentStatus, mayStartAssessment } from './progress.policy.ts';
import * as repo from './progress.repository.ts';
import { repositoryStep } from './progress.steps.ts';
import { missingRepositoryReason } from './self-assessment-repository.ts';

/**
 * Moves a learner to a project; returns the history entry that undoes it. `ifMatch` (the card's
 * version the caller saw, or undefined) refuses the move with 412 when the card has changed since.
 */
export async function assignProject(
  app: FastifyInstance,
  caller: SignedInPerson,
  learnerId: number,
  projectId: number,
  ifMatch?: string,
): Promise<number> {
  return app.db.transaction().execute(async (trx) => {
    // The learner first: parallel moves queue here and each decides on what the last one did.
    if (!(await lockLearner(trx, learnerId))) throw notFound('Student');
    await assertCardUnchanged(trx, caller, learnerId, ifMatch);
    const project = await repo.findProject(trx, projectId);
    if (!project) throw notFound('Project');
    // A learner never goes back to a project they already had (the client's 'duplicate' rule);
    // undoing a move removes its assignment, so a mistaken move can still be taken back.
    if (await repo.hasHadProject(trx, learnerId, projectId))
      throw conflict(DUPLICATE_PROJECT_MESSAGE);
    const from = await repo.currentProject(trx, learnerId);
    const assignment = await repo.insertStudentProject(trx, {
      student_id: learnerId,
      project_id: projectId,
      assigned_by: caller.id,
    });
    // The learner's repository from the project's template, made once the move committed.
    await queueTemplateRepository(app, trx, { learnerId, projectId, actorId: caller.id });
    return recordLearnerChange(trx, caller.id, 'move', {
      student_id: learnerId,
      assignment_id: assignment.id,
      project,
      from: from ?? null,
    });
  });
}

/** 409 for a self-assessment already started, with the Location of the existing one. */
function alreadyStarted(app: FastifyInstance, learner: string, assessment: string, id: number) {
  return new HttpError(
    409,
    `Conflict: ${learner} is already assigned to the ${assessment} assessment`,
    {
      location: `${app.config.apiPrefix}/assessments/${id}`,
    },
  );
}

/** A learner starts only the self-assessment of the book of their current project. */
async function assertCurrentBook(app: FastifyInstance, learnerId: number, bookId: number) {
  const book = await repo.currentBook(app.db, learnerId);
  if (!book) throw forbidden(NO_CURRENT_PROJECT_MESSAGE);
  if (book.id !== bookId) throw forbidden(notCurrentBookMessage(book.name));
}

/**
 * Starts a learner's self-assessment for a book: the repository first (when GitHub is
 * configured), then the row in one transaction, so a GitHub failure leaves nothing behind.
 * Without GitHub the row is created with an empty URL and the answer says so.
 */
export async function startAssessment(
  app: FastifyInstance,
  caller: SignedInPerson,
  learnerId: number,
  bookId: number,
  ifMatch?: string,
): Promise<{ started: StartAssessmentResponse; historyId: number }> {
  assertAllowed(mayStartAssessment(caller, learnerId));
  const learner = await repo.findLearner(app.db, learnerId);
  if (!learner) throw notFound('Student');
  // Before any repository is made, and again under the learner's lock below.
  await assertCardUnchanged(app.db, caller, learnerId, ifMatch);
  // Staff may start any book's (the board's drop on the assessment column).
  if (!caller.isStaff) await assertCurrentBook(app, learnerId, bookId);
  const assessment = await repo.assessmentOfBook(app.db, bookId);
  if (!assessment) throw new HttpError(404, NO_ASSESSMENT_FOR_BOOK_MESSAGE);
  const existing = await repo.findStudentAssessment(app.db, learnerId, assessment.id);
  if (existing) throw alreadyStarted(app, learner.name, assessment.name, existing.id);

  const github = new GithubClient(app.config.github);
  const blocker = missingRepositoryReason(github.apiConfigured, learner, assessment.source_url);
  let url = '';
  const steps: PlannedStep[] = [];
  if (!blocker) {
    const owner = organizationFromUrl(learner.organization_url) as string;
    const login = learner.github_login as string;
    const name = repositoryName(assessment.name, login);
    steps.push(
      repositoryStep({
        template: repositoryFromUrl(assessment.source_url) as string,
        owner,
        name,
        login,
        description: `This is your self-assessment repository for the ${assessment.book_name} book`,
        slackHandle: learner.slack_handle,
      }),
    );
    url = `https://github.com/${owner}/${name}`;
  }
  const slackConfigured = new SlackClient(app.config.slack).configured;
  const message = startedMessage(learner, assessment.name);
  if (slackConfigured && message.channel)
    steps.push(...messageSteps([{ ...message, channel: message.channel }]));

  const created = await app.db.transaction().execute(async (trx) => {
    // Checked again under the learner's lock: a parallel start may have won meanwhile.
    if (!(await lockLearner(trx, learnerId))) throw notFound('Student');
    await assertCardUnchanged(trx, caller, learnerId, ifMatch);
    const started = await repo.findStudentAssessment(trx, learnerId, assessment.id);
    if (started) throw alreadyStarted(app, learner.name, assessment.name, started.id);
    const row = await repo.insertStudentAssessment(trx, {
      student_id: learnerId,
      assessment_id: assessment.id,
      instructor_id: caller.isStaff ? caller.id : null,
      url,
    });
    const historyId = await recordLearnerChange(trx, caller.id, 'start_assessment', {
      student_id: learnerId,
      student_assessment_id: row.id,
      assessment: assessment.name,
      url,
    });
    // The repository and the messages are made once the start committed, by this job.
    const jobId =
      steps.length === 0
        ? null
        : await enqueue(trx, {
            kind: 'self-assessment',
            cohortId: learner.cohort_id,
            learnerId,
            createdBy: caller.id,
            steps,
          });
    return { ...row, historyId, jobId };
  });
  const started = {
    message: blocker
      ? `Self-assessment started. No repository was created: ${blocker}.`
      : 'Success',
    id: created.id,
    url,
    job_id: created.jobId,
    // The repository's step sends the link (progress.steps.ts).
    link_in_slack: !blocker && slackConfigured && Boolean(learner.slack_handle),
  };
  return { started, historyId: created.historyId };
}

/**
 * Changes the status of the self-assessment the body names (by id), or without one the learner's
 * most recently started. The learner's row is locked first and the decision is made on the
 * status the lock returns, so parallel requests change it once and a learner's submission never
 * overwrites a review that committed meanwhile; with `ifMatch`, neither does another coach's
 * review (412). Slack hears only about a change that happened.
 * Returns the history entry that undoes the change (null when nothing changed).
 */
export async function changeAssessmentStatus(
  app: FastifyInstance,
  caller: SignedInPerson,
  learnerId: number,
  body: UpdateAssessmentStatusBody,
  ifMatch?: string,
): Promise<number | null> {
  assertAllowed(mayChangeAssessmentStatus(caller, learnerId, body.statusId));
  const changed = await app.db.transaction().execute(async (trx) => {
    if (!(await lockLearner(trx, learnerId))) throw notFound('Student');
    // Before 'the same status changes nothing': a review someone else made meanwhile is news.
    await assertCardUnchanged(trx, caller, learnerId, ifMatch);
    const current = await repo.lockStudentAssessment(trx, learnerId, body.studentAssessmentId);
    if (!current) {
      if (body.studentAssessmentId === undefined) throw new HttpError(400, NO_ASSESSMENTS_MESSAGE);
      throw notFound('Self-assessment');
    }
    if (current.status_id === body.statusId) return null;
    if (!caller.isStaff && current.status_id === ASSESSMENT_STATUS.reviewedComplete) {
      throw conflict(ALREADY_REVIEWED_MESSAGE);
    }
    const isReview = body.statusId >= ASSESSMENT_STATUS.reviewedIncomplete;
    await repo.setAssessmentStatus(
      trx,
      current.id,
      body.statusId,
      isReview ? caller.id : undefined,
    );
    const achieved =
      body.statusId === ASSESSMENT_STATUS.reviewedComplete
        ? await repo.achieveAssessmentObjectives(
            trx,
            learnerId,
            current.assessment_id,
            body.instructorNotes ?? '',
            caller.id,
          )
        : [];
    const historyId = await recordLearnerChange(trx, caller.id, 'status', {
      student_id: learnerId,
      student_assessment_id: current.id,
      assessment: current.assessment_name,
      before: {
        status_id: current.status_id,
        status: current.status,
        instructor_id: current.instructor_id,
        status_changed_at: new Date(current.status_changed_at).toISOString(),
      },
      status_id: body.statusId,
      status: await repo.statusLabel(trx, body.statusId),
      records: achieved,
    });
    // A review's grade goes to the LMS courses linked to the learner's cohort (features/lti).
    await queueGradeSends(trx, {
      learnerId,
      assessmentId: current.assessment_id,
      statusId: body.statusId,
      actorId: caller.id,
    });
    const learner = await repo.findLearner(trx, learnerId);
    if (learner)
      await queueStatusMessages(app, trx, caller.id, learner, {
        ...current,
        status_id: body.statusId,
      });
    return { historyId };
  });
  return changed ? changed.historyId : null;
}
