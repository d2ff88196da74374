import { randomBytes } from 'node:crypto';
import type { BoardChange, BoardPresence } from '@lp/contract/live';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type DatabaseHandle, openPostgres } from '../../src/db/connection.ts';
import { adminQuery, databaseUrl, waitUntilUnused } from '../database-template.ts';
import { eventsOf, type OpenStream, openStream } from '../event-stream.ts';
import {
  addCohortCourse,
  assignProject,
  createCohort,
  createCourse,
  createLearner,
  createStaff,
  enrol,
} from '../factories.ts';
import { type ServerProcess, startServerProcess } from '../server-process.ts';

// The scale-out path (issue 13): two server processes on one PostgreSQL database, as behind a
// load balancer without sticky sessions. A change made through one reaches a live stream opened
// on the other, and a sign-out or an API token's revocation on one is refused by the other at
// once.

const serverUrl = process.env.TEST_DATABASE_URL ?? '';
const name = `lp_live_${randomBytes(6).toString('hex')}`;
let database: DatabaseHandle;
let a: ServerProcess;
let b: ServerProcess;
const streams: OpenStream[] = [];

beforeAll(async () => {
  await adminQuery(serverUrl, `create database ${name} template ${inject('databaseTemplate')}`);
  const url = databaseUrl(serverUrl, name);
  database = openPostgres(url, 2);
  const env = { DATABASE_URL: url, DB_POOL_SIZE: '4', LOG_LEVEL: 'warn' };
  [a, b] = await Promise.all([startServerProcess(env), startServerProcess(env)]);
}, 300_000);

afterAll(async () => {
  for (const stream of streams) stream.close();
  await Promise.all([a?.stop(), b?.stop()]);
  await database.close();
  await waitUntilUnused(serverUrl, name);
  await adminQuery(serverUrl, `drop database if exists ${name} with (force)`);
});

async function world() {
  const db = database.db;
  const ada = await createStaff(db, { firstName: 'Ada', lastName: 'Lovelace' });
  const grace = await createStaff(db, { firstName: 'Grace', lastName: 'Hopper' });
  const learner = await createLearner(db);
  const cohort = await createCohort(db);
  const course = await createCourse(db, { books: 1, projectsPerBook: 2 });
  await addCohortCourse(db, cohort.id, course.id, 0, true);
  await enrol(db, cohort.id, learner.id);
  const [first, second] = course.books[0]?.projects ?? [];
  if (!first || !second) throw new Error('no projects');
  await assignProject(db, learner.id, first.id);
  return { ada, grace, learner, cohort, next: second };
}

const call = (server: ServerProcess, method: string, path: string, token: string, body?: object) =>
  fetch(`${server.url}/api${path}`, {
    method,
    headers: {
      authorization: `Token ${token}`,
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });

async function follow(server: ServerProcess, cohortId: number, token: string) {
  const stream = await openStream(`${server.url}/api/cohorts/${cohortId}/live`, {
    authorization: `Token ${token}`,
  });
  streams.push(stream);
  expect(stream.status).toBe(200);
  return stream;
}

const viewers = (stream: OpenStream) =>
  eventsOf<BoardPresence>(stream, 'presence')
    .at(-1)
    ?.viewers.map((viewer) => viewer.name);

describe('several server processes on one PostgreSQL server', () => {
  it('delivers a change made through one process to a stream on another, with presence', async () => {
    const { ada, grace, learner, cohort, next } = await world();
    const onB = await follow(b, cohort.id, grace.token);
    await expect.poll(() => viewers(onB)).toEqual(['Grace Hopper']);
    const onA = await follow(a, cohort.id, ada.token);
    await expect.poll(() => viewers(onB)).toEqual(['Ada Lovelace', 'Grace Hopper']);
    await expect.poll(() => viewers(onA)).toEqual(['Ada Lovelace', 'Grace Hopper']);

    const moved = await call(a, 'POST', `/students/${learner.id}/project`, ada.token, {
      projectId: next.id,
    });
    expect(moved.status).toBe(201);
    await expect
      .poll(() => eventsOf<BoardChange>(onB, 'change'))
      .toEqual([
        expect.objectContaining({
          student_id: learner.id,
          kind: 'project',
          summary: `moved to ${next.name}`,
          actor: { id: ada.id, name: 'Ada Lovelace' },
        }),
      ]);

    onA.close();
    await expect.poll(() => viewers(onB)).toEqual(['Grace Hopper']);
  });

  it('refuses a token signed out on one process on the other at once', async () => {
    const { grace } = await world();
    // B has checked the token just now, and would remember the check for a second.
    expect((await call(b, 'GET', '/cohorts', grace.token)).status).toBe(200);
    expect((await call(a, 'POST', '/auth/logout', grace.token)).status).toBe(204);
    expect((await call(b, 'GET', '/cohorts', grace.token)).status).toBe(401);
  });

  it('refuses an API token revoked on one process on the other at once', async () => {
    const { grace } = await world();
    const made = await call(a, 'POST', '/api-tokens', grace.token, {
      name: 'export',
      scope: 'read',
      expires_in_days: 7,
    });
    const { id, token } = (await made.json()) as { id: number; token: string };
    const withApiToken = () =>
      fetch(`${b.url}/api/cohorts`, { headers: { authorization: `Bearer ${token}` } });
    // B has checked the API token just now, and would remember the check for a second.
    expect((await withApiToken()).status).toBe(200);
    expect((await call(a, 'DELETE', `/api-tokens/${id}`, grace.token)).status).toBe(200);
    expect((await withApiToken()).status).toBe(401);
  });
});
