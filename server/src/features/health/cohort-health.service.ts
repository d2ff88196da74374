import type { BookLoad, CohortHealth, LearnerHealth, PaceHistory } from '@lp/contract/health';
import type { Kysely } from 'kysely';
import type { HealthSettings } from '../../config.ts';
import type { Database } from '../../db/schema.ts';
import { isoTimestamp } from '../../lib/dates.ts';
import { notFound } from '../../lib/http-errors.ts';
import { flagsOf, median } from './cohort-health.model.ts';
import * as repo from './cohort-health.repository.ts';

type Row = repo.LearnerRow;

const history = (past: number, middle: number | null, p80: number | null): PaceHistory => ({
  past_learners: past,
  median_days: middle === null ? null : Number(middle),
  p80_days: p80 === null ? null : Number(p80),
});

const stayOf = (id: number | null, name: string | null, days: number | null, pace: PaceHistory) =>
  id === null || name === null || days === null ? null : { id, name, days, history: pace };

// json arrives parsed from node-postgres and as text from some drivers.
const lowSkillsOf = (value: Row['low_skills'] | string): Row['low_skills'] =>
  typeof value === 'string' ? JSON.parse(value) : value;

/** Books of the cohort's courses with their learners today, then any other book a learner is in. */
function bookLoads(books: Awaited<ReturnType<typeof repo.cohortBooks>>, rows: Row[]): BookLoad[] {
  const counts = new Map<number, number>();
  for (const row of rows)
    if (row.book_id !== null) counts.set(row.book_id, (counts.get(row.book_id) ?? 0) + 1);
  const loads = books.map((book) => ({ ...book, learners: counts.get(book.id) ?? 0 }));
  const listed = new Set(books.map((book) => book.id));
  return loads.concat(
    rows
      .filter((row) => row.book_id !== null && !listed.has(row.book_id) && listed.add(row.book_id))
      .map((row) => ({
        id: row.book_id as number,
        name: row.book_name as string,
        course_id: 0,
        index: 0,
        learners: counts.get(row.book_id as number) ?? 0,
      })),
  );
}

/** Who in the cohort needs attention and why; 404 for an unknown cohort. */
export async function cohortHealth(
  db: Kysely<Database>,
  cohortId: number,
  settings: HealthSettings,
): Promise<CohortHealth> {
  const cohort = await repo.findCohort(db, cohortId);
  if (!cohort) throw notFound('Cohort');
  const [rows, queue, books] = await Promise.all([
    repo.learners(db, cohortId, settings.coreSkillLevel),
    repo.reviewQueue(db, cohortId),
    repo.cohortBooks(db, cohortId),
  ]);
  const objectivesMedian = median(rows.map((row) => row.objectives_achieved));

  const learners: LearnerHealth[] = rows.map((row) => {
    const project = stayOf(
      row.project_id,
      row.project_name,
      row.project_days,
      history(row.project_past, row.project_median, row.project_p80),
    );
    const book = stayOf(
      row.book_id,
      row.book_name,
      row.book_days,
      history(row.book_past, row.book_median, row.book_p80),
    );
    const flags = flagsOf(
      {
        project,
        book,
        daysInactive: row.days_inactive,
        objectivesAchieved: row.objectives_achieved,
        lowSkills: lowSkillsOf(row.low_skills),
        reviewWaits: queue
          .filter((entry) => entry.student_id === row.id)
          .map((entry) => ({ assessment: entry.assessment, days: entry.waiting_days })),
      },
      objectivesMedian,
      settings,
    );
    return {
      student_id: row.id,
      name: row.name,
      project,
      book,
      days_inactive: row.days_inactive,
      objectives_achieved: row.objectives_achieved,
      flags,
    };
  });

  const atRisk = learners
    .filter((learner) => learner.flags.length > 0)
    .sort((a, b) => b.flags.length - a.flags.length || a.name.localeCompare(b.name))
    .map((learner) => ({
      student_id: learner.student_id,
      name: learner.name,
      reasons: learner.flags.map((flag) => flag.reason),
    }));

  return {
    cohort,
    generated_at: isoTimestamp(new Date()),
    thresholds: {
      min_history: settings.minHistory,
      review_wait_days: settings.reviewWaitDays,
      inactive_days: settings.inactiveDays,
      objectives_behind: settings.objectivesBehind,
      core_skill_level: settings.coreSkillLevel,
    },
    objectives_median: objectivesMedian,
    at_risk: atRisk,
    review_queue: queue,
    books: bookLoads(books, rows),
    learners,
  };
}
