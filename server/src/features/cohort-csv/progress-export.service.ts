import { PROGRESS_CSV_COLUMNS } from '@lp/contract/roster';
import type { FastifyInstance } from 'fastify';
import { DISPLAY_TIME_ZONE, todayIn } from '../../lib/dates.ts';
import { notFound } from '../../lib/http-errors.ts';
import { cohortHealth } from '../cohort-health/index.ts';
import { findCohort } from '../cohorts/index.ts';
import * as repo from './cohort-csv.repository.ts';
import { type Cell, writeCsv } from './csv.ts';

export interface ProgressCsv {
  filename: string;
  body: string;
}

/** A file name any system accepts: the cohort's name in ASCII letters, digits and hyphens. */
const fileSafe = (name: string) =>
  name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .toLowerCase() || 'cohort';

/**
 * The cohort's learners with their progress and health flags, one CSV row each, in the health
 * read's order (by name). Notes are never read here, so they can never be exported.
 */
export async function progressCsv(app: FastifyInstance, cohortId: number): Promise<ProgressCsv> {
  const cohort = await findCohort(app.db, cohortId);
  if (!cohort) throw notFound('Cohort');
  const [health, assessments, details, statuses] = await Promise.all([
    cohortHealth(app, cohortId),
    repo.cohortAssessments(app.db, cohortId),
    repo.learnerDetails(app.db, cohortId),
    repo.assessmentStatuses(app.db, cohortId),
  ]);
  const detailOf = new Map(details.map((row) => [row.id, row]));
  const statusOf = new Map(
    statuses.map((row) => [`${row.student_id}:${row.assessment_id}`, row.status]),
  );

  const header: Cell[] = [
    ...PROGRESS_CSV_COLUMNS,
    ...assessments.map((assessment) => assessment.name),
    'Score',
    'Flags',
  ];
  const rows: Cell[][] = health.learners.map((learner) => {
    const detail = detailOf.get(learner.student_id);
    return [
      learner.name,
      detail?.github_login ?? null,
      detail?.email ?? null,
      learner.book?.name ?? null,
      learner.project?.name ?? null,
      learner.project?.days ?? null,
      ...assessments.map(
        (assessment) => statusOf.get(`${learner.student_id}:${assessment.id}`) ?? null,
      ),
      detail ? Number(detail.score) : null,
      learner.flags.map((flag) => flag.reason).join('; '),
    ];
  });
  return {
    filename: `${fileSafe(cohort.name)}-progress-${todayIn(DISPLAY_TIME_ZONE)}.csv`,
    body: writeCsv([header, ...rows]),
  };
}
