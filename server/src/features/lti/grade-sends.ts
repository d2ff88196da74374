import { ASSESSMENT_STATUS } from '@lp/contract/constants';
import { sql, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { enqueue } from '../../jobs/queue.ts';
import { isCurrentMembership } from '../cohorts/index.ts';

/**
 * The score a review sends to the LMS gradebook (Assignment and Grade Services), out of 1:
 * "Reviewed and Complete" is 1.0, "Reviewed and Incomplete" 0.5. Other statuses send nothing.
 */
export const GRADE_OF_STATUS: Partial<Record<number, number>> = {
  [ASSESSMENT_STATUS.reviewedComplete]: 1,
  [ASSESSMENT_STATUS.reviewedIncomplete]: 0.5,
};

/**
 * Queues the review's grade to each LMS course that takes grades and is linked to the learner's
 * cohort, where the learner is an LMS user of that platform: in the review's own transaction, so
 * a grade is sent exactly when its review committed, by the job queue with its retries.
 */
export async function queueGradeSends(
  trx: Transaction<Database>,
  review: { learnerId: number; assessmentId: number; statusId: number; actorId: number },
) {
  const score = GRADE_OF_STATUS[review.statusId];
  if (score === undefined) return;
  const courses = await trx
    .selectFrom('lti_contexts as x')
    .innerJoin('lti_platforms as pl', 'pl.id', 'x.platform_id')
    .innerJoin('lti_identities as i', 'i.issuer', 'pl.issuer')
    .innerJoin('cohort_memberships as m', (join) =>
      join
        .onRef('m.cohort_id', '=', 'x.cohort_id')
        .onRef('m.person_id', '=', 'i.person_id')
        .on(isCurrentMembership('m')),
    )
    .select(['x.id', 'x.title', 'x.cohort_id', 'pl.name', 'i.subject'])
    .where('i.person_id', '=', review.learnerId)
    .where('x.lineitems_url', 'is not', null)
    .where('pl.deleted_at', 'is', null)
    .execute();
  if (courses.length === 0) return;
  const at = await sql<{ now: Date }>`select now()`.execute(trx);
  const timestamp = (at.rows[0]?.now ?? new Date()).toISOString();
  await enqueue(trx, {
    kind: 'lti-grades',
    cohortId: courses[0]?.cohort_id ?? null,
    learnerId: review.learnerId,
    createdBy: review.actorId,
    steps: courses.map((course) => ({
      kind: 'lti-grade',
      phase: 'Sending grades to the LMS',
      label: `Grade ${score} to ${course.title} (${course.name})`,
      input: {
        contextId: course.id,
        assessmentId: review.assessmentId,
        userId: course.subject,
        score,
        timestamp,
      } satisfies GradeInput,
    })),
  });
}

export interface GradeInput {
  contextId: number;
  assessmentId: number;
  /** The learner's LMS user id (sub). */
  userId: string;
  score: number;
  /** When the review was made: the LMS keeps the latest score by it. */
  timestamp: string;
}
