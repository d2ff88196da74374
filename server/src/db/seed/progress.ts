import type { Insertable } from 'kysely';
import type { StudentAssessmentsTable, StudentProjectsTable } from '../schema.ts';
import type { Clock } from './clock.ts';
import type { SeededBook, SeededCourse } from './curriculum.ts';
import type { SeededPerson } from './people.ts';
import type { Rng } from './random.ts';

export interface PathStep {
  projectId: number;
  book: SeededBook;
}

/** A learner's run through a course: every active solo project, and one group project per book. */
export function coursePath(
  course: SeededCourse,
  rng: Rng,
  bookCount = course.books.length,
): PathStep[] {
  return course.books.slice(0, bookCount).flatMap((book) => {
    const active = book.projects.filter((project) => project.active);
    const groups = active.filter((project) => project.group);
    const chosen = groups.length > 0 ? rng.pick(groups) : undefined;
    return active
      .filter((project) => !project.group || project === chosen)
      .map((project) => ({ projectId: project.id, book }));
  });
}

export interface LearnerPlan {
  learner: SeededPerson;
  path: PathStep[];
  /** Index in path of the current project. */
  position: number;
  /** Day offsets between which the projects were assigned. */
  from: number;
  to: number;
  org: string;
  /** Fixed assessment statuses by book index (the demo student's known state). */
  statuses?: Record<number, number>;
}

export interface Outcome {
  learnerId: number;
  objectiveIds: number[];
  statusId: number;
  at: Date;
  assessmentName: string;
}

export interface ProgressRows {
  projects: Insertable<StudentProjectsTable>[];
  assessments: Insertable<StudentAssessmentsTable>[];
  outcomes: Outcome[];
}

const between = (a: Date, b: Date, fraction: number) =>
  new Date(a.getTime() + (b.getTime() - a.getTime()) * fraction);

function statusFor(rng: Rng, booksBehind: number, atLastProjectOfBook: boolean): number | null {
  const roll = rng.next();
  if (booksBehind > 1) return 4;
  if (booksBehind === 1) return roll < 0.1 ? 2 : roll < 0.25 ? 3 : 4;
  if (atLastProjectOfBook) return roll < 0.35 ? 1 : roll < 0.75 ? 2 : roll < 0.9 ? 3 : null;
  return roll < 0.3 ? 1 : null;
}

export function buildProgress(
  plans: LearnerPlan[],
  clock: Clock,
  rng: Rng,
  instructorId: number,
): ProgressRows {
  const rows: ProgressRows = { projects: [], assessments: [], outcomes: [] };
  // Yesterday evening rather than now, so a rerun on the same day gives the same timestamps.
  const horizon = clock.at(-1, 18);
  for (const plan of plans) {
    const { learner, path, position } = plan;
    const span = plan.to - plan.from;
    const stretch = position + 0.6 + rng.next() * 0.4;
    const times = path.slice(0, position + 1).map((_, k) => {
      const day = plan.from + Math.floor((k / stretch) * span);
      return clock.at(clock.weekday(day), 9 + rng.int(0, 7), rng.int(0, 59));
    });
    times.forEach((assignedAt, k) => {
      const step = path[k];
      if (step) {
        rows.projects.push({
          student_id: learner.id,
          project_id: step.projectId,
          assigned_by: instructorId,
          assigned_at: assignedAt,
        });
      }
    });

    const current = path[position];
    if (!current) continue;
    const books = [...new Set(path.slice(0, position + 1).map((step) => step.book))];
    for (const book of books) {
      let lastStep = position;
      while (lastStep > 0 && path[lastStep]?.book !== book) lastStep--;
      const behind = current.book.index - book.index;
      const fixed = plan.statuses?.[book.index];
      const status =
        fixed ?? statusFor(rng, behind, lastStep === position && path[position + 1]?.book !== book);
      if (status === null) continue;
      const started = times[lastStep] ?? horizon;
      const next = times[lastStep + 1] ?? horizon;
      const createdAt = between(started, next, behind > 0 ? 0.6 : 0.5);
      const changedAt =
        status === 1 ? createdAt : between(createdAt, horizon, behind > 0 ? 0.05 : 0.4);
      rows.assessments.push({
        student_id: learner.id,
        assessment_id: book.assessmentId,
        status_id: status,
        instructor_id: instructorId,
        url: `${plan.org}/${book.assessmentSlug}-${learner.githubLogin}`,
        created_at: createdAt,
        status_changed_at: changedAt,
      });
      if (status >= 3) {
        rows.outcomes.push({
          learnerId: learner.id,
          objectiveIds: book.objectiveIds,
          statusId: status,
          at: changedAt,
          assessmentName: book.assessmentName,
        });
      }
    }
  }
  return rows;
}
