import { HISTORY_ID_HEADER } from '@lp/contract/constants';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addCoach,
  createCohort,
  createCourse,
  createLearner,
  createStaff,
  enrol,
} from '../../../test/factories.ts';
import { createTestContext, type TestContext } from '../../../test/harness.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

/** A cohort with a coach, four learners, a learner of another cohort and a group project. */
async function teamCast() {
  const cohort = await createCohort(ctx.db);
  const coach = await createStaff(ctx.db);
  await addCoach(ctx.db, cohort.id, coach.id);
  const learners = [];
  for (let i = 0; i < 4; i += 1) {
    const learner = await createLearner(ctx.db);
    await enrol(ctx.db, cohort.id, learner.id);
    learners.push(learner);
  }
  const other = await createCohort(ctx.db);
  const outsider = await createLearner(ctx.db);
  await enrol(ctx.db, other.id, outsider.id);
  const course = await createCourse(ctx.db, { books: 1, projectsPerBook: 3 });
  const [groupProject, plainProject, retiredProject] = course.books[0]?.projects ?? [];
  if (!groupProject || !plainProject || !retiredProject) throw new Error('no projects');
  await ctx.db
    .updateTable('projects')
    .set({ is_group_project: true })
    .where('id', 'in', [groupProject.id, retiredProject.id])
    .execute();
  await ctx.db
    .updateTable('projects')
    .set({ active: false })
    .where('id', '=', retiredProject.id)
    .execute();
  return { cohort, coach, learners, outsider, groupProject, plainProject, retiredProject };
}

const teamCount = async (cohortId: number) =>
  (await ctx.db.selectFrom('teams').select('id').where('cohort_id', '=', cohortId).execute())
    .length;
