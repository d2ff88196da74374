import type { Transaction } from 'kysely';
import type { Database } from '../schema.ts';
import type { Clock } from './clock.ts';
import type { SeededPerson } from './people.ts';
import type { Outcome } from './progress.ts';
import type { Rng } from './random.ts';

type Trx = Transaction<Database>;

/** Objectives met (or not yet) in reviewed assessments, each with the review that recorded it. */
export async function seedLearningRecords(trx: Trx, outcomes: Outcome[], instructorId: number) {
  const records = new Map<
    string,
    { learnerId: number; objectiveId: number; achieved: boolean; at: Date; note: string }
  >();
  for (const outcome of outcomes) {
    for (const objectiveId of outcome.objectiveIds) {
      const key = `${outcome.learnerId}:${objectiveId}`;
      const achieved = outcome.statusId === 4;
      if (records.get(key)?.achieved) continue;
      records.set(key, {
        learnerId: outcome.learnerId,
        objectiveId,
        achieved,
        at: outcome.at,
        note: achieved
          ? `Shown in the ${outcome.assessmentName} review.`
          : `Not yet shown in ${outcome.assessmentName}; revisit at the next review.`,
      });
    }
  }
  const plans = [...records.values()];
  if (plans.length === 0) return;
  const rows = await trx
    .insertInto('learning_records')
    .values(
      plans.map((plan) => ({
        student_id: plan.learnerId,
        objective_id: plan.objectiveId,
        achieved: plan.achieved,
        created_at: plan.at,
      })),
    )
    .returning(['id', 'student_id', 'objective_id'])
    .execute();
  await trx
    .insertInto('learning_record_entries')
    .values(
      rows.map((row) => {
        const plan = records.get(`${row.student_id}:${row.objective_id}`);
        return {
          record_id: row.id,
          note: plan?.note ?? '',
          instructor_id: instructorId,
          recorded_at: plan?.at ?? new Date(),
        };
      }),
    )
    .execute();
}

const skillNotes: Record<number, string[]> = {
  1: [
    'Breaks problems into steps before coding.',
    'Still jumps to code before reading the whole problem.',
    'Good questions about edge cases in stand-up.',
  ],
  2: [
    'Wrote pseudo-code for every function this week.',
    'Loops are solid; nested data still slows them down.',
    'Explained their algorithm clearly at the whiteboard.',
  ],
  3: [
    'Uses the docs before asking for help.',
    'Spends long stretches stuck before asking.',
    'Takes good notes and revisits them.',
  ],
  4: [
    'Clear, kind code review comments.',
    'Quiet in group work; encouraged to share more.',
    'Great explanation of their project in demo.',
  ],
};

/** Core-skill ratings for some learners: a short history of entries ending at the current level. */
export async function seedCoreSkills(
  trx: Trx,
  clock: Clock,
  rng: Rng,
  learners: SeededPerson[],
  instructorId: number,
) {
  const plans = learners.flatMap((learner) =>
    [1, 2, 3, 4].map((skillId) => {
      const entries = Array.from({ length: rng.int(1, 3) }, () => rng.int(2, 8)).sort(
        (a, b) => a - b,
      );
      const days = entries.map((_, index) => -42 + index * 14 + rng.int(0, 6));
      const times = days.map((day) => clock.at(clock.weekday(day), 15, rng.int(0, 59)));
      return { learnerId: learner.id, skillId, entries, times };
    }),
  );
  if (plans.length === 0) return;
  const rows = await trx
    .insertInto('core_skill_records')
    .values(
      plans.map((plan) => ({
        student_id: plan.learnerId,
        skill_id: plan.skillId,
        level: plan.entries.at(-1) ?? 1,
        created_at: plan.times[0] ?? clock.now,
        updated_at: plan.times.at(-1) ?? clock.now,
      })),
    )
    .returning(['id', 'student_id', 'skill_id'])
    .execute();
  await trx
    .insertInto('core_skill_record_entries')
    .values(
      rows.flatMap((row) => {
        const plan = plans.find(
          (item) => item.learnerId === row.student_id && item.skillId === row.skill_id,
        );
        return (plan?.entries ?? []).map((level, index) => ({
          record_id: row.id,
          level,
          note: rng.pick(skillNotes[row.skill_id] ?? ['']),
          instructor_id: instructorId,
          recorded_at: plan?.times[index] ?? clock.now,
        }));
      }),
    )
    .execute();
}
