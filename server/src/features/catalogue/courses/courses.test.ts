import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addCohortCourse,
  createCohort,
  createCourse,
  createLearner,
  createStaff,
} from '../../../../test/factories.ts';
import { createTestContext, type TestContext } from '../../../../test/harness.ts';

let ctx: TestContext;
let staff: { id: number; token: string };
let learner: { id: number; token: string };
beforeAll(async () => {
  ctx = await createTestContext();
  staff = await createStaff(ctx.db);
  learner = await createLearner(ctx.db);
});
afterAll(() => ctx.close());

const get = (url: string, token: string | null = staff.token) =>
  ctx.request({ method: 'GET', url: `/api${url}`, token });

describe('GET /courses', () => {
  it('lists active courses with their books, active projects and assessments, to any signed-in person', async () => {
    const course = await createCourse(ctx.db, { name: 'Listed JS', books: 2, projectsPerBook: 2 });
    const [first] = course.books;
    await ctx.db
      .updateTable('projects')
      .set({ active: false })
      .where('id', '=', first!.projects[1]!.id)
      .execute();
    await ctx.db
      .insertInto('assessments')
      .values({ book_id: first!.id, name: 'Book 1 check', source_url: 'https://github.com/x/y' })
      .execute();
    const hidden = await createCourse(ctx.db, { name: 'Retired', books: 0 });
    await ctx.db
      .updateTable('courses')
      .set({ active: false })
      .where('id', '=', hidden.id)
      .execute();

    const response = await get('/courses', learner.token);
    expect(response.statusCode).toBe(200);
    const courses = response.json();
    expect(courses.map((c: { name: string }) => c.name)).toContain('Listed JS');
    expect(courses.map((c: { name: string }) => c.name)).not.toContain('Retired');
    const listed = courses.find((c: { id: number }) => c.id === course.id);
    expect(listed).toMatchObject({ name: 'Listed JS', active: true });
    expect(listed.date_created).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(listed.books).toHaveLength(2);
    expect(listed.books[0]).toEqual({
      id: first!.id,
      name: 'Book 1',
      index: 0,
      projects: [
        {
          id: first!.projects[0]!.id,
          name: 'Project 1.1',
          index: 0,
          active: true,
          is_group_project: false,
        },
      ],
      assessments: [{ id: expect.any(Number), name: 'Book 1 check' }],
    });

    const all = (await get('/courses?all=true')).json();
    expect(all.map((c: { name: string }) => c.name)).toEqual(
      expect.arrayContaining(['Listed JS', 'Retired']),
    );
    const inactive = (await get('/courses?active=false')).json();
    expect(inactive.map((c: { name: string }) => c.name)).toEqual(['Retired']);
  });

  it("lists a cohort's courses in cohort order, and only the one being taught with active=true", async () => {
    const cohort = await createCohort(ctx.db);
    const client = await createCourse(ctx.db, { name: 'Client side', books: 0 });
    const server = await createCourse(ctx.db, { name: 'Server side', books: 0 });
    await addCohortCourse(ctx.db, cohort.id, server.id, 1, true);
    await addCohortCourse(ctx.db, cohort.id, client.id, 0, false);
    const both = (await get(`/courses?cohortId=${cohort.id}`, learner.token)).json();
    expect(both.map((c: { name: string }) => c.name)).toEqual(['Client side', 'Server side']);
    const taught = (await get(`/courses?cohortId=${cohort.id}&active=true`)).json();
    expect(taught.map((c: { name: string }) => c.name)).toEqual(['Server side']);
    // The original treated "false" as true; here it means the cohort's other courses.
    const others = (await get(`/courses?cohortId=${cohort.id}&active=false`)).json();
    expect(others.map((c: { name: string }) => c.name)).toEqual(['Client side']);
    expect((await get('/courses?cohortId=999999')).statusCode).toBe(404);
  });

  it('refuses anonymous callers and names a bad query field', async () => {
    expect((await get('/courses', null)).statusCode).toBe(401);
    const bad = await get('/courses?cohortId=abc');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('querystring.cohortId');
  });
});

