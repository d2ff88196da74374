import type { Db } from '../src/db/schema.ts';
import { issueToken } from '../src/features/auth/tokens.ts';
import { hashPassword, randomSecret } from '../src/lib/secrets.ts';

// Test files share this module (isolate: false in vitest.config.ts), so the numbers go on from
// file to file. They start above any number a test writes by hand ('Day Cohort 80'), which the
// shared count would otherwise reach in some orders of the files and not in others.
let sequence = 1000;
const next = () => {
  sequence += 1;
  return sequence;
};

export interface PersonOptions {
  staff?: boolean;
  username?: string;
  password?: string;
  firstName?: string;
  lastName?: string;
  githubLogin?: string;
  githubId?: number;
}

/** A person with a fresh token. */
export async function createPerson(db: Db, options: PersonOptions = {}) {
  const n = next();
  const person = await db
    .insertInto('people')
    .values({
      username: options.username ?? `person${n}`,
      password_hash: options.password ? await hashPassword(options.password) : null,
      first_name: options.firstName ?? `First${n}`,
      last_name: options.lastName ?? `Last${n}`,
      is_staff: options.staff ?? false,
      github_login: options.githubLogin ?? `login${n}`,
      github_id: options.githubId ?? null,
    })
    .returning(['id', 'username', 'first_name', 'last_name', 'is_staff'])
    .executeTakeFirstOrThrow();
  const token = await issueToken(db, person.id);
  return { ...person, token };
}

export const createStaff = (db: Db, options: PersonOptions = {}) =>
  createPerson(db, { ...options, staff: true });
export const createLearner = (db: Db, options: PersonOptions = {}) =>
  createPerson(db, { ...options, staff: false });

