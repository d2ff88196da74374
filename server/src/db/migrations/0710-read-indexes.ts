import type { Kysely } from 'kysely';
import { runStatements } from './run-statements.ts';

// Indexes for a learner's record (GET /students/{id}): each objective's entries, every cohort
// the learner was ever in (the current-membership index covers only the current one) and their
// 1:1 feedback. Without them each read scanned the whole table, once per objective for entries.
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `create index learning_record_entries_record_idx
      on learning_record_entries (record_id, recorded_at desc, id desc)`,
    `create index cohort_memberships_person_idx on cohort_memberships (person_id, joined_at desc)`,
    `create index feedback_student_idx on feedback (student_id, created_at desc)`,
  ]);
}