const memberCount = async () =>
  Number(
    (
      await ctx.db
        .selectFrom('team_members')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('POST /teams/batch', () => {
  it('saves every team in one request, numbered as sent, coaches kept but not listed', async () => {
    const { cohort, coach, learners } = await teamCast();
    const [a, b, c, d] = learners.map((l) => l.id);
    const response = await ctx.request({
      method: 'POST',
      url: '/api/teams/batch',
      token: coach.token,
      payload: {
        cohort: cohort.id,
        weeklyPrefix: 'Week3',
        groupProject: null,
        teams: [
          { teamIndex: 2, students: [c, d, coach.id] },
          { teamIndex: 1, students: [a, b, coach.id] },
        ],
      },
    });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body.message).toBe(
      'Teams saved. Slack is not configured, so no Slack channel was created.',
    );
    expect(body.teams.map((t: { group_name: string }) => t.group_name)).toEqual([
      'Team 1',
      'Team 2',
    ]);
    expect(body.teams[0]).toMatchObject({
      team_index: 1,
      cohort: cohort.id,
      sprint_team: false,
      group_project: null,
      slack_channel: '',
      repositories: [],
    });
    expect(body.teams[0].students.map((s: { id: number }) => s.id).sort()).toEqual([a, b].sort());
    const members = await ctx.db
      .selectFrom('team_members')
      .select('person_id')
      .where('team_id', '=', body.teams[0].id)
      .execute();
    expect(members.map((m) => m.person_id)).toContain(coach.id);

    const list = await ctx.request({
      method: 'GET',
      url: `/api/teams?cohort=${cohort.id}`,
      token: coach.token,
    });
    expect(list.statusCode).toBe(200);
    expect(list.json().map((t: { team_index: number }) => t.team_index)).toEqual([1, 2]);
    expect(list.json()[1].students[0]).toEqual({
      id: expect.any(Number),
      name: expect.stringMatching(/^First\d+ Last\d+$/),
    });
  });

  it('saves nothing when one team is wrong, and names the field', async () => {
    const { cohort, coach, learners, outsider } = await teamCast();
    const before = await memberCount();
    const [a, b] = learners.map((l) => l.id);
    const response = await ctx.request({
      method: 'POST',
      url: '/api/teams/batch',
      token: coach.token,
      payload: {
        cohort: cohort.id,
        weeklyPrefix: 'week3',
        groupProject: null,
        teams: [
          { teamIndex: 1, students: [a, b] },
          { teamIndex: 2, students: [outsider.id] },
        ],
      },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain('body.teams/1/students');
    expect(await teamCount(cohort.id)).toBe(0);
    expect(await memberCount()).toBe(before);
  });

  it('refuses a learner in two teams, a repeated number and an empty team', async () => {
    const { cohort, coach, learners } = await teamCast();
    const [a, b] = learners.map((l) => l.id);
    const send = (teams: unknown) =>
      ctx.request({
        method: 'POST',
        url: '/api/teams/batch',
        token: coach.token,
        payload: { cohort: cohort.id, weeklyPrefix: 'w', groupProject: null, teams },
      });
    const twice = await send([
      { teamIndex: 1, students: [a] },
      { teamIndex: 2, students: [a, b] },
    ]);
    expect(twice.statusCode).toBe(400);
    expect(twice.json().message).toContain('is also in Team 1');
    const repeated = await send([
      { teamIndex: 1, students: [a] },
      { teamIndex: 1, students: [b] },
    ]);
    expect(repeated.statusCode).toBe(400);
    expect(repeated.json().message).toContain('body.teams/1/teamIndex');
    const empty = await send([{ teamIndex: 1, students: [] }]);
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toContain('students');
    const onlyCoach = await send([{ teamIndex: 1, students: [coach.id] }]);
    expect(onlyCoach.statusCode).toBe(400);
    expect(onlyCoach.json().message).toContain('at least one learner');
    expect(await teamCount(cohort.id)).toBe(0);
  });

  it('refuses to save over saved teams (409) until they are deleted', async () => {
    const { cohort, coach, learners } = await teamCast();
    const payload = {
      cohort: cohort.id,
      weeklyPrefix: 'w',
      groupProject: null,
      teams: [{ teamIndex: 1, students: learners.map((l) => l.id) }],
    };
    const first = await ctx.request({
      method: 'POST',
      url: '/api/teams/batch',
      token: coach.token,
      payload,
    });
    expect(first.statusCode).toBe(201);
    const again = await ctx.request({
      method: 'POST',
      url: '/api/teams/batch',
      token: coach.token,
      payload,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Team 1 already exists in this cohort');
    expect(await teamCount(cohort.id)).toBe(1);
  });
});

describe('POST /teams', () => {
  it('creates one team for an active group project and says no repository was created', async () => {
    const { cohort, coach, learners, groupProject } = await teamCast();
    const response = await ctx.request({
      method: 'POST',
      url: '/api/teams',
      token: coach.token,
      payload: {
        cohort: cohort.id,
        students: [learners[0]?.id, coach.id],
        weeklyPrefix: 'Sprint',
        teamIndex: 3,
        groupProject: groupProject.id,
      },
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      group_name: 'Team 3',
      team_index: 3,
      sprint_team: true,
      group_project: groupProject.id,
      students: [{ id: learners[0]?.id }],
      repositories: [],
    });
    expect(response.json().message).toContain('Slack is not configured');
    expect(response.json().message).toContain(
      'GitHub is not configured, so no group project repository was created.',
    );
    const audit = await ctx.db
      .selectFrom('audit_log')
      .select('action')
      .where('entity', '=', 'team')
      .where('entity_id', '=', String(response.json().id))
      .execute();
    expect(audit).toEqual([{ action: 'create' }]);
  });

  it('answers 400 naming the field for bad input', async () => {
    const { cohort, coach, learners, plainProject, retiredProject, outsider } = await teamCast();
    const base = {
      cohort: cohort.id,
      students: [learners[0]?.id],
      weeklyPrefix: 'w',
      teamIndex: 1,
      groupProject: null,
    };
    const cases: [Record<string, unknown>, string][] = [
      [{ groupProject: plainProject.id }, 'body.groupProject must be an active group project'],
      [{ groupProject: retiredProject.id }, 'body.groupProject must be an active group project'],
      [{ groupProject: 999999 }, 'body.groupProject must be an active group project'],
      [{ weeklyPrefix: '  ' }, 'body.weeklyPrefix must not be blank'],
      [{ weeklyPrefix: '' }, 'weeklyPrefix'],
      [{ students: [outsider.id] }, 'body.students'],
      [{ teamIndex: 0 }, 'teamIndex'],
      [{ cohort: undefined }, 'cohort'],
    ];
    for (const [change, message] of cases) {
      const response = await ctx.request({
        method: 'POST',
        url: '/api/teams',
        token: coach.token,
        payload: { ...base, ...change },
      });
      expect(response.statusCode, JSON.stringify(change)).toBe(400);
      expect(response.json().message).toContain(message);
    }
    expect(await teamCount(cohort.id)).toBe(0);
  });

  it('answers 404 for an unknown cohort', async () => {
    const staff = await createStaff(ctx.db);
    const learner = await createLearner(ctx.db);
    const response = await ctx.request({
      method: 'POST',
      url: '/api/teams',
      token: staff.token,
      payload: {
        cohort: 999999,
        students: [learner.id],
        weeklyPrefix: 'w',
        teamIndex: 1,
        groupProject: null,
      },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe('Cohort not found.');
  });
});

describe('access', () => {
  it('is staff business: anonymous 401, learners 403 on every route, nothing written', async () => {
    const { cohort, learners } = await teamCast();
    const learner = learners[0];
    if (!learner) throw new Error('no learner');
    const calls = [
      { method: 'GET', url: `/api/teams?cohort=${cohort.id}` },
      {
        method: 'POST',
        url: '/api/teams',
        payload: {
          cohort: cohort.id,
          students: [learner.id],
          weeklyPrefix: 'w',
          teamIndex: 1,
          groupProject: null,
        },
      },
      {
        method: 'POST',
        url: '/api/teams/batch',
        payload: {
          cohort: cohort.id,
          weeklyPrefix: 'w',
          groupProject: null,
          teams: [{ teamIndex: 1, students: [learner.id] }],
        },
      },
      { method: 'DELETE', url: `/api/teams/reset?cohort=${cohort.id}` },
      { method: 'POST', url: '/api/teams/1/migrate' },
    ] as const;
    for (const call of calls) {
      expect((await ctx.request({ ...call })).statusCode, call.url).toBe(401);
      expect((await ctx.request({ ...call, token: learner.token })).statusCode, call.url).toBe(403);
    }
    expect(await teamCount(cohort.id)).toBe(0);
  });

  it('lets any staff member read teams; unknown cohort 404, missing cohort 400', async () => {
    const { cohort } = await teamCast();
    const staff = await createStaff(ctx.db);
    const ok = await ctx.request({
      method: 'GET',
      url: `/api/teams?cohort=${cohort.id}`,
      token: staff.token,
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual([]);
    const unknown = await ctx.request({
      method: 'GET',
      url: '/api/teams?cohort=999999',
      token: staff.token,
    });
    expect(unknown.statusCode).toBe(404);
    const missing = await ctx.request({ method: 'GET', url: '/api/teams', token: staff.token });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toContain('cohort');
  });
});

describe('DELETE /teams/reset', () => {
  it("deletes the cohort's teams and members only", async () => {
    const { cohort, coach, learners } = await teamCast();
    const other = await teamCast();
    for (const cast of [
      { c: cohort, t: coach.token, l: learners },
      { c: other.cohort, t: other.coach.token, l: other.learners },
    ]) {
      const saved = await ctx.request({
        method: 'POST',
        url: '/api/teams/batch',
        token: cast.t,
        payload: {
          cohort: cast.c.id,
          weeklyPrefix: 'w',
          groupProject: null,
          teams: [{ teamIndex: 1, students: cast.l.map((l) => l.id) }],
        },
      });
      expect(saved.statusCode).toBe(201);
    }
    const response = await ctx.request({
      method: 'DELETE',
      url: `/api/teams/reset?cohort=${cohort.id}`,
      token: coach.token,
    });
    expect(response.statusCode).toBe(204);
    expect(await teamCount(cohort.id)).toBe(0);
    expect(await teamCount(other.cohort.id)).toBe(1);
    const unknown = await ctx.request({
      method: 'DELETE',
      url: '/api/teams/reset?cohort=999999',
      token: coach.token,
    });
    expect(unknown.statusCode).toBe(404);
  });
});

describe('POST /teams/:id/migrate', () => {
  it('never fakes success: 404 unknown, 409 without repositories, 503 without GitHub', async () => {
    const { cohort, coach, learners, groupProject } = await teamCast();
    const unknown = await ctx.request({
      method: 'POST',
      url: '/api/teams/999999/migrate',
      token: coach.token,
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Team not found.');
    const created = await ctx.request({
      method: 'POST',
      url: '/api/teams',
      token: coach.token,
      payload: {
        cohort: cohort.id,
        students: [learners[0]?.id],
        weeklyPrefix: 'w',
        teamIndex: 1,
        groupProject: groupProject.id,
      },
    });
    const id = created.json().id;
    const noRepos = await ctx.request({
      method: 'POST',
      url: `/api/teams/${id}/migrate`,
      token: coach.token,
    });
    expect(noRepos.statusCode).toBe(409);
    expect(noRepos.json().message).toBe(
      'This team does not have any repositories for ticket migration',
    );
    await ctx.db
      .insertInto('group_project_repositories')
      .values({
        team_id: id,
        project_id: groupProject.id,
        repository: 'https://github.com/org/x',
      })
      .execute();
    const noWorker = await ctx.request({
      method: 'POST',
      url: `/api/teams/${id}/migrate`,
      token: coach.token,
    });
    expect(noWorker.statusCode).toBe(503);
    expect(noWorker.json().message).toBe('GitHub is not configured, so tickets cannot be migrated');
  });
});

describe('POST /teams/history/:id/undo', () => {
  /** Everything of the cohort's teams an undo must put back, as rows. */
  async function teamRows(cohortId: number) {
    const teams = await ctx.db
      .selectFrom('teams')
      .selectAll()
      .where('cohort_id', '=', cohortId)
      .orderBy('id')
      .execute();
    const ids = teams.map((team) => team.id);
    if (ids.length === 0) return { teams, members: [], repositories: [] };
    const members = await ctx.db
      .selectFrom('team_members')
      .selectAll()
      .where('team_id', 'in', ids)
      .orderBy('team_id')
      .orderBy('person_id')
      .execute();
    const repositories = await ctx.db
      .selectFrom('group_project_repositories')
      .selectAll()
      .where('team_id', 'in', ids)
      .orderBy('id')
      .execute();
    return { teams, members, repositories };
  }

  const undo = (id: number, token: string | null) =>
    ctx.request({ method: 'POST', url: `/api/teams/history/${id}/undo`, token });

  const historyId = (response: { headers: Record<string, unknown> }) =>
    Number(response.headers[HISTORY_ID_HEADER]);

  async function saveTeams(
    cast: Awaited<ReturnType<typeof teamCast>>,
    teams: { teamIndex: number; students: number[] }[],
    groupProject: number | null = null,
  ) {
    const response = await ctx.request({
      method: 'POST',
      url: '/api/teams/batch',
      token: cast.coach.token,
      payload: { cohort: cast.cohort.id, weeklyPrefix: 'Week4', groupProject, teams },
    });
    expect(response.statusCode).toBe(201);
    return response;
  }

  it('undoes a delete: the same teams, numbers, members, coaches, channels and repositories', async () => {
    const cast = await teamCast();
    const [a, b, c, d] = cast.learners.map((l) => l.id) as [number, number, number, number];
    const saved = await saveTeams(
      cast,
      [
        { teamIndex: 1, students: [a, b, cast.coach.id] },
        { teamIndex: 2, students: [c, d, cast.coach.id] },
      ],
      cast.groupProject.id,
    );
    const [first, second] = saved.json().teams as { id: number }[];
    // What the job would have recorded with Slack and GitHub configured.
    await ctx.db
      .updateTable('teams')
      .set({ slack_channel: 'C0TEAM1' })
      .where('id', '=', first!.id)
      .execute();
    await ctx.db
      .insertInto('group_project_repositories')
      .values({
        team_id: second!.id,
        project_id: cast.groupProject.id,
        repository: 'https://github.com/org/team-2',
      })
      .execute();
    const before = await teamRows(cast.cohort.id);
    expect(before.members).toHaveLength(6);

    const deleted = await ctx.request({
      method: 'DELETE',
      url: `/api/teams/reset?cohort=${cast.cohort.id}`,
      token: cast.coach.token,
    });
    expect(deleted.statusCode).toBe(204);
    expect(historyId(deleted)).toBeGreaterThan(0);
    expect(await teamCount(cast.cohort.id)).toBe(0);

    // Any staff member may undo it, as any may delete.
    const staff = await createStaff(ctx.db);
    const undone = await undo(historyId(deleted), staff.token);
    expect(undone.statusCode).toBe(200);
    expect(undone.json().message).toBe(
      `Delete undone: the 2 teams of ${cast.cohort.name} are back.`,
    );
    expect(undone.json().job_id).toBeNull();
    expect(undone.json().teams.map((t: { group_name: string }) => t.group_name)).toEqual([
      'Team 1',
      'Team 2',
    ]);
    expect(await teamRows(cast.cohort.id)).toEqual(before);

    const again = await undo(historyId(deleted), cast.coach.token);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This has already been undone.');
    expect(await teamRows(cast.cohort.id)).toEqual(before);
  });

  it('undoes a save: the teams from before it are back, in one transaction', async () => {
    const cast = await teamCast();
    const [a, b, c, d] = cast.learners.map((l) => l.id) as [number, number, number, number];
    await saveTeams(cast, [{ teamIndex: 1, students: [a, cast.coach.id] }]);
    const before = await teamRows(cast.cohort.id);
    const saved = await saveTeams(cast, [
      { teamIndex: 2, students: [b, c] },
      { teamIndex: 3, students: [d] },
    ]);
    expect(await teamCount(cast.cohort.id)).toBe(3);

    const undone = await undo(historyId(saved), cast.coach.token);
    expect(undone.statusCode).toBe(200);
    expect(undone.json().message).toBe(
      `Save undone: ${cast.cohort.name} has its 1 team from before the save again.`,
    );
    expect(await teamRows(cast.cohort.id)).toEqual(before);

    // A cohort's first save, undone, leaves it with no teams.
    const other = await teamCast();
    const lone = await saveTeams(other, [{ teamIndex: 1, students: [other.learners[0]!.id] }]);
    const removed = await undo(historyId(lone), other.coach.token);
    expect(removed.json().message).toBe(
      `Save undone: the 1 team saved for ${other.cohort.name} is removed again.`,
    );
    expect(await teamCount(other.cohort.id)).toBe(0);
  });

  it('refuses once the teams changed since, and changes nothing', async () => {
    const cast = await teamCast();
    const [a, b] = cast.learners.map((l) => l.id) as [number, number];
    const saved = await saveTeams(cast, [{ teamIndex: 1, students: [a] }]);
    const deleted = await ctx.request({
      method: 'DELETE',
      url: `/api/teams/reset?cohort=${cast.cohort.id}`,
      token: cast.coach.token,
    });
    // The save's teams are gone: undoing the save would lose the delete.
    const late = await undo(historyId(saved), cast.coach.token);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(
      `The teams of ${cast.cohort.name} have changed since, so this can no longer be undone.`,
    );
    await saveTeams(cast, [{ teamIndex: 1, students: [b] }]);
    const after = await teamRows(cast.cohort.id);
    expect((await undo(historyId(deleted), cast.coach.token)).statusCode).toBe(409);
    expect(await teamRows(cast.cohort.id)).toEqual(after);
  });

  it('refuses after the undo window', async () => {
    const cast = await teamCast();
    const saved = await saveTeams(cast, [{ teamIndex: 1, students: [cast.learners[0]!.id] }]);
    // The audit log is append-only; the window is read from its entry's time, so the test asks
    // for an entry it writes itself, dated before the window.
    const old = await ctx.db
      .insertInto('audit_log')
      .values({
        actor_id: cast.coach.id,
        action: 'save',
        entity: 'teams',
        entity_id: String(cast.cohort.id),
        before: JSON.stringify({ teams: [] }),
        after: JSON.stringify({ teams: saved.json().teams.map((t: { id: number }) => t.id) }),
        created_at: new Date(Date.now() - 31 * 86_400_000),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const response = await undo(old.id, cast.coach.token);
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(
      'This can no longer be undone: undo is possible for 30 days.',
    );
    expect(await teamCount(cast.cohort.id)).toBe(1);
  });

  it('answers 401 signed out, 403 to learners, 404 for an entry that is not a teams change', async () => {
    const cast = await teamCast();
    const saved = await saveTeams(cast, [{ teamIndex: 1, students: [cast.learners[0]!.id] }]);
    const learner = await createLearner(ctx.db);
    await enrol(ctx.db, cast.cohort.id, learner.id);
    expect((await undo(historyId(saved), null)).statusCode).toBe(401);
    const refused = await undo(historyId(saved), learner.token);
    expect(refused.statusCode).toBe(403);
    expect(await teamCount(cast.cohort.id)).toBe(1);
    // A team's own 'create' row is an audit entry too, but not a change an undo takes back.
    const create = await ctx.db
      .selectFrom('audit_log')
      .select('id')
      .where('entity', '=', 'team')
      .where('action', '=', 'create')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const unknown = await undo(create.id, cast.coach.token);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Teams change not found.');
    expect((await undo(2147483647, cast.coach.token)).statusCode).toBe(404);
    expect(await teamCount(cast.cohort.id)).toBe(1);
  });
});
