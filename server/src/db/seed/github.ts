import { sql, type Transaction } from 'kysely';
import { refreshWork } from '../../features/github/index.ts';
import type { Database } from '../schema.ts';
import type { Clock } from './clock.ts';
import type { SeededPerson } from './people.ts';
import type { Rng } from './random.ts';

type Trx = Transaction<Database>;

const hex = (rng: Rng) =>
  Array.from({ length: 40 }, () => rng.pick([...'0123456789abcdef'])).join('');

const MESSAGES = [
  'Add the form',
  'Fix the layout on small screens',
  'Fetch the list from the API',
  'Handle the empty state',
  'Write tests for the reducer',
  'Refactor the routes',
  'Style the cards',
  'Validate the input',
];

/**
 * Each learner of the active cohort has a repository made from their current project's template
 * in the cohort's organisation, with the last weeks' pushes, a pull request or two and checks:
 * most push every day or two, a few have not pushed for a week, a few have failing checks.
 */
export async function seedGithubActivity(
  trx: Trx,
  clock: Clock,
  rng: Rng,
  learners: SeededPerson[],
  organizationUrl: string,
) {
  const org = organizationUrl.slice('https://github.com/'.length);
  const { rows: current } = await sql<{ student_id: number; project_id: number; name: string }>`
    select distinct on (sp.student_id) sp.student_id, sp.project_id, p.name
    from student_projects sp join projects p on p.id = sp.project_id
    where sp.student_id = any(${learners.map((learner) => learner.id)}::int[])
    order by sp.student_id, sp.assigned_at desc, sp.id desc`.execute(trx);
  const seeded = learners.flatMap((learner, index) => {
    const project = current.find((row) => row.student_id === learner.id);
    if (!project) return [];
    const name = `${project.name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${learner.githubLogin}`;
    return [{ learner, index, project, name, githubId: 700_000 + learner.id }];
  });
  if (seeded.length === 0) return;
  // Every repository, link and event in one statement each: a statement per learner was most of
  // the demo's seeding.
  const repositories = await trx
    .insertInto('repositories')
    .values(
      seeded.map(({ name, githubId }) => ({
        github_id: githubId,
        full_name: `${org}/${name}`,
        html_url: `https://github.com/${org}/${name}`,
        default_branch: 'main',
      })),
    )
    .returning(['id', 'github_id'])
    .execute();
  const idOf = new Map(repositories.map((row) => [Number(row.github_id), row.id]));
  const repositoryOf = (githubId: number) => {
    const id = idOf.get(githubId);
    if (id === undefined) throw new Error(`Repository ${githubId} was not inserted`);
    return id;
  };
  await trx
    .insertInto('repository_links')
    .values(
      seeded.map(({ learner, project, githubId }) => ({
        repository_id: repositoryOf(githubId),
        learner_id: learner.id,
        project_id: project.project_id,
        source: 'template' as const,
      })),
    )
    .execute();
  const events = seeded.flatMap(({ learner, index, name, githubId }) =>
    activityOf(
      clock,
      rng,
      learner,
      index,
      repositoryOf(githubId),
      `https://github.com/${org}/${name}`,
    ),
  );
  await trx.insertInto('repository_events').values(events).execute();
  await refreshWork(trx, [...idOf.values()]);
}

/** One learner's pushes, last check run and perhaps an open pull request. */
function activityOf(
  clock: Clock,
  rng: Rng,
  learner: SeededPerson,
  index: number,
  repositoryId: number,
  url: string,
) {
  // The first few after the demo student have gone quiet; the rest push every day or two.
  const quiet = index >= 1 && index <= 3;
  const lastPushDaysAgo = quiet ? 6 + rng.int(0, 3) : rng.int(0, 2);
  const pushes = rng.int(2, 6);
  const events = [];
  let head = '';
  for (let push = pushes - 1; push >= 0; push--) {
    head = hex(rng);
    const at = clock.at(-(lastPushDaysAgo + push * 2), 10 + rng.int(0, 7), rng.int(0, 59));
    events.push({
      repository_id: repositoryId,
      kind: 'push' as const,
      subject: 'main',
      key: `main:${head}`,
      occurred_at: at,
      actor: learner.githubLogin,
      title: rng.pick(MESSAGES),
      url: `${url}/commit/${head}`,
      head_sha: head,
      commit_count: rng.int(1, 4),
      state: 'pushed',
    });
  }
  const lastPush = clock.at(-lastPushDaysAgo, 18, 30);
  const failing = index >= 4 && index <= 6;
  events.push({
    repository_id: repositoryId,
    kind: 'check' as const,
    subject: `run:${repositoryId}`,
    key: `run:${repositoryId}:${failing ? 'failure' : 'success'}`,
    occurred_at: lastPush,
    actor: 'github-actions[bot]',
    title: 'test',
    url: `${url}/actions/runs/${repositoryId}`,
    head_sha: head,
    commit_count: null,
    state: failing ? 'failure' : 'success',
  });
  if (rng.chance(0.3)) {
    events.push({
      repository_id: repositoryId,
      kind: 'pull_request' as const,
      subject: '1',
      key: `1:open:${lastPush.toISOString()}`,
      occurred_at: lastPush,
      actor: learner.githubLogin,
      title: rng.pick(MESSAGES),
      url: `${url}/pull/1`,
      head_sha: head,
      commit_count: null,
      state: 'open',
    });
  }
  return events;
}
