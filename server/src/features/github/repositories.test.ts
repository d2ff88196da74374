import { HISTORY_ID_HEADER } from '@lp/contract/constants';
import type { RepositoryLink } from '@lp/contract/github';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addCohortCourse,
  assignProject,
  createCohort,
  createCourse,
  createLearner,
  createStaff,
  enrol,
} from '../../../test/factories.ts';
import { createTestContext, type TestContext } from '../../../test/harness.ts';

// Linking a learner's repositories: the learner links their own (their login's or their
// cohort's organisation's), staff link and unlink anyone's, and both are undone from the history.
let ctx: TestContext;
let staff: Awaited<ReturnType<typeof createStaff>>;

beforeAll(async () => {
  ctx = await createTestContext();
  staff = await createStaff(ctx.db, { firstName: 'Ada', lastName: 'Coach' });
});
afterAll(() => ctx.close());

async function learnerOnProject() {
  const cohort = await createCohort(ctx.db, { name: `Links ${Math.random()}` });
  await ctx.db
    .insertInto('cohort_info')
    .values({ cohort_id: cohort.id, student_organization_url: 'https://github.com/acme-school' })
    .execute();
  const course = await createCourse(ctx.db, { books: 1, projectsPerBook: 2 });
  await addCohortCourse(ctx.db, cohort.id, course.id, 0, true);
  const learner = await createLearner(ctx.db, {
    githubLogin: `sam-${Math.random().toString(36).slice(2, 8)}`,
  });
  await enrol(ctx.db, cohort.id, learner.id);
  const project = course.books[0]!.projects[0]!;
  await assignProject(ctx.db, learner.id, project.id);
  const { github_login: login } = await ctx.db
    .selectFrom('people')
    .select('github_login')
    .where('id', '=', learner.id)
    .executeTakeFirstOrThrow();
  return { cohort, learner, login: login!, project, other: course.books[0]!.projects[1]! };
}

const link = (learnerId: number, token: string, payload: Record<string, unknown>) =>
  ctx.request({
    method: 'POST',
    url: `/api/students/${learnerId}/repositories`,
    token,
    payload,
  });

const listOf = async (learnerId: number, token: string) => {
  const answer = await ctx.request({
    method: 'GET',
    url: `/api/students/${learnerId}/repositories`,
    token,
  });
  expect(answer.statusCode).toBe(200);
  return answer.json() as RepositoryLink[];
};

const undo = (learnerId: number, historyId: string | string[] | number | undefined) =>
  ctx.request({
    method: 'POST',
    url: `/api/students/${learnerId}/history/${historyId}/undo`,
    token: staff.token,
  });

