import type { Transaction } from 'kysely';
import type { Database } from '../schema.ts';
import type { Clock } from './clock.ts';
import type { Rng } from './random.ts';

// Learners of the pre-course Foundations site: known only by GitHub numeric id, not people rows.
const learners = [
  { githubId: '104857311', name: 'Keisha Moore', type: 'Day', number: 74 },
  { githubId: '98234117', name: 'Tomás Herrera', type: 'Day', number: 74 },
  { githubId: '112093458', name: 'Wren Albright', type: 'Evening', number: 19 },
  { githubId: '87612094', name: 'Dev Kapoor', type: 'day', number: 0 },
];

const exercises: [slug: string, title: string][] = [
  ['github-account', 'GitHub Account'],
  ['visual-studio-code', 'Visual Studio Code'],
  ['variables-intro', 'Variables'],
  ['string-interpolation', 'String Interpolation'],
  ['arrays-intro', 'Arrays'],
  ['functions-intro', 'Functions'],
  ['objects-voting', 'Objects: Voting'],
];

export async function seedFoundations(trx: Transaction<Database>, clock: Clock, rng: Rng) {
  await trx
    .insertInto('foundations_learner_profiles')
    .values(
      learners.map((learner) => ({
        learner_github_id: learner.githubId,
        learner_name: learner.name,
        cohort_type: learner.type,
        cohort_number: learner.number,
      })),
    )
    .execute();

  const rows = learners.flatMap((learner, index) => {
    let day = -40 + index * 3;
    return exercises.slice(0, [5, 6, 5, 4][index] ?? 5).map(([slug, title], step, list) => {
      day += rng.int(1, 4);
      const first = clock.at(day, 19, rng.int(0, 59));
      const last = new Date(first.getTime() + rng.int(4, 180) * 60_000);
      // The latest exercise of every other learner is still unfinished.
      const complete = !(step === list.length - 1 && index % 2 === 1);
      const usedSolution = complete && rng.chance(0.15);
      return {
        learner_github_id: learner.githubId,
        learner_name: learner.name,
        title,
        slug,
        attempts: rng.int(1, 6),
        complete,
        completed_on: complete ? last : null,
        first_attempt: first,
        last_attempt: last,
        completed_code: complete ? `{'code': 'const answer = ${JSON.stringify(slug)}'}` : null,
        used_solution: usedSolution,
      };
    });
  });
  await trx.insertInto('foundations_exercises').values(rows).execute();
}
