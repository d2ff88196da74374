import type { CohortHealth } from '@lp/contract/health';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData } from '../src/db/seed/demo.ts';
import { board } from '../src/features/board/board.repository.ts';
import { cohortHealth } from '../src/features/cohort-health/cohort-health.service.ts';
import { createTestContext, type TestContext } from './harness.ts';

// The cohort health of the demo data with the default settings: "act now" is rare and each one
// has a strong reason; the review queue lists what the board shows, once per learner.
let ctx: TestContext;
let report: CohortHealth;
let cohortId: number;

beforeAll(async () => {
  ctx = await createTestContext();
  await seedDemoData(ctx.db, { password: 'learnops' });
  const cohort = await ctx.db
    .selectFrom('cohorts')
    .select('id')
    .where('name', '=', 'Day Cohort 72')
    .executeTakeFirstOrThrow();
  cohortId = cohort.id;
  report = await cohortHealth(ctx.app, cohortId);
});
afterAll(() => ctx.close());

describe('the health of Day Cohort 72 (demo data)', () => {
  it('has at most a fifth of the cohort "act now", each with a strong reason', () => {
    const actNow = report.learners.filter((learner) => learner.level === 'act_now');
    const watch = report.learners.filter((learner) => learner.level === 'watch');
    console.log(
      `act now ${actNow.length}, watch ${watch.length}, of ${report.learners.length} learners`,
    );
    for (const learner of [...actNow, ...watch])
      console.log(
        `  ${learner.level} ${learner.name} (evidence ${learner.evidence}): ${learner.flags
          .map((flag) => `[${flag.strength}] ${flag.reason}`)
          .join('; ')}`,
      );
    expect(actNow.length).toBeGreaterThan(0);
    expect(actNow.length).toBeLessThanOrEqual(report.learners.length * 0.2);
    for (const learner of actNow)
      expect(learner.flags.some((flag) => flag.strength === 'strong')).toBe(true);
  });

  it("lists each waiting self-assessment once, the one on the learner's card", async () => {
    const row = await board(ctx.db, cohortId);
    const cards = JSON.parse(row?.body ?? '[]') as Array<{
      id: number;
      assessment_status_id: number;
      book_id: number | null;
    }>;
    const learners = report.review_queue.map((entry) => entry.student_id);
    expect(new Set(learners).size).toBe(learners.length);
    const ready = cards.filter((card) => card.assessment_status_id === 2).map((card) => card.id);
    expect(learners.sort()).toEqual(ready.sort());
  });
});