export async function createCohort(
  db: Db,
  values: {
    name?: string;
    active?: boolean;
    start?: string;
    end?: string;
    /** The instructor Slack channel id; '' for none. */
    slackChannel?: string;
  } = {},
) {
  const n = next();
  return db
    .insertInto('cohorts')
    .values({
      name: values.name ?? `Day Cohort ${n}`,
      start_date: values.start ?? '2026-09-01',
      end_date: values.end ?? '2027-03-01',
      active: values.active ?? true,
      slack_channel: values.slackChannel ?? `C0${n}`,
      invitation_secret: randomSecret(),
      calendar_secret: randomSecret(),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export const addCoach = (db: Db, cohortId: number, personId: number) =>
  db.insertInto('cohort_coaches').values({ cohort_id: cohortId, person_id: personId }).execute();

export const enrol = (db: Db, cohortId: number, personId: number) =>
  db
    .insertInto('cohort_memberships')
    .values({ cohort_id: cohortId, person_id: personId })
    .returningAll()
    .executeTakeFirstOrThrow();

/** Ends the person's current membership (a learner who left their cohort). */
export const leaveCohort = (db: Db, personId: number) =>
  db
    .updateTable('cohort_memberships')
    .set({ left_at: new Date() })
    .where('person_id', '=', personId)
    .where('left_at', 'is', null)
    .execute();

/** A course with `books` books of `projectsPerBook` projects each, indexes from 0. */
export async function createCourse(
  db: Db,
  options: { name?: string; books?: number; projectsPerBook?: number } = {},
) {
  const n = next();
  const course = await db
    .insertInto('courses')
    .values({ name: options.name ?? `Course ${n}` })
    .returningAll()
    .executeTakeFirstOrThrow();
  const books = [];
  for (let b = 0; b < (options.books ?? 2); b += 1) {
    const book = await db
      .insertInto('books')
      .values({ course_id: course.id, name: `Book ${b + 1}`, index: b })
      .returningAll()
      .executeTakeFirstOrThrow();
    const projects = await db
      .insertInto('projects')
      .values(
        Array.from({ length: options.projectsPerBook ?? 2 }, (_, p) => ({
          book_id: book.id,
          name: `Project ${b + 1}.${p + 1}`,
          index: p,
        })),
      )
      .returningAll()
      .execute();
    books.push({ ...book, projects });
  }
  return { ...course, books };
}

export const addCohortCourse = (
  db: Db,
  cohortId: number,
  courseId: number,
  index: number,
  active: boolean,
) =>
  db
    .insertInto('cohort_courses')
    .values({ cohort_id: cohortId, course_id: courseId, index, active })
    .execute();

// ---- Board, progress and capstone factories (board feature) ----

export const assignProject = (db: Db, studentId: number, projectId: number, assignedAt?: string) =>
  db
    .insertInto('student_projects')
    .values({ student_id: studentId, project_id: projectId, assigned_at: assignedAt })
    .returningAll()
    .executeTakeFirstOrThrow();

/** A self-assessment for a book, with learning objectives of the given weights. */
export async function createAssessment(
  db: Db,
  bookId: number,
  options: { name?: string; sourceUrl?: string; weights?: number[] } = {},
) {
  const n = next();
  const assessment = await db
    .insertInto('assessments')
    .values({
      book_id: bookId,
      name: options.name ?? `Assessment ${n}`,
      source_url: options.sourceUrl ?? `https://github.com/templates/assessment-${n}`,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  const objectives = [];
  for (const [i, weight] of (options.weights ?? [10, 20]).entries()) {
    const objective = await db
      .insertInto('learning_objectives')
      .values({ label: `Objective ${n}.${i + 1}`, weight })
      .returningAll()
      .executeTakeFirstOrThrow();
    await db
      .insertInto('assessment_objectives')
      .values({ assessment_id: assessment.id, objective_id: objective.id })
      .execute();
    objectives.push(objective);
  }
  return { ...assessment, objectives };
}

export const startAssessment = (
  db: Db,
  studentId: number,
  assessmentId: number,
  statusId = 1,
  statusChangedAt?: string,
) =>
  db
    .insertInto('student_assessments')
    .values({
      student_id: studentId,
      assessment_id: assessmentId,
      status_id: statusId,
      status_changed_at: statusChangedAt,
    })
    .returningAll()
    .executeTakeFirstOrThrow();

export const recordObjective = (
  db: Db,
  studentId: number,
  objectiveId: number,
  achieved: boolean,
) =>
  db
    .insertInto('learning_records')
    .values({ student_id: studentId, objective_id: objectiveId, achieved })
    .returningAll()
    .executeTakeFirstOrThrow();

/** Links a learner to a tag (created when new); returns the link. */
export async function tagLearner(db: Db, studentId: number, name: string) {
  const tag =
    (await db.selectFrom('tags').selectAll().where('name', '=', name).executeTakeFirst()) ??
    (await db.insertInto('tags').values({ name }).returningAll().executeTakeFirstOrThrow());
  return db
    .insertInto('student_tags')
    .values({ student_id: studentId, tag_id: tag.id })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export const createCapstone = (db: Db, studentId: number, courseId: number, proposalUrl = '') =>
  db
    .insertInto('capstones')
    .values({ student_id: studentId, course_id: courseId, proposal_url: proposalUrl })
    .returningAll()
    .executeTakeFirstOrThrow();

export const addTimeline = (db: Db, capstoneId: number, statusId: number, createdAt?: string) =>
  db
    .insertInto('capstone_timelines')
    .values({ capstone_id: capstoneId, status_id: statusId, created_at: createdAt })
    .returningAll()
    .executeTakeFirstOrThrow();

// ---- Learner record factories (learners, notes, tags, records, core-skills features) ----

export async function createObjective(
  db: Db,
  values: { label?: string; weight?: number; tier?: number } = {},
) {
  const n = next();
  return db
    .insertInto('learning_objectives')
    .values({
      label: values.label ?? `Learning objective ${n}`,
      weight: values.weight ?? 10,
      tier: values.tier ?? 1,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * A learner with some of everything "Clear Student Data" removes: a project, an assessment, an
 * achieved learning record with an entry, a core-skill rating with an entry, a capstone with a
 * timeline entry and a tag; plus a note and 1:1 feedback from `authorId`, which clearing keeps.
 */
export async function giveProgress(db: Db, studentId: number, authorId: number) {
  const n = next();
  const course = await createCourse(db, { books: 1, projectsPerBook: 1 });
  const project = course.books[0]!.projects[0]!;
  await db
    .insertInto('student_projects')
    .values({ student_id: studentId, project_id: project.id })
    .execute();
  const assessment = await db
    .insertInto('assessments')
    .values({
      book_id: course.books[0]!.id,
      name: `Assessment ${n}`,
      source_url: 'https://example.com',
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  await db
    .insertInto('student_assessments')
    .values({ student_id: studentId, assessment_id: assessment.id, status_id: 2 })
    .execute();
  const objective = await createObjective(db, { weight: 7 });
  const record = await db
    .insertInto('learning_records')
    .values({ student_id: studentId, objective_id: objective.id, achieved: true })
    .returningAll()
    .executeTakeFirstOrThrow();
  await db
    .insertInto('learning_record_entries')
    .values({ record_id: record.id, note: 'Shown in review', instructor_id: authorId })
    .execute();
  const skill = await db
    .insertInto('core_skill_records')
    .values({ student_id: studentId, skill_id: 1, level: 4 })
    .returningAll()
    .executeTakeFirstOrThrow();
  await db
    .insertInto('core_skill_record_entries')
    .values({ record_id: skill.id, level: 4, note: 'Initial record', instructor_id: authorId })
    .execute();
  const capstone = await db
    .insertInto('capstones')
    .values({ student_id: studentId, course_id: course.id, proposal_url: 'https://example.com/p' })
    .returningAll()
    .executeTakeFirstOrThrow();
  await db
    .insertInto('capstone_timelines')
    .values({ capstone_id: capstone.id, status_id: 1 })
    .execute();
  const tag = await db
    .insertInto('tags')
    .values({ name: `tag ${n}` })
    .returningAll()
    .executeTakeFirstOrThrow();
  await db.insertInto('student_tags').values({ student_id: studentId, tag_id: tag.id }).execute();
  await db
    .insertInto('notes')
    .values({ student_id: studentId, author_id: authorId, note: 'A private note', note_type_id: 2 })
    .execute();
  await db
    .insertInto('feedback')
    .values({ student_id: studentId, coach_id: authorId, notes: 'Good week' })
    .execute();
  return { course, project, objective, tag };
}
