import { INTERVENTION_KIND_LABELS } from '@lp/contract/constants';
import type { LearnerHealth } from '@lp/contract/health';
import { PROGRESS_CSV_COLUMNS } from '@lp/contract/roster';
import type { FastifyInstance } from 'fastify';
import { DISPLAY_TIME_ZONE, todayIn } from '../../lib/dates.ts';
import { notFound } from '../../lib/http-errors.ts';
import { cohortHealth } from '../cohort-health/index.ts';
import { findCohort } from '../cohorts/index.ts';
import * as repo from './cohort-csv.repository.ts';
import { type Cell, writeCsv } from './csv.ts';

/** The learner's level of attention in words, or why they have none though flagged. */
function attentionOf(learner: LearnerHealth): string {
  if (learner.level === 'act_now') return 'Act now';
  if (learner.level === 'watch') return 'Watch';
  if (learner.resting_until) return `Resting until ${learner.resting_until.slice(0, 10)}`;
  return '';
}

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
 * The cohort's learners with their progress, health flags, level of attention and the
 * interventions with them, one CSV row each, in the health read's order (by name). Notes are
 * never read here, so they can never be exported.
 */
export async function progressCsv(app: FastifyInstance, cohortId: number): Promise<ProgressCsv> {
  const cohort = await findCohort(app.db, cohortId);
  if (!cohort) throw notFound('Cohort');
  const [health, assessments, details, statuses, interventions] = await Promise.all([
    cohortHealth(app, cohortId),
    repo.cohortAssessments(app.db, cohortId),
    repo.learnerDetails(app.db, cohortId),
    repo.assessmentStatuses(app.db, cohortId),
    repo.cohortInterventions(app.db, cohortId),
  ]);
  const interventionsOf = (learnerId: number) =>
    interventions
      .filter((row) => row.learner_id === learnerId)
      .map(
        (row) =>
          `${row.day} ${INTERVENTION_KIND_LABELS[row.kind].toLowerCase()}` +
          `${row.by ? ` by ${row.by}` : ''}${row.note ? `: ${row.note}` : ''}`,
      )
      .join('; ');
  const detailOf = new Map(details.map((row) => [row.id, row]));
  const statusOf = new Map(
    statuses.map((row) => [`${row.student_id}:${row.assessment_id}`, row.status]),
  );

  const header: Cell[] = [
    ...PROGRESS_CSV_COLUMNS,
    ...assessments.map((assessment) => assessment.name),
    'Score',
    'Flags',
    'Attention',
    'Interventions',
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
      attentionOf(learner),
      interventionsOf(learner.student_id),
    ];
  });
  return {
    filename: `${fileSafe(cohort.name)}-progress-${todayIn(DISPLAY_TIME_ZONE)}.csv`,
    body: writeCsv([header, ...rows]),
  };
}
