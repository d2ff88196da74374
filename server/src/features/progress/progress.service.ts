import {
  DUPLICATE_PROJECT_MESSAGE,
  NO_ASSESSMENT_FOR_BOOK_MESSAGE,
  NO_ASSESSMENTS_MESSAGE,
  type StartAssessmentResponse,
  type UpdateAssessmentStatusBody,
} from '@lp/contract/board';
import { ASSESSMENT_STATUS } from '@lp/contract/constants';
import type { FastifyInstance } from 'fastify';
import {
  GithubClient,
  GithubError,
  organizationFromUrl,
  repositoryFromUrl,
} from '../../integrations/github.ts';
import { audit } from '../../lib/audit.ts';
import { conflict, forbidden, HttpError, notFound } from '../../lib/http-errors.ts';
import type { SignedInPerson } from '../../plugins/principal.ts';
import { notifyAssessmentStarted, notifyStatusChanged } from './progress.notifications.ts';
import { mayChangeAssessmentStatus, mayStartAssessment } from './progress.policy.ts';
import * as repo from './progress.repository.ts';

export async function assignProject(
  app: FastifyInstance,
  caller: SignedInPerson,
  learnerId: number,
  projectId: number,
) {
  const [learner, project] = await Promise.all([
    repo.findLearner(app.db, learnerId),
    repo.findProject(app.db, projectId),
  ]);
  if (!learner) throw notFound('Student');
  if (!project) throw notFound('Project');
  await app.db.transaction().execute(async (trx) => {
    // A learner never goes back to a project they already had (the client's 'duplicate' rule).
    if (await repo.hasHadProject(trx, learnerId, projectId))
      throw conflict(DUPLICATE_PROJECT_MESSAGE);
    const assignment = await repo.insertStudentProject(trx, {
      student_id: learnerId,
      project_id: projectId,
      assigned_by: caller.id,
    });
    await audit(trx, {
      actorId: caller.id,
      action: 'assign',
      entity: 'student_project',
      entityId: assignment.id,
      after: assignment,
    });
  });
}

/** Why no repository is made: null when GitHub will be asked. */
function repositoryBlocker(
  github: GithubClient,
  learner: { github_login: string | null; organization_url: string | null },
  template: string | null,
) {
  if (!github.apiConfigured) return 'GitHub is not configured';
  if (!learner.github_login) return 'the student has no GitHub account';
  if (!organizationFromUrl(learner.organization_url)) {
    return "the student's cohort has no GitHub organization";
  }
  if (!template) return "the assessment's source is not a GitHub repository";
  return null;
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
): Promise<StartAssessmentResponse> {
  if (!mayStartAssessment(caller, learnerId)) throw forbidden();
  const learner = await repo.findLearner(app.db, learnerId);
  if (!learner) throw notFound('Student');
  const assessment = await repo.assessmentOfBook(app.db, bookId);
  if (!assessment) throw new HttpError(404, NO_ASSESSMENT_FOR_BOOK_MESSAGE);
  const existing = await repo.findStudentAssessment(app.db, learnerId, assessment.id);
  if (existing) {
    throw new HttpError(
      409,
      `Conflict: ${learner.name} is already assigned to the ${assessment.name} assessment`,
      { location: `${app.config.apiPrefix}/assessments/${existing.id}` },
    );
  }

  const github = new GithubClient(app.config.github);
  const template = repositoryFromUrl(assessment.source_url);
  const blocker = repositoryBlocker(github, learner, template);
  let url = '';
  if (!blocker) {
    const org = organizationFromUrl(learner.organization_url) as string;
    const login = learner.github_login as string;
    const name = `${assessment.name.replace(/\s+/g, '-')}-${login}`;
    try {
      await github.generateFromTemplate(template as string, {
        owner: org,
        name,
        description: `This is your self-assessment repository for the ${assessment.book_name} book`,
      });
      await github.addCollaborator(org, name, login);
    } catch (error) {
      const reason = error instanceof GithubError ? error.message : 'GitHub did not answer';
      throw new HttpError(502, `Error: ${reason}. The self-assessment was not started.`);
    }
    url = `https://github.com/${org}/${name}`;
  }

  const created = await app.db.transaction().execute(async (trx) => {
    const row = await repo.insertStudentAssessment(trx, {
      student_id: learnerId,
      assessment_id: assessment.id,
      instructor_id: caller.isStaff ? caller.id : null,
      url,
    });
    await audit(trx, {
      actorId: caller.id,
      action: 'start',
      entity: 'student_assessment',
      entityId: row.id,
      after: row,
    });
    return row;
  });
  await notifyAssessmentStarted(app, learner, assessment.name, url);
  return {
    message: blocker
      ? `Self-assessment started. No repository was created: ${blocker}.`
      : 'Success',
    id: created.id,
    url,
  };
}

/** Changes the status of the learner's most recently started self-assessment. */
export async function changeAssessmentStatus(
  app: FastifyInstance,
  caller: SignedInPerson,
  learnerId: number,
  body: UpdateAssessmentStatusBody,
) {
  if (!mayChangeAssessmentStatus(caller, learnerId, body.statusId)) throw forbidden();
  const learner = await repo.findLearner(app.db, learnerId);
  if (!learner) throw notFound('Student');
  const current = await repo.latestStudentAssessment(app.db, learnerId);
  if (!current) throw new HttpError(400, NO_ASSESSMENTS_MESSAGE);
  if (current.status_id === body.statusId) return;
  if (!caller.isStaff && current.status_id === ASSESSMENT_STATUS.reviewedComplete) {
    throw conflict('This self-assessment has already been reviewed and completed.');
  }
  const isReview = body.statusId >= ASSESSMENT_STATUS.reviewedIncomplete;

  await app.db.transaction().execute(async (trx) => {
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
    await audit(trx, {
      actorId: caller.id,
      action: 'status',
      entity: 'student_assessment',
      entityId: current.id,
      before: { status_id: current.status_id },
      after: { status_id: body.statusId, achieved_records: achieved.map((record) => record.id) },
    });
  });
  await notifyStatusChanged(app, learner, { ...current, status_id: body.statusId });
}
