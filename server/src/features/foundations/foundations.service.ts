import type {
  AssignCohortBody,
  FoundationsList,
  FoundationsQuery,
  UploadBody,
} from '@lp/contract/foundations';
import { isUnassignedCohort } from '@lp/contract/guards';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { audit } from '../../lib/audit.ts';
import { isCalendarDate } from '../../lib/dates.ts';
import { badRequest, HttpError, notFound } from '../../lib/http-errors.ts';
import { safeEqual, sha256 } from '../../lib/secrets.ts';
import type { SignedInPerson } from '../../plugins/principal.ts';
import { initials, maySeeLearnerIdentity } from './foundations.policy.ts';
import * as repo from './foundations.repository.ts';

export async function listProgress(
  app: FastifyInstance,
  caller: SignedInPerson | null,
  query: FoundationsQuery,
): Promise<FoundationsList> {
  if (query.lastAttempt !== undefined && !isCalendarDate(query.lastAttempt))
    throw badRequest('querystring.lastAttempt is not a valid date');
  if (maySeeLearnerIdentity(caller)) {
    return repo.listProgress(app.db, { learnerName: query.learnerName, since: query.lastAttempt });
  }
  const rows = await repo.listProgress(app.db, { since: query.lastAttempt });
  const wanted = query.learnerName?.trim().toLowerCase() ?? '';
  return rows
    .map((row) => ({ ...row, learner_name: initials(row.learner_name), learner_github_id: null }))
    .filter((row) => !wanted || row.learner_name.toLowerCase().includes(wanted));
}

export async function assignCohort(
  app: FastifyInstance,
  caller: SignedInPerson,
  body: AssignCohortBody,
) {
  await app.db.transaction().execute(async (trx) => {
    const before = await repo.findProfile(trx, body.userId);
    if (!before && !(await repo.hasExercises(trx, body.userId))) throw notFound('Learner');
    const after = await repo.upsertProfileCohort(trx, {
      githubId: body.userId,
      name: before?.learner_name ?? (await repo.firstExerciseName(trx, body.userId)),
      cohortType: body.cohortType,
      cohortNumber: body.cohortNumber,
    });
    await audit(trx, {
      actorId: caller.id,
      action: 'assign-cohort',
      entity: 'foundations_learner_profile',
      entityId: body.userId,
      before: before ?? null,
      after,
    });
  });
}

/**
 * Takes a learner's cohort back (the Undo of its assignment): the profile is as it was before
 * the latest assignment, so the learner is Unassigned again (with no profile when the assignment
 * made it, or the exercise site's 'day 0' when an upload had).
 */
export async function unassignCohort(
  app: FastifyInstance,
  caller: SignedInPerson,
  githubId: string,
) {
  await app.db.transaction().execute(async (trx) => {
    const profile = await repo.findProfile(trx, githubId);
    if (!profile || isUnassignedCohort(`${profile.cohort_type} ${profile.cohort_number}`))
      throw notFound('Learner with a cohort');
    const before = await repo.profileBeforeAssignment(trx, githubId);
    if (before) await repo.setProfileCohort(trx, githubId, before);
    else await repo.deleteProfile(trx, githubId);
    await audit(trx, {
      actorId: caller.id,
      action: 'unassign-cohort',
      entity: 'foundations_learner_profile',
      entityId: githubId,
      before: profile,
      after: before,
    });
  });
}

/** preValidation of the upload: 503 without a configured secret, 401 for a wrong or missing one. */
export function checkUploadSecret(app: FastifyInstance, request: FastifyRequest) {
  const secret = app.config.foundationsUploadSecret;
  if (!secret) throw new HttpError(503, 'Foundations uploads are not configured');
  const match = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization?.trim() ?? '');
  // Compare digests so the comparison takes the same time whatever the length.
  if (!match?.[1] || !safeEqual(sha256(match[1]), sha256(secret))) {
    throw new HttpError(401, 'Invalid Foundations upload secret.', {
      'www-authenticate': 'Bearer',
    });
  }
}

function instant(value: string | null | undefined, field: string): Date | null {
  if (value === undefined || value === null || value.trim() === '') return null;
  const ok = /^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/.test(
    value.trim(),
  );
  const date = new Date(value.trim());
  if (!ok || Number.isNaN(date.getTime())) {
    throw badRequest(`body.${field} must be an ISO 8601 date-time or empty`);
  }
  return date;
}

/** Records one exercise of one learner exactly as the exercise site reports it. */
export async function recordUpload(app: FastifyInstance, slug: string, body: UploadBody) {
  const row: repo.ExerciseUpload = {
    learner_github_id: body.userId,
    slug,
    learner_name: body.username ?? '',
    title: body.title?.trim() || 'Undefined',
    attempts: body.attempts ?? 0,
    complete: body.completed ?? false,
    completed_on: instant(body.completedAt, 'completedAt'),
    first_attempt: instant(body.firstAttempt, 'firstAttempt'),
    last_attempt: instant(body.lastAttempt, 'lastAttempt'),
    completed_code: body.completedCode ?? null,
    used_solution: body.solutionShown ?? false,
  };
  await app.db.transaction().execute(async (trx) => {
    await repo.ensureProfile(trx, body.userId, row.learner_name);
    const saved = await repo.upsertExercise(trx, row);
    const { completed_code: _code, ...logged } = row;
    await audit(trx, {
      actorId: null,
      action: 'upload',
      entity: 'foundations_exercise',
      entityId: saved.id,
      after: logged,
    });
  });
}
