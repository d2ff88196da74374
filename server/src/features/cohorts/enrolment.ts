import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { audit } from '../../lib/audit.ts';
import { safeEqual } from '../../lib/secrets.ts';
import { recordBoardChange } from '../board/index.ts';
import { currentMembershipOf } from './membership.ts';

type Trx = Transaction<Database>;

/** Project index 0 of book index 0 of the cohort's first course (course index 0). */
export async function firstProjectOfCohort(trx: Trx, cohortId: number, courseIndex = 0) {
  return trx
    .selectFrom('cohort_courses')
    .innerJoin('books', 'books.course_id', 'cohort_courses.course_id')
    .innerJoin('projects', 'projects.book_id', 'books.id')
    .select(['projects.id', 'projects.name'])
    .where('cohort_courses.cohort_id', '=', cohortId)
    .where('cohort_courses.index', '=', courseIndex)
    .where('projects.active', '=', true)
    .orderBy('books.index')
    .orderBy('projects.index')
    .orderBy('projects.id')
    .limit(1)
    .executeTakeFirst();
}

export type EnrolResult = 'enrolled' | 'already-member' | 'in-another-cohort' | 'staff';

/**
 * Makes a learner a member of a cohort and gives them its first project when they have none.
 * A learner has one current cohort: someone already in another cohort is moved by a transfer,
 * not by an invitation.
 */
export async function enrolLearner(
  trx: Trx,
  personId: number,
  cohortId: number,
  actorId: number | null,
): Promise<EnrolResult> {
  // The person first (as every change to a learner does), then their current membership.
  const person = await trx
    .selectFrom('people')
    .select(['is_staff'])
    .where('id', '=', personId)
    .forNoKeyUpdate()
    .executeTakeFirstOrThrow();
  if (person.is_staff) return 'staff';
  const current = await currentMembershipOf(trx, personId);
  if (current) return current.cohort_id === cohortId ? 'already-member' : 'in-another-cohort';

  const membership = await trx
    .insertInto('cohort_memberships')
    .values({ cohort_id: cohortId, person_id: personId })
    .returning(['id', 'cohort_id', 'person_id'])
    .executeTakeFirstOrThrow();
  await recordBoardChange(trx, {
    studentId: personId,
    kind: 'transfer-in',
    summary: 'joined the cohort',
    // Joining by invitation is the learner's own doing.
    actorId: actorId ?? personId,
    cohortIds: [cohortId],
  });
  await audit(trx, {
    actorId,
    action: 'enrol',
    entity: 'cohort_membership',
    entityId: membership.id,
    after: membership,
  });

  const hasProject = await trx
    .selectFrom('student_projects')
    .select('id')
    .where('student_id', '=', personId)
    .executeTakeFirst();
  const first = hasProject ? undefined : await firstProjectOfCohort(trx, cohortId);
  if (first) {
    const assignment = await trx
      .insertInto('student_projects')
      .values({ student_id: personId, project_id: first.id, assigned_by: actorId })
      .returning(['id', 'student_id', 'project_id'])
      .executeTakeFirstOrThrow();
    await audit(trx, {
      actorId,
      action: 'assign',
      entity: 'student_project',
      entityId: assignment.id,
      after: assignment,
    });
  }
  return 'enrolled';
}

/** What a person following an invitation link whose secret is not the cohort's current one reads. */
export const INVALID_INVITATION =
  "This invitation link is not valid: it was replaced by a newer one, or it was not copied whole. Ask your instructor for the cohort's current invitation link.";

/**
 * The cohort an invitation link joins (id and name), or undefined when the link's secret is not
 * the cohort's current one (a renewed or mistyped link) or there is no such cohort: the two are
 * told apart by no one, so that a link reveals nothing about cohorts it does not invite to.
 */
export async function findInvitedCohort(
  db: Kysely<Database>,
  cohortId: number,
  secret: string | null | undefined,
): Promise<{ id: number; name: string } | undefined> {
  if (!secret) return undefined;
  const cohort = await db
    .selectFrom('cohorts')
    .select(['id', 'name', 'invitation_secret'])
    .where('id', '=', cohortId)
    .executeTakeFirst();
  if (!cohort || !safeEqual(cohort.invitation_secret, secret)) return undefined;
  return { id: cohort.id, name: cohort.name };
}

/** Enrols through an invitation only when the secret is the cohort's current one. */
export async function acceptInvitation(
  trx: Trx,
  personId: number,
  cohortId: number,
  secret: string | null | undefined,
): Promise<EnrolResult | 'invalid-invitation'> {
  if (!(await findInvitedCohort(trx, cohortId, secret))) return 'invalid-invitation';
  return enrolLearner(trx, personId, cohortId, personId);
}
