import type { Transaction } from 'kysely';
import type { Database } from '../schema.ts';
import type { Clock } from './clock.ts';
import type { SeededPerson } from './people.ts';
import type { Rng } from './random.ts';

type Trx = Transaction<Database>;

const teamTags = ['Team 1', 'Team 2', 'Team 3', 'Team 4', 'Team 5', 'Team 6'];
const otherTags = ['needs pairing', 'strong communicator', 'lighthouse'];

/** Tags, and about fifteen learners of the active cohort wearing them. */
export async function seedTags(trx: Trx, clock: Clock, rng: Rng, learners: SeededPerson[]) {
  const tags = await trx
    .insertInto('tags')
    .values([...teamTags, ...otherTags].map((name) => ({ name, created_at: clock.at(-60, 9) })))
    .returning(['id', 'name'])
    .execute();
  const tagId = (name: string) => tags.find((tag) => tag.name === name)?.id ?? 0;
  const chosen = rng.shuffle(learners).slice(0, 15);
  const links = chosen.flatMap((learner, index) => {
    const names: string[] = index < 12 ? [teamTags[index % teamTags.length] ?? 'Team 1'] : [];
    if (index === 12 || index === 13 || index === 2) names.push('needs pairing');
    if (index === 14 || index === 0 || index === 7) names.push('strong communicator');
    if (index === 4) names.push('lighthouse');
    return names.map((name) => ({
      student_id: learner.id,
      tag_id: tagId(name),
      created_at: clock.at(-rng.int(5, 40), 10),
    }));
  });
  await trx.insertInto('student_tags').values(links).execute();
}

const templates: Record<number, string[]> = {
  1: [
    'Reviewed the self-assessment with {name}: solid on array methods, still guessing at error messages.',
    'Walked through the assessment together. {name} explained every function clearly; marked complete.',
    'Assessment review: {name} needs another pass on data relationships before moving on.',
  ],
  2: [
    '{name} finished the project a day early and spent the afternoon helping others debug.',
    '{name} is working steadily; asked good questions in office hours about modules.',
    'Paired with {name} on event listeners. Getting faster at reading the console.',
    '{name} has been stuck on the same ticket for two days. Suggested breaking it into smaller steps.',
    'Great stand-up from {name} today: clear about blockers and next steps.',
    '{name} is behind by about one project; made a catch-up plan for this week.',
    '{name} took the lead in their group when merge conflicts came up.',
    'Checked in with {name} about pacing. Comfortable with the current load.',
    '{name} is writing pseudo-code first now, and it shows in cleaner functions.',
  ],
  3: [
    '{name} mentioned feeling overwhelmed this week. Shared the support resources; will check in Friday.',
    '{name} has a family situation and may miss a few mornings. Agreed to share recordings.',
  ],
  4: [
    '{name} missed stand-up twice this week without notice. Talked about expectations.',
    'A teammate raised that {name} pushed directly to main during the group project. Discussed branch workflow.',
  ],
};

/** About forty instructor notes over the last six weeks, mostly general progress. */
export async function seedNotes(
  trx: Trx,
  clock: Clock,
  rng: Rng,
  learners: SeededPerson[],
  authorId: number,
) {
  const types = rng.shuffle([
    ...Array<number>(29).fill(2),
    ...Array<number>(6).fill(1),
    3,
    3,
    3,
    4,
    4,
  ]);
  const rows = types.map((typeId, index) => {
    const learner = index < 3 ? learners[0] : rng.pick(learners);
    const note = rng.pick(templates[typeId] ?? templates[2] ?? ['']);
    return {
      student_id: learner?.id ?? 0,
      author_id: authorId,
      note_type_id: typeId,
      note: note.replace('{name}', learner?.firstName ?? 'The learner'),
      created_at: clock.at(clock.weekday(-rng.int(3, 42)), 12 + rng.int(0, 5), rng.int(0, 59)),
    };
  });
  await trx.insertInto('notes').values(rows).execute();
}
