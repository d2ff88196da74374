import type { Kysely } from 'kysely';
import type { Database } from '../src/db/schema.ts';
import { hashPassword, randomSecret } from '../src/lib/secrets.ts';
import { issueToken } from '../src/lib/tokens.ts';

type Db = Kysely<Database>;
let sequence = 0;
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
  values: { name?: string; active?: boolean; start?: string; end?: string } = {},
) {
  const n = next();
  return db
    .insertInto('cohorts')
    .values({
      name: values.name ?? `Day Cohort ${n}`,
      start_date: values.start ?? '2026-09-01',
      end_date: values.end ?? '2027-03-01',
      active: values.active ?? true,
      slack_channel: `C0${n}`,
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
