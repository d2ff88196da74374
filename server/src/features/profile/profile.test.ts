import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addCoach,
  addCohortCourse,
  createAssessment,
  createCohort,
  createCourse,
  createLearner,
  createStaff,
  enrol,
  startAssessment,
} from '../../../test/factories.ts';
import { createTestContext, type TestContext } from '../../../test/harness.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe('GET /profile', () => {
  it('answers the learner shape with cohort, project and courses', async () => {
    const cohort = await createCohort(ctx.db, {
      name: 'Day Cohort 1',
      start: '2026-09-01',
      end: '2027-03-01',
    });
    const course = await createCourse(ctx.db, { name: 'JavaScript' });
    await addCohortCourse(ctx.db, cohort.id, course.id, 0, true);
    const learner = await createLearner(ctx.db, {
      firstName: 'Lea',
      lastName: 'Rner',
      githubLogin: 'lea',
    });
    await enrol(ctx.db, cohort.id, learner.id);
    await ctx.db
      .insertInto('student_projects')
      .values({ student_id: learner.id, project_id: course.books[0]!.projects[1]!.id })
      .execute();

    const response = await ctx.request({
      method: 'GET',
      url: '/api/profile',
      token: learner.token,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      id: learner.id,
      name: 'Lea Rner',
      github: 'lea',
      staff: false,
      instructor: false,
      project: { name: 'Project 1.2', book_name: 'Book 1' },
      current_cohort: {
        id: cohort.id,
        name: 'Day Cohort 1',
        start: '2026-09-01',
        end: '2027-03-01',
        courses: [{ course__name: 'JavaScript', course__id: course.id, active: true }],
      },
      assessment_overview: [],
      capstones: [],
    });
  });

  it('says for each self-assessment without a repository why none was made', async () => {
    const cohort = await createCohort(ctx.db);
    const course = await createCourse(ctx.db, { books: 2 });
    const learner = await createLearner(ctx.db);
    await enrol(ctx.db, cohort.id, learner.id);
    const [first, second] = [
      await createAssessment(ctx.db, course.books[0]!.id),
      await createAssessment(ctx.db, course.books[1]!.id),
    ];
    await startAssessment(ctx.db, learner.id, first.id);
    await ctx.db
      .insertInto('student_assessments')
      .values({
        student_id: learner.id,
        assessment_id: second.id,
        status_id: 1,
        url: 'https://github.com/org/Assessment-two',
      })
      .execute();
    const profile = (
      await ctx.request({ method: 'GET', url: '/api/profile', token: learner.token })
    ).json();
    expect(
      profile.assessment_overview.map((item: Record<string, unknown>) => [
        item.github_url,
        item.no_repository_reason,
      ]),
    ).toEqual([
      ['https://github.com/org/Assessment-two', null],
      ['', 'GitHub is not configured'],
    ]);
  });

  it('answers Unassigned for a learner without cohort or project', async () => {
    const learner = await createLearner(ctx.db);
    const body = (
      await ctx.request({ method: 'GET', url: '/api/profile', token: learner.token })
    ).json();
    expect(body.current_cohort).toEqual({ name: 'Unassigned' });
    expect(body.project).toEqual({ id: 0, name: 'Unassigned' });
  });

  it('answers the staff shape for staff, with instructor true for a coach', async () => {
    const staff = await createStaff(ctx.db, { firstName: 'Sam', lastName: 'Staff' });
    const plain = (
      await ctx.request({ method: 'GET', url: '/api/profile', token: staff.token })
    ).json();
    expect(plain).toMatchObject({
      staff: true,
      instructor: false,
      person: { first_name: 'Sam', active_cohort: 0 },
    });

    const coach = await createStaff(ctx.db);
    const cohort = await createCohort(ctx.db, { name: 'Coached Cohort' });
    await addCoach(ctx.db, cohort.id, coach.id);
    const coached = (
      await ctx.request({ method: 'GET', url: '/api/profile', token: coach.token })
    ).json();
    expect(coached).toMatchObject({
      staff: true,
      instructor: true,
      person: { active_cohort: cohort.id },
    });
    expect(coached.cohorts).toEqual([{ id: cohort.id, name: 'Coached Cohort' }]);
  });

  it('honours mimic only for staff', async () => {
    const coach = await createStaff(ctx.db, { firstName: 'Mim', lastName: 'Ic' });
    const cohort = await createCohort(ctx.db, { name: 'Mimic Cohort' });
    await addCoach(ctx.db, cohort.id, coach.id);
    const mimic = (
      await ctx.request({ method: 'GET', url: '/api/profile?mimic=true', token: coach.token })
    ).json();
    expect(mimic).toMatchObject({
      name: 'Mim Ic',
      staff: true,
      instructor: true,
      current_cohort: { id: cohort.id },
    });
    expect(mimic.person).toBeUndefined();

    const learner = await createLearner(ctx.db);
    const learnerMimic = (
      await ctx.request({ method: 'GET', url: '/api/profile?mimic=true', token: learner.token })
    ).json();
    expect(learnerMimic.staff).toBe(false);
    const notMimic = (
      await ctx.request({ method: 'GET', url: '/api/profile?mimic=false', token: coach.token })
    ).json();
    expect(notMimic.person).toBeDefined();
  });

  it('never makes anyone staff through ?role=Staff', async () => {
    const learner = await createLearner(ctx.db);
    const response = await ctx.request({
      method: 'GET',
      url: '/api/profile?role=Staff',
      token: learner.token,
    });
    expect(response.json().staff).toBe(false);
    const row = await ctx.db
      .selectFrom('people')
      .select('is_staff')
      .where('id', '=', learner.id)
      .executeTakeFirstOrThrow();
    expect(row.is_staff).toBe(false);
  });

  it('enrols through ?cohort only with the right validate secret', async () => {
    const cohort = await createCohort(ctx.db, { name: 'Secret Cohort' });
    const wrong = await createLearner(ctx.db);
    await ctx.request({
      method: 'GET',
      url: `/api/profile?cohort=${cohort.id}&validate=guess`,
      token: wrong.token,
    });
    const right = await createLearner(ctx.db);
    const body = (
      await ctx.request({
        method: 'GET',
        url: `/api/profile?cohort=${cohort.id}&validate=${cohort.invitation_secret}`,
        token: right.token,
      })
    ).json();
    expect(body.current_cohort.id).toBe(cohort.id);
    const members = await ctx.db
      .selectFrom('cohort_memberships')
      .select('person_id')
      .where('cohort_id', '=', cohort.id)
      .execute();
    expect(members.map((member) => member.person_id)).toEqual([right.id]);
  });

  it('rejects a non-numeric cohort with a 400 naming it', async () => {
    const learner = await createLearner(ctx.db);
    const response = await ctx.request({
      method: 'GET',
      url: '/api/profile?cohort=abc',
      token: learner.token,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain('cohort');
  });
});

describe('PUT /profile/change', () => {
  it('changes the caller name and records it in the audit log', async () => {
    const learner = await createLearner(ctx.db);
    const response = await ctx.request({
      method: 'PUT',
      url: '/api/profile/change',
      token: learner.token,
      payload: { firstName: 'New', lastName: 'Name' },
    });
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    const body = (
      await ctx.request({ method: 'GET', url: '/api/profile', token: learner.token })
    ).json();
    expect(body.name).toBe('New Name');
    const entry = await ctx.db
      .selectFrom('audit_log')
      .selectAll()
      .where('entity', '=', 'person')
      .where('entity_id', '=', String(learner.id))
      .executeTakeFirstOrThrow();
    expect(entry.after).toEqual({ first_name: 'New', last_name: 'Name' });
  });

  it('names the missing field', async () => {
    const learner = await createLearner(ctx.db);
    const response = await ctx.request({
      method: 'PUT',
      url: '/api/profile/change',
      token: learner.token,
      payload: { firstName: 'Only' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('body.lastName is required');
  });
});
