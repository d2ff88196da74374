import type { RosterImport } from '@lp/contract/roster';
import type { FastifyInstance } from 'fastify';
import type { Transaction } from 'kysely';
import type { Database, Db } from '../../db/schema.ts';
import { audit } from '../../lib/audit.ts';
import { notFound } from '../../lib/http-errors.ts';
import { lockName } from '../../lib/name-lock.ts';
import { fullName } from '../../lib/names.ts';
import { findCohort, lockCohort } from '../cohorts/index.ts';
import * as repo from './cohort-csv.repository.ts';
import { decodeFile } from './file-encoding.ts';
import { type RosterEntry, readRoster } from './roster.model.ts';
import { applyRoster, type RosterDecision, rosterAnswer } from './roster-apply.ts';

/** What each line of the file would do in the cohort, looked up in one statement. */
async function decide(
  db: Db,
  cohort: { id: number; name: string },
  entries: RosterEntry[],
  actorId: number,
): Promise<RosterDecision[]> {
  const people = await repo.peopleByLogin(
    db,
    entries.map((entry) => entry.login),
  );
  return entries.map((entry): RosterDecision => {
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
        join: (trx) => create(trx, actorId, entry),
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
      join: async () => person.id,
    };
  });
}

/** The first free user name for a new learner: their login, else login2, login3… */
async function freeUsername(trx: Transaction<Database>, login: string) {
  let candidate = login;
  for (let suffix = 2; (await repo.takenUsernames(trx, [candidate])).size > 0; suffix += 1)
    candidate = `${login}${suffix}`;
  return candidate;
}

async function create(trx: Transaction<Database>, actorId: number, entry: RosterEntry) {
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
    return rosterAnswer([...errors, ...(await decide(app.db, cohort, entries, actorId))], encoding);
  }
  return app.db.transaction().execute(async (trx) => {
    const cohort = await lockCohort(trx, cohortId);
    if (!cohort) throw notFound('Cohort');
    // The logins first, in one order for every import, so what is decided stays true to commit.
    const logins = [...new Set(entries.map((entry) => entry.login.toLowerCase()))].sort();
    for (const login of logins) await lockName(trx, 'github-login', login);
    const decisions: RosterDecision[] = [
      ...errors,
      ...(await decide(trx, cohort, entries, actorId)),
    ];
    return applyRoster(trx, actorId, cohort, decisions, encoding);
  });
}