describe('GET /courses/{id}', () => {
  it('answers one course, inactive ones too, and 404 for an unknown id', async () => {
    const course = await createCourse(ctx.db, { name: 'Single', books: 1 });
    await ctx.db
      .updateTable('courses')
      .set({ active: false })
      .where('id', '=', course.id)
      .execute();
    const response = await get(`/courses/${course.id}`, learner.token);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: course.id, name: 'Single', active: false });
    const unknown = await get('/courses/999999');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Course not found.');
    expect((await get('/courses/abc')).statusCode).toBe(400);
  });
});

describe('POST /courses', () => {
  it('lets staff create a course, active by default', async () => {
    const response = await ctx.request({
      method: 'POST',
      url: '/api/courses',
      token: staff.token,
      payload: { name: '  Python Web  ' },
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ name: 'Python Web', active: true, books: [] });
    const audit = await ctx.db
      .selectFrom('audit_log')
      .select(['action', 'actor_id'])
      .where('entity', '=', 'course')
      .where('entity_id', '=', String(response.json().id))
      .execute();
    expect(audit).toEqual([{ action: 'create', actor_id: staff.id }]);
  });

  it('names the field on bad input and writes nothing', async () => {
    const before = await ctx.db.selectFrom('courses').select('id').execute();
    for (const [payload, field] of [
      [{}, 'body.name'],
      [{ name: '' }, 'body.name'],
      [{ name: '   ' }, 'body.name'],
      [{ name: 'x'.repeat(76) }, 'body.name'],
      [{ name: 'Ok', active: 'maybe' }, 'body.active'],
    ] as const) {
      const response = await ctx.request({
        method: 'POST',
        url: '/api/courses',
        token: staff.token,
        payload,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toContain(field);
    }
    expect(await ctx.db.selectFrom('courses').select('id').execute()).toHaveLength(before.length);
  });
});

describe('PUT /courses/{id}', () => {
  it('renames and re-activates a course, changing only what was sent', async () => {
    const course = await createCourse(ctx.db, { name: 'Old name', books: 0 });
    const rename = await ctx.request({
      method: 'PUT',
      url: `/api/courses/${course.id}`,
      token: staff.token,
      payload: { name: 'New name' },
    });
    expect(rename.statusCode).toBe(204);
    expect(rename.body).toBe('');
    expect((await get(`/courses/${course.id}`)).json()).toMatchObject({
      name: 'New name',
      active: true,
    });
    await ctx.request({
      method: 'PUT',
      url: `/api/courses/${course.id}`,
      token: staff.token,
      payload: { active: false },
    });
    expect((await get(`/courses/${course.id}`)).json()).toMatchObject({
      name: 'New name',
      active: false,
    });
  });

  it('answers 404 for an unknown course and 400 for an empty body', async () => {
    const unknown = await ctx.request({
      method: 'PUT',
      url: '/api/courses/999999',
      token: staff.token,
      payload: { name: 'X' },
    });
    expect(unknown.statusCode).toBe(404);
    const course = await createCourse(ctx.db, { books: 0 });
    const empty = await ctx.request({
      method: 'PUT',
      url: `/api/courses/${course.id}`,
      token: staff.token,
      payload: {},
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toContain('body');
  });
});

describe('DELETE /courses/{id}', () => {
  it('deactivates the course and keeps its books', async () => {
    const course = await createCourse(ctx.db, { name: 'To retire', books: 2 });
    const response = await ctx.request({
      method: 'DELETE',
      url: `/api/courses/${course.id}`,
      token: staff.token,
    });
    expect(response.statusCode).toBe(204);
    const after = (await get(`/courses/${course.id}`)).json();
    expect(after).toMatchObject({ active: false });
    expect(after.books).toHaveLength(2);
    const listed = (await get('/courses')).json();
    expect(listed.map((c: { id: number }) => c.id)).not.toContain(course.id);
    const unknown = await ctx.request({
      method: 'DELETE',
      url: '/api/courses/999999',
      token: staff.token,
    });
    expect(unknown.statusCode).toBe(404);
  });
});
