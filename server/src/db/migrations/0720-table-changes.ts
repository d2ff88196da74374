import type { Kysely } from 'kysely';
import { runStatements } from './run-statements.ts';

// Frequent reads (cohorts, a learner's record, courses, events, notes) are answered from memory
// while the tables they read are unchanged (lib/table-changes.ts, lib/kept-reads.ts). So every
// server process hears of a change made by any connection, each statement that changes a table
// of the product's data announces the table's name on TABLE_CHANGES_CHANNEL, delivered at commit.
// PostgreSQL folds a transaction's identical notifications into one, so a bulk change costs one.
// Bookkeeping tables (tokens, sign-ins, audit, versions, live tickets, digests, jobs) announce
// nothing: no kept read shows them. A test checks that every table a kept read names is here.

const ANNOUNCED_TABLES = [
  'people',
  'cohorts',
  'cohort_info',
  'cohort_memberships',
  'cohort_coaches',
  'courses',
  'cohort_courses',
  'books',
  'projects',
  'learning_objectives',
  'assessments',
  'assessment_objectives',
  'assessment_statuses',
  'student_projects',
  'student_assessments',
  'proposal_statuses',
  'capstones',
  'capstone_timelines',
  'note_types',
  'notes',
  'feedback',
  'tags',
  'student_tags',
  'learning_records',
  'learning_record_entries',
  'core_skills',
  'core_skill_records',
  'core_skill_record_entries',
  'event_types',
  'events',
  'teams',
  'team_members',
  'group_project_repositories',
  'foundations_exercises',
  'foundations_learner_profiles',
];

export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `create function announce_table_change() returns trigger language plpgsql as $$
      begin
        perform pg_notify('table_changes', tg_table_name);
        return null;
      end $$`,
    ...ANNOUNCED_TABLES.map(
      (table) => `create trigger ${table}_changes after insert or update or delete or truncate
        on ${table} for each statement execute function announce_table_change()`,
    ),
  ]);
}
