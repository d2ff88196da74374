import type { LtiIdentity } from '@lp/contract/lti';
import type { FastifyInstance } from 'fastify';
import { audit } from '../../lib/audit.ts';
import { isoTimestamp } from '../../lib/dates.ts';
import { conflict, notFound } from '../../lib/http-errors.ts';
import { lockName } from '../../lib/name-lock.ts';
import type { SignedInPerson } from '../../plugins/principal.ts';
import * as identities from './identities.repository.ts';

type Row = NonNullable<Awaited<ReturnType<typeof identities.findIdentityById>>>;

const identityOf = (row: Row): LtiIdentity => ({
  ...row,
  created_at: isoTimestamp(row.created_at),
});

export async function listIdentities(app: FastifyInstance) {
  return (await identities.listIdentities(app.db)).map(identityOf);
}

/**
 * Staff link an LMS user to an existing account (a launch made a new one, their email here
 * differing): their launches sign in to it from now on. One LMS user of an issuer per account.
 */
export async function linkIdentityTo(
  app: FastifyInstance,
  caller: SignedInPerson,
  id: number,
  username: string,
) {
  return app.db.transaction().execute(async (trx) => {
    const before = await identities.lockIdentity(trx, id);
    if (!before) throw notFound('LMS user link');
    const person = await identities.findPersonByUsername(trx, username);
    if (!person) throw notFound(`An account with user name '${username.trim()}'`);
    // Links to one account take turns, so it never gets two users of one LMS.
    await lockName(trx, 'lti-account', `${before.issuer} ${person.id}`);
    const other = await identities.otherIdentityOf(trx, before.issuer, person.id, id);
    if (other)
      throw conflict(
        `${person.username} is linked to another user of this LMS (${other.subject}).`,
      );
    await identities.relinkIdentity(trx, id, person.id, caller.id);
    await audit(trx, {
      actorId: caller.id,
      action: 'link',
      entity: 'lti_identity',
      entityId: id,
      before: { person_id: before.person_id },
      after: { person_id: person.id },
    });
    const row = await identities.findIdentityById(trx, id);
    if (!row) throw notFound('LMS user link');
    return identityOf(row);
  });
}
