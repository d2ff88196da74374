import type { RosterCounts, RosterImport, RosterRow } from '@lp/contract/roster';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { audit } from '../../lib/audit.ts';
import { conflict, HttpError } from '../../lib/http-errors.ts';
import { enrolLearner } from '../cohorts/index.ts';
import * as repo from './cohort-csv.repository.ts';

/*
 * A roster's preview, all-or-nothing apply and undo record, whatever the roster came from: a CSV
 * file (roster-import.service.ts) or an LMS's course (features/lti, Names and Role Provisioning
 * Services). Each source decides its lines; this applies them.
 */

/**
 * A line's decision. A create or enrol line carries `join`, run when applied: it makes the
 * account (create) or finds the learner (enrol), and answers whom the cohort takes.
 */
export type RosterDecision = RosterRow & { join?: (trx: Transaction<Database>) => Promise<number> };

const rowOf = ({ line, action, message }: RosterRow): RosterRow => ({ line, action, message });

/** The answer for the decisions: their rows in line order and the counts. */
export function rosterAnswer(
  decisions: RosterRow[],
  encoding: string,
  importId: number | null = null,
): RosterImport {
  const rows = decisions.map(rowOf).sort((a, b) => a.line - b.line);
  const count = (action: RosterRow['action']) => rows.filter((row) => row.action === action).length;
  const counts: RosterCounts = {
    created: count('create'),
    enrolled: count('enrol'),
    skipped: count('skip'),
    errors: count('error'),
  };
  return { applied: importId !== null, import_id: importId, rows, counts, encoding };
}

/** What the audit row of an applied import keeps for its undo. */
export interface ImportRecord {
  counts: RosterCounts;
  memberships: number[];
  /** Where the roster came from, when not a CSV file: 'LMS course 7'. */
  source?: string;
}

/**
 * Applies decided lines in the caller's transaction, which has locked the cohort and what the
 * decisions read: any error line is a 422 with every line's decision, and nothing is written.
 * The import's audit row is what its undo (roster-undo.service.ts) takes back.
 */
export async function applyRoster(
  trx: Transaction<Database>,
  actorId: number,
  cohort: { id: number },
  decisions: RosterDecision[],
  encoding: string,
  source?: string,
): Promise<RosterImport> {
  const result = rosterAnswer(decisions, encoding);
  if (result.counts.errors > 0) {
    const lines =
      result.counts.errors === 1
        ? '1 line has an error'
        : `${result.counts.errors} lines have errors`;
    throw new HttpError(422, `Nothing was imported: ${lines}.`, {}, { rows: result.rows });
  }
  const joined: number[] = [];
  for (const decision of decisions) {
    if ((decision.action !== 'create' && decision.action !== 'enrol') || !decision.join) continue;
    const personId = await decision.join(trx);
    const enrolled = await enrolLearner(trx, personId, cohort.id, actorId);
    if (enrolled !== 'enrolled')
      throw conflict(`Line ${decision.line} changed while importing; please try again.`);
    joined.push(personId);
  }
  // The memberships the import opened are what its undo ends.
  const memberships = await repo.currentMembershipIds(trx, cohort.id, joined);
  const importId = await audit(trx, {
    actorId,
    action: 'import',
    entity: 'cohort_roster',
    entityId: cohort.id,
    after: {
      counts: result.counts,
      memberships,
      ...(source ? { source } : {}),
    } satisfies ImportRecord,
  });
  return rosterAnswer(decisions, encoding, importId);
}
