import type { Transaction } from 'kysely';
import type { Database } from '../schema.ts';
import type { Clock } from './clock.ts';
import type { SeededPerson } from './people.ts';
import { type Rng, slugify } from './random.ts';

const ideas: [string, string][] = [
  ['Trailhead', 'Plan day hikes with friends: trails, carpools and a shared packing list.'],
  ['Pantry Pal', 'Track what is in the pantry and suggest recipes before food expires.'],
  ['Shift Swap', 'Lets restaurant staff post and claim shifts, with manager approval.'],
  ['Vinyl Vault', 'Catalogue a record collection and see what friends are spinning.'],
  ['Plot Twist', 'Community garden plot sign-ups, watering rotas and harvest logs.'],
  ['Tutor Match', 'Pairs volunteer tutors with students by subject and availability.'],
  ['Pet Pantry', 'A small animal shelter tracks food donations and feeding schedules.'],
  ['Side Quest', 'A habit tracker that turns small daily goals into a game.'],
  ['Gig Ledger', 'Freelance musicians log gigs, venues and payments owed.'],
  ['Book Swap', 'Neighbours lend and borrow books with due-date reminders.'],
  ['Fix It Ticket', 'Tenants report maintenance problems and follow the repair status.'],
  ['Court Time', 'Book pickleball courts and find players at your level.'],
];

/** Proposal states (proposal status ids) in order; null means no capstone at all. */
const journeys: (number[] | null)[] = [
  null,
  null,
  [],
  [],
  [1],
  [1],
  [1, 2],
  [1, 2],
  [1, 3],
  [1, 2, 1, 3],
  [1, 3, 4],
  [1, 2, 1, 3, 4],
];

/** Capstone proposals of the capstone cohort, spread over every proposal state. */
export async function seedCapstones(
  trx: Transaction<Database>,
  clock: Clock,
  rng: Rng,
  learners: SeededPerson[],
  courseId: number,
  instructorId: number,
) {
  const plans = rng.shuffle(learners).flatMap((learner, index) => {
    const journey = journeys[index % journeys.length];
    const idea = ideas[index % ideas.length];
    if (!journey || !idea) return [];
    const submitted = -50 + rng.int(0, 8);
    let day = submitted;
    const steps = journey.map((statusId) => {
      day = clock.weekday(day + rng.int(2, 5));
      return { statusId, at: clock.at(day, 10 + rng.int(0, 6), rng.int(0, 59)) };
    });
    const approved = journey.includes(3);
    return [
      { learner, idea, approved, steps, submittedAt: clock.at(submitted, 20, rng.int(0, 59)) },
    ];
  });
  const rows = await trx
    .insertInto('capstones')
    .values(
      plans.map((plan) => ({
        student_id: plan.learner.id,
        course_id: courseId,
        proposal_url: `https://docs.google.com/document/d/${rng.token(44)}`,
        repo_url: plan.approved
          ? `https://github.com/${plan.learner.githubLogin}/${slugify(plan.idea[0])}`
          : null,
        description: `${plan.idea[0]}: ${plan.idea[1]}`,
        created_at: plan.submittedAt,
      })),
    )
    .returning(['id', 'student_id'])
    .execute();
  const timelines = rows.flatMap((row) =>
    (plans.find((plan) => plan.learner.id === row.student_id)?.steps ?? []).map((step) => ({
      capstone_id: row.id,
      status_id: step.statusId,
      created_by: instructorId,
      created_at: step.at,
    })),
  );
  if (timelines.length > 0) await trx.insertInto('capstone_timelines').values(timelines).execute();
}
