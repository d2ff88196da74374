import type { Kysely } from 'kysely';
import { runStatements } from './run-statements.ts';

// The board works each card out in its own statement (features/board/board.query.ts), from the
// learner's rows as they are: the cards kept by triggers (migration 0530) go, with their triggers,
// the function that rebuilt them and the advisory lock that ordered catalogue changes and
// rebuilds. A catalogue rename is again one row's update, whoever's card shows it.

/** Tables of one learner's rows: a trigger per event and a truncate trigger. */
const learnerTables = [
  'student_projects',
  'student_assessments',
  'learning_records',
  'student_tags',
  'capstones',
  'capstone_timelines',
  'people',
];

/** Catalogue tables a card showed: the lock trigger, an update and a delete trigger. */
const catalogueTables = [
  'projects',
  'books',
  'assessments',
  'learning_objectives',
  'tags',
  'courses',
  'proposal_statuses',
];

const dropTriggers = (table: string, events: string[]) =>
  events.map((event) => `drop trigger ${table}_card_${event} on ${table}`);

export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    ...learnerTables.flatMap((table) =>
      dropTriggers(
        table,
        table === 'people' ? ['ins', 'upd', 'del'] : ['ins', 'upd', 'del', 'tru'],
      ),
    ),
    ...catalogueTables.flatMap((table) => dropTriggers(table, ['lock', 'upd', 'del', 'tru'])),
    ...[...learnerTables, ...catalogueTables].map(
      (table) => `drop function ${table}_refresh_cards()`,
    ),
    'drop function refresh_every_card()',
    'drop function lock_learner_cards()',
    'drop function refresh_learner_cards(integer[])',
    'drop table learner_cards',
  ]);
}