describe('a learner linking a repository', () => {
  it('links one of their own login for their current project', async () => {
    const { learner, login, project } = await learnerOnProject();
    const answer = await link(learner.id, learner.token, {
      url: `https://github.com/${login}/flowers.git`,
    });
    expect(answer.statusCode).toBe(201);
    expect(answer.json()).toMatchObject({
      full_name: `${login}/flowers`,
      url: `https://github.com/${login}/flowers`,
      project_id: project.id,
      project_name: project.name,
      source: 'learner',
      last_push_at: null,
      checks: null,
    });
    expect((await listOf(learner.id, learner.token)).map((item) => item.full_name)).toEqual([
      `${login}/flowers`,
    ]);
    const again = await link(learner.id, learner.token, {
      url: `https://github.com/${login.toUpperCase()}/Flowers`,
    });
    expect(again.statusCode).toBe(409);
  });

  it("links one of their cohort's organisation, for a project they name", async () => {
    const { learner, other } = await learnerOnProject();
    const answer = await link(learner.id, learner.token, {
      url: 'https://github.com/acme-school/team-flowers',
      projectId: other.id,
    });
    expect(answer.statusCode).toBe(201);
    expect(answer.json().project_id).toBe(other.id);
  });

  it("shows on the learner's card the repository linked last for their project", async () => {
    const { cohort, learner, login } = await learnerOnProject();
    const repositoryOnCard = async () => {
      const board = await ctx.request({
        method: 'GET',
        url: `/api/students?cohort=${cohort.id}`,
        token: staff.token,
      });
      const [card] = board.json() as { activity: { repository: { full_name: string } } | null }[];
      return card?.activity?.repository.full_name;
    };
    await link(learner.id, learner.token, { url: `https://github.com/${login}/first-try` });
    expect(await repositoryOnCard()).toBe(`${login}/first-try`);
    await link(learner.id, learner.token, { url: `https://github.com/${login}/second-try` });
    expect(await repositoryOnCard()).toBe(`${login}/second-try`);
  });

  it('is refused anything else, with the reason naming the field', async () => {
    const { learner, login } = await learnerOnProject();
    const elsewhere = await link(learner.id, learner.token, {
      url: 'https://github.com/someone-else/flowers',
    });
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json().message).toBe(
      `url must name a repository of ${login} or acme-school: someone-else is neither.`,
    );
    for (const url of [
      'https://gitlab.com/acme-school/flowers',
      'http://github.com/acme-school/flowers',
      'https://github.com/acme-school',
      'javascript:alert(1)',
    ]) {
      const answer = await link(learner.id, learner.token, { url });
      expect(answer.statusCode, url).toBe(400);
      expect(answer.json().message).toMatch(/^url/);
    }
    const unknownProject = await link(learner.id, learner.token, {
      url: `https://github.com/${login}/flowers`,
      projectId: 999_999,
    });
    expect(unknownProject.statusCode).toBe(400);
    expect(unknownProject.json().message).toMatch(/projectId/);
  });
});

describe('staff linking and unlinking', () => {
  it('unlinks a repository, and the undo links it again', async () => {
    const { learner, login } = await learnerOnProject();
    const linked = await link(learner.id, staff.token, {
      url: `https://github.com/${login}/flowers`,
    });
    expect(linked.json().source).toBe('staff');
    const removed = await ctx.request({
      method: 'DELETE',
      url: `/api/repository-links/${linked.json().id}`,
      token: staff.token,
    });
    expect(removed.statusCode).toBe(204);
    expect(await listOf(learner.id, staff.token)).toEqual([]);

    const undone = await undo(learner.id, removed.headers[HISTORY_ID_HEADER]);
    expect(undone.statusCode).toBe(200);
    expect(await listOf(learner.id, staff.token)).toEqual([linked.json()]);

    const history = await ctx.request({
      method: 'GET',
      url: `/api/students/${learner.id}/history`,
      token: staff.token,
    });
    expect(history.json().map((item: { summary: string }) => item.summary)).toEqual([
      `Unlinked ${login}/flowers`,
      expect.stringMatching(new RegExp(`^Linked ${login}/flowers for `)),
    ]);
  });

  it('undoes a link', async () => {
    const { learner, login } = await learnerOnProject();
    const linked = await link(learner.id, staff.token, {
      url: `https://github.com/${login}/flowers`,
    });
    expect((await undo(learner.id, linked.headers[HISTORY_ID_HEADER])).statusCode).toBe(200);
    expect(await listOf(learner.id, staff.token)).toEqual([]);
    // Undone once: the second time is refused, saying why.
    const twice = await undo(learner.id, linked.headers[HISTORY_ID_HEADER]);
    expect(twice.statusCode).toBe(409);
  });

  it('answers 404 for an unknown learner or link', async () => {
    const unknown = await link(999_999, staff.token, { url: 'https://github.com/a/b' });
    expect(unknown.statusCode).toBe(404);
    const gone = await ctx.request({
      method: 'DELETE',
      url: '/api/repository-links/999999',
      token: staff.token,
    });
    expect(gone.statusCode).toBe(404);
  });
});
