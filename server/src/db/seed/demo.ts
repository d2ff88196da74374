import type { Kysely } from 'kysely';
import { audit } from '../../lib/audit.ts';
import { hashPassword } from '../../lib/secrets.ts';
import type { Database } from '../schema.ts';
import { seedEvents } from './calendar.ts';
import { seedCapstones } from './capstones.ts';
import { createClock } from './clock.ts';
import { seedCohorts } from './cohorts.ts';
import { seedCurriculum } from './curriculum.ts';
import { seedFoundations } from './foundations.ts';
import { seedGithubActivity } from './github.ts';
import { seedNotes, seedTags } from './notes.ts';
import { seedPeople } from './people.ts';
import { buildProgress, coursePath, type LearnerPlan } from './progress.ts';
import { createRng } from './random.ts';
import { seedCoreSkills, seedLearningRecords } from './records.ts';

export async function hasData(db: Kysely<Database>): Promise<boolean> {
  const row = await db.selectFrom('people').select('id').limit(1).executeTakeFirst();
  return row !== undefined;
}

// Current project index (in the first four JavaScript books' path) of the other 29 learners of
// Day Cohort 72: a spread from Book 2 to the Book 4 group project.
const day72Positions = [
  3, 4, 5, 5, 6, 6, 6, 6, 6, 7, 7, 7, 7, 8, 8, 8, 8, 9, 9, 9, 9, 9, 10, 10, 10, 10, 10, 8, 9,
];
const STUDENT_POSITION = 7;

/**
 * Fills an empty database with a realistic, repeatable demo: the curriculum, three cohorts with
 * learners and their history, and the three demo accounts (instructor, staff, student) that share
 * the given password. Dates are relative to today so the active cohort is always in progress.
 */
export async function seedDemoData(
  db: Kysely<Database>,
  options: { password: string },
): Promise<void> {
  // Hashed off the main thread while the curriculum goes in.
  const hashing = Promise.all([0, 1, 2].map(() => hashPassword(options.password)));
  hashing.catch(() => {});
  const clock = createClock(new Date());
  const rng = createRng(72);

  await db.transaction().execute(async (trx) => {
    const catalogue = await seedCurriculum(trx, clock);
    const people = await seedPeople(trx, clock, await hashing);
    const cohorts = await seedCohorts(trx, clock, rng, catalogue, people);
    const instructorId = people.instructor.id;
    const { day72, day70, evening18 } = cohorts;

    const positions = rng.shuffle(day72Positions);
    const day72Plans: LearnerPlan[] = people.day72.map((learner, index) => ({
      learner,
      path: coursePath(catalogue.javascript, rng, 4),
      position: index === 0 ? STUDENT_POSITION : (positions[index - 1] ?? 6),
      from: day72.start,
      to: 0,
      org: day72.org,
      // The demo student: two books done, Book 3's assessment waiting for review.
      statuses: index === 0 ? { 0: 4, 1: 4, 2: 2 } : undefined,
    }));
    // Day Cohort 70 did JavaScript before these records begin; its Python run is late-stage.
    const pythonStart = day70.start + 126;
    const day70Plans: LearnerPlan[] = people.day70.map((learner) => {
      const path = coursePath(catalogue.python, rng);
      return {
        learner,
        path,
        position: path.length - 1 - rng.int(0, 3),
        from: pythonStart,
        to: -3,
        org: day70.org,
      };
    });
    const evening18Plans: LearnerPlan[] = people.evening18.map((learner) => {
      const path = coursePath(catalogue.python, rng);
      return {
        learner,
        path,
        position: path.length - 1,
        from: evening18.start + 200,
        to: evening18.end - 7,
        org: evening18.org,
        statuses: { 0: 4, 1: 4, 2: 4, 3: 4 },
      };
    });
    const progress = buildProgress(
      [...day72Plans, ...day70Plans, ...evening18Plans],
      clock,
      rng,
      instructorId,
    );
    await trx.insertInto('student_projects').values(progress.projects).execute();
    await trx.insertInto('student_assessments').values(progress.assessments).execute();
    await seedLearningRecords(trx, progress.outcomes, instructorId);

    const rated = [people.day72[0], ...rng.shuffle(people.day72.slice(1)).slice(0, 14)].filter(
      (learner) => learner !== undefined,
    );
    await seedCoreSkills(trx, clock, rng, rated, instructorId);
    await seedCapstones(trx, clock, rng, people.day70, catalogue.python.id, instructorId);
    await seedTags(trx, clock, rng, people.day72);
    await seedNotes(trx, clock, rng, [...people.day72, ...people.day70.slice(0, 3)], instructorId);
    await seedEvents(trx, clock, day72, day70, instructorId);
    await seedFoundations(trx, clock, rng);
    await seedGithubActivity(trx, clock, rng, people.day72, day72.org);
    await audit(trx, { actorId: null, action: 'seed', entity: 'database', after: { demo: true } });
  });
}
