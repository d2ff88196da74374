import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { audit } from '../../lib/audit.ts';
import { lockName } from '../../lib/name-lock.ts';
import * as identities from './identities.repository.ts';

/** An LMS user as a launch or a course's roster names them. */
export interface LmsPerson {
  issuer: string;
  subject: string;
  givenName: string;
  familyName: string;
  email: string | null;
}

/** A user name for a new account: the email's local part, else the name, else 'lms-user'. */
function usernameBase(person: LmsPerson) {
  const local = person.email?.split('@')[0] ?? `${person.givenName}.${person.familyName}`;
  const cleaned = local
    .toLowerCase()
    .replace(/[^a-z0-9._-]/g, '')
    .replace(/^[._-]+|[._-]+$/g, '');
  return cleaned.slice(0, 30) || 'lms-user';
}

async function freeUsername(trx: Transaction<Database>, base: string) {
  await lockName(trx, 'username', base);
  for (let suffix = 1; ; suffix += 1) {
    const candidate = suffix === 1 ? base : `${base}${suffix}`;
    const taken = await trx
      .selectFrom('people')
      .select('id')
      .where((eb) => eb(eb.fn('lower', ['username']), '=', candidate))
      .executeTakeFirst();
    if (!taken) return candidate;
  }
}

/** Links an LMS user to an account, once (the issuer and subject are unique). */
export async function linkIdentity(
  trx: Transaction<Database>,
  person: LmsPerson,
  personId: number,
  actorId: number | null,
  by: 'launch' | 'email' | 'roster',
) {
  const identity = { issuer: person.issuer, subject: person.subject };
  await identities.insertIdentity(trx, { ...identity, person_id: personId, linked_by: actorId });
  await audit(trx, {
    actorId: actorId ?? personId,
    action: 'link',
    entity: 'lti_identity',
    entityId: personId,
    after: { ...identity, by },
  });
}

/** A new account for an LMS user, linked to them; `actorId` null when their own launch made it. */
export async function createLmsAccount(
  trx: Transaction<Database>,
  person: LmsPerson,
  isStaff: boolean,
  actorId: number | null,
) {
  const row = await trx
    .insertInto('people')
    .values({
      username: await freeUsername(trx, usernameBase(person)),
      password_hash: null,
      first_name: person.givenName.slice(0, 150),
      last_name: person.familyName.slice(0, 150),
      email: person.email ?? '',
      is_staff: isStaff,
    })
    .returning(['id', 'is_staff'])
    .executeTakeFirstOrThrow();
  const identity = { issuer: person.issuer, subject: person.subject };
  await identities.insertIdentity(trx, { ...identity, person_id: row.id, linked_by: actorId });
  await audit(trx, {
    actorId: actorId ?? row.id,
    action: actorId === null ? 'sign-up' : 'create',
    entity: 'person',
    entityId: row.id,
    after: { ...identity, isStaff },
  });
  return row;
}
