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
  for (const [index, learner] of learners.entries()) {
    const project = current.find((row) => row.student_id === learner.id);
    if (!project) continue;
    const name = `${project.name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${learner.githubLogin}`;
    const repository = await trx
      .insertInto('repositories')
      .values({
        github_id: 700_000 + learner.id,
        full_name: `${org}/${name}`,
        html_url: `https://github.com/${org}/${name}`,
        default_branch: 'main',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('repository_links')
      .values({
        repository_id: repository.id,
        learner_id: learner.id,
        project_id: project.project_id,
        source: 'template',
      })
      .execute();
    // The first few after the demo student have gone quiet; the rest push every day or two.
    const quiet = index >= 1 && index <= 3;
    const lastPushDaysAgo = quiet ? 6 + rng.int(0, 3) : rng.int(0, 2);
    const pushes = rng.int(2, 6);
    const url = `https://github.com/${org}/${name}`;
    const events = [];
    let head = '';
    for (let push = pushes - 1; push >= 0; push--) {
      head = hex(rng);
      const at = clock.at(-(lastPushDaysAgo + push * 2), 10 + rng.int(0, 7), rng.int(0, 59));
      events.push({
        repository_id: repository.id,
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
      repository_id: repository.id,
      kind: 'check' as const,
      subject: `run:${repository.id}`,
      key: `run:${repository.id}:${failing ? 'failure' : 'success'}`,
      occurred_at: lastPush,
      actor: 'github-actions[bot]',
      title: 'test',
      url: `${url}/actions/runs/${repository.id}`,
      head_sha: head,
      commit_count: null,
      state: failing ? 'failure' : 'success',
    });
    if (rng.chance(0.3)) {
      events.push({
        repository_id: repository.id,
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
    await trx.insertInto('repository_events').values(events).execute();
    await refreshWork(trx, [repository.id]);
  }
}
