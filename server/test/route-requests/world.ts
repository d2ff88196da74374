import type { LightMyRequestResponse } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../src/db/schema.ts';
import { randomSecret, sha256 } from '../../src/lib/secrets.ts';
import type { Caller } from '../../src/plugins/route-rules.ts';
import type { TestContext } from '../harness.ts';
import { unique } from './unique.ts';

// The suites make hundreds of worlds, so each is a few multi-row statements rather than the
// factories' one statement per row.

async function createPeople(db: Kysely<Database>, staff: boolean[]) {
  const people = await db
    .insertInto('people')
    .values(
      staff.map((isStaff) => {
        const name = unique('world');
        return {
          username: name,
          first_name: 'First',
          last_name: name,
          is_staff: isStaff,
          github_login: name,
        };
      }),
    )
    .returning(['id', 'username', 'first_name', 'last_name', 'is_staff'])
    .execute();
  const tokens = people.map(() => randomSecret(30));
  await db
    .insertInto('tokens')
    .values(
      people.map((person, i) => ({
        person_id: person.id,
        token_hash: sha256(tokens[i] as string),
        expires_at: new Date(Date.now() + 86_400_000),
      })),
    )
    .execute();
  return people.map((person, i) => ({ ...person, token: tokens[i] as string }));
}

/** A course of two books of two projects each, the cohort's active course (index 0). */
async function createCohortCourse(db: Kysely<Database>, cohortId: number) {
  const course = await db
    .insertInto('courses')
    .values({ name: unique('Course ') })
    .returningAll()
    .executeTakeFirstOrThrow();
  const books = await db
    .insertInto('books')
    .values([0, 1].map((index) => ({ course_id: course.id, name: `Book ${index + 1}`, index })))
    .returningAll()
    .execute();
  const projects = await db
    .insertInto('projects')
    .values(
      books.flatMap((book) =>
        [0, 1].map((index) => ({ book_id: book.id, name: `Project ${index + 1}`, index })),
      ),
    )
    .returningAll()
    .execute();
  await db
    .insertInto('cohort_courses')
    .values({ cohort_id: cohortId, course_id: course.id, index: 0, active: true })
    .execute();
  return {
    ...course,
    books: books.map((book) => ({
      ...book,
      projects: projects.filter((project) => project.book_id === book.id),
    })),
  };
}

/**
 * What one check of a route needs, made fresh so that no check sees another's changes: a cohort
 * taking a course (two books of two projects), its coach and one of its learners (the owner of
 * the objects the requests are about), a learner of another cohort, and a staff member who
 * coaches neither.
 */
export async function createWorld(ctx: TestContext) {
  const { db } = ctx;
  const [cohort, otherCohort] = await db
    .insertInto('cohorts')
    .values(
      [0, 1].map(() => ({
        name: unique('Day Cohort '),
        start_date: '2026-09-01',
        end_date: '2027-03-01',
        slack_channel: 'C0DAY',
        invitation_secret: randomSecret(),
        calendar_secret: randomSecret(),
      })),
    )
    .returningAll()
    .execute();
  if (!cohort || !otherCohort) throw new Error('No cohorts were made');
  const [learner, otherLearner, staff, coach] = await createPeople(db, [false, false, true, true]);
  if (!learner || !otherLearner || !staff || !coach) throw new Error('No people were made');
  await db
    .insertInto('cohort_memberships')
    .values([
      { cohort_id: cohort.id, person_id: learner.id },
      { cohort_id: otherCohort.id, person_id: otherLearner.id },
    ])
    .execute();
  await db
    .insertInto('cohort_coaches')
    .values({ cohort_id: cohort.id, person_id: coach.id })
    .execute();
  const course = await createCohortCourse(db, cohort.id);
  const people = { learner, otherLearner, staff, coach };
  return {
    ctx,
    db,
    cohort,
    otherCohort,
    course,
    ...people,
    /** The token a kind of caller sends; none for the anonymous caller. */
    token: (caller: Caller) => (caller === 'anonymous' ? null : people[caller].token),
  };
}

export type World = Awaited<ReturnType<typeof createWorld>>;

type Scalar = string | number | boolean;

/** A request for one route, without its method and path (they come from the route table). */
export interface RouteRequest {
  params?: Record<string, Scalar>;
  query?: Record<string, Scalar | Scalar[]>;
  /** Sent as JSON, unless `rawBody` is given. */
  body?: unknown;
  rawBody?: string;
  headers?: Record<string, string>;
}

/** Builds a valid request for a route in a fresh world; may create the objects it needs. */
export type RequestBuilder = (world: World) => RouteRequest | Promise<RouteRequest>;

/** '/students/:id' with params {id: 7} → '/students/7', each value URL-encoded. */
export function fillPath(path: string, params: RouteRequest['params'] = {}) {
  return path.replace(/:(\w+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`No value for :${name} of ${path}`);
    return encodeURIComponent(String(value));
  });
}

function queryString(query: RouteRequest['query'] = {}) {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    for (const item of Array.isArray(value) ? value : [value]) search.append(name, String(item));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

let address = 0;

/**
 * Sends a route's request with a caller's token. Each request comes from its own address, so
 * the per-address sign-in limits never decide an answer here.
 */
export function send(
  ctx: TestContext,
  route: { method: string; path: string },
  request: RouteRequest,
  token: string | null,
): Promise<LightMyRequestResponse> {
  address += 1;
  const url = `${ctx.config.apiPrefix}${fillPath(route.path, request.params)}${queryString(request.query)}`;
  const json = request.body !== undefined && request.rawBody === undefined;
  return ctx.request({
    method: route.method as 'GET',
    url,
    token,
    remoteAddress: `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address & 255}`,
    headers: { ...(json ? { 'content-type': 'application/json' } : {}), ...request.headers },
    ...(json ? { payload: JSON.stringify(request.body) } : {}),
    ...(request.rawBody !== undefined ? { payload: request.rawBody } : {}),
  });
}
