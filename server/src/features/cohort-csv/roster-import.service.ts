import type { RosterCounts, RosterImport, RosterRow } from '@lp/contract/roster';
import type { FastifyInstance } from 'fastify';
import type { Transaction } from 'kysely';
import type { Database, Db } from '../../db/schema.ts';
import { audit } from '../../lib/audit.ts';
import { conflict, HttpError, notFound } from '../../lib/http-errors.ts';
import { lockName } from '../../lib/name-lock.ts';
import { fullName } from '../../lib/names.ts';
import { enrolLearner, findCohort, lockCohort } from '../cohorts/index.ts';
import * as repo from './cohort-csv.repository.ts';
import { decodeFile } from './file-encoding.ts';
import { type RosterEntry, readRoster } from './roster.model.ts';

/** A line's decision; a create line carries its entry, an enrol line the learner. */
type Decision = RosterRow & { entry?: RosterEntry; personId?: number };

/** What each line of the file would do in the cohort, looked up in one statement. */
async function decide(
  db: Db,
  cohort: { id: number; name: string },
  entries: RosterEntry[],
): Promise<Decision[]> {
  const people = await repo.peopleByLogin(
    db,
    entries.map((entry) => entry.login),
  );
  return entries.map((entry): Decision => {
    const line = entry.line;
    const owners = people.filter(
      (person) => person.github_login?.toLowerCase() === entry.login.toLowerCase(),
    );
    const login = `GitHub login '${entry.login}'`;
    if (owners.length === 0) {
      const name = `${entry.firstName} ${entry.lastName}`;
      return {
        line,
        action: 'create',
        message: `New account for ${name} (${entry.login}).`,
        entry,
      };
    }
    const [person] = owners;
    if (!person || owners.length > 1)
      return { line, action: 'error', message: `${login} belongs to more than one account.` };
    const name = fullName(person);
    if (person.is_staff)
      return { line, action: 'error', message: `${login} belongs to staff member ${name}.` };
    if (!person.is_active)
      return { line, action: 'error', message: `${login} belongs to ${name}, who is deactivated.` };
    if (person.cohort_id === cohort.id)
      return { line, action: 'skip', message: `${name} is already in ${cohort.name}.` };
    if (person.cohort_id !== null)
      return {
        line,
        action: 'error',
        message: `${login} belongs to ${name} of ${person.cohort_name}: move them with a transfer.`,
      };
    return {
      line,
      action: 'enrol',
      message: `${name} has an account and joins ${cohort.name}.`,
      personId: person.id,
    };
  });
}

const rowOf = ({ line, action, message }: RosterRow): RosterRow => ({ line, action, message });

function answer(
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

/** The first free user name for a new learner: their login, else login2, login3… */
async function freeUsername(trx: Transaction<Database>, login: string) {
  let candidate = login;
  for (let suffix = 2; (await repo.takenUsernames(trx, [candidate])).size > 0; suffix += 1)
    candidate = `${login}${suffix}`;
  return candidate;
}

/** What the audit row of an applied import keeps for its undo. */
export interface ImportRecord {
  counts: RosterCounts;
  memberships: number[];
}

async function create(
  trx: Transaction<Database>,
  actorId: number,
  cohortId: number,
  entry: RosterEntry,
) {
  await lockName(trx, 'username', entry.login);
  const person = await repo.insertLearner(trx, {
    username: await freeUsername(trx, entry.login),
    password_hash: null,
    first_name: entry.firstName,
    last_name: entry.lastName,
    email: entry.email,
    github_login: entry.login,
    is_staff: false,
  });
  await audit(trx, {
    actorId,
    action: 'create',
    entity: 'person',
    entityId: person.id,
    after: person,
  });
  await enrolLearner(trx, person.id, cohortId, actorId);
  return person.id;
}

/**
 * Previews (dryRun) or applies a roster file, given as its bytes. Applying is all or nothing: any
 * error line is a 422 with every line's decision, and nothing is written.
 */
export async function importRoster(
  app: FastifyInstance,
  actorId: number,
  cohortId: number,
  file: Uint8Array,
  dryRun: boolean,
): Promise<RosterImport> {
  const { text, encoding } = decodeFile(file);
  const { entries, errors } = readRoster(text);
  if (dryRun) {
    const cohort = await findCohort(app.db, cohortId);
    if (!cohort) throw notFound('Cohort');
    return answer([...errors, ...(await decide(app.db, cohort, entries))], encoding);
  }
  return app.db.transaction().execute(async (trx) => {
    const cohort = await lockCohort(trx, cohortId);
    if (!cohort) throw notFound('Cohort');
    // The logins first, in one order for every import, so what is decided stays true to commit.
    const logins = [...new Set(entries.map((entry) => entry.login.toLowerCase()))].sort();
    for (const login of logins) await lockName(trx, 'github-login', login);
    const decisions: Decision[] = [...errors, ...(await decide(trx, cohort, entries))];
    const result = answer(decisions, encoding);
    if (result.counts.errors > 0) {
      const lines =
        result.counts.errors === 1
          ? '1 line has an error'
          : `${result.counts.errors} lines have errors`;
      throw new HttpError(422, `Nothing was imported: ${lines}.`, {}, { rows: result.rows });
    }
    const joined: number[] = [];
    for (const decision of decisions) {
      if (decision.action === 'create' && decision.entry)
        joined.push(await create(trx, actorId, cohort.id, decision.entry));
      if (decision.action === 'enrol' && decision.personId !== undefined) {
        const enrolled = await enrolLearner(trx, decision.personId, cohort.id, actorId);
        if (enrolled !== 'enrolled')
          throw conflict(`Line ${decision.line} changed while importing; please try again.`);
        joined.push(decision.personId);
      }
    }
    // The memberships the import opened are what its undo ends.
    const memberships = await repo.currentMembershipIds(trx, cohort.id, joined);
    const importId = await audit(trx, {
      actorId,
      action: 'import',
      entity: 'cohort_roster',
      entityId: cohort.id,
      after: { counts: result.counts, memberships } satisfies ImportRecord,
    });
    return answer(decisions, encoding, importId);
  });
}
