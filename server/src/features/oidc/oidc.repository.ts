import type { Db } from '../../db/schema.ts';

export const createGrant = (
  db: Db,
  values: { state: string; verifier: string; nonce: string; linkingPersonId: number | null },
) =>
  db
    .insertInto('sign_in_grants')
    .values({
      state: values.state,
      oidc_verifier: values.verifier,
      oidc_nonce: values.nonce,
      linking_person_id: values.linkingPersonId,
    })
    .execute();

/**
 * The school sign-in attempt of this state, not answered yet and begun since `notBefore`, taken
 * (marked used) so that a second callback with the same state finds none.
 */
export const takeOpenGrant = (db: Db, state: string, notBefore: Date) =>
  db
    .updateTable('sign_in_grants')
    .set({ used_at: new Date() })
    .where('state', '=', state)
    .where('oidc_verifier', 'is not', null)
    .where('used_at', 'is', null)
    .where('code_hash', 'is', null)
    .where('created_at', '>', notBefore)
    .returning(['id', 'state', 'oidc_verifier', 'oidc_nonce', 'linking_person_id'])
    .executeTakeFirst();

/** Gives the grant whom it signs in and its one-time code, traded as GitHub's are (features/auth). */
export const attachCode = (db: Db, grantId: number, personId: number, codeHash: string) =>
  db
    .updateTable('sign_in_grants')
    .set({ person_id: personId, code_hash: codeHash, used_at: null })
    .where('id', '=', grantId)
    .execute();

export const personOfIdentity = (db: Db, issuer: string, subject: string) =>
  db
    .selectFrom('oidc_identities as i')
    .innerJoin('people as p', 'p.id', 'i.person_id')
    .select(['p.id', 'p.is_active'])
    .where('i.issuer', '=', issuer)
    .where('i.subject', '=', subject)
    .executeTakeFirst();

/** The accounts with this email address (any case); at most two, enough to tell one from many. */
export const peopleWithEmail = (db: Db, email: string) =>
  db
    .selectFrom('people')
    .select(['id', 'is_active'])
    .where((eb) => eb(eb.fn('lower', ['email']), '=', email.toLowerCase()))
    .limit(2)
    .execute();

/** Links the identity to the person, replacing their earlier link with this provider. */
export async function link(
  db: Db,
  identity: { issuer: string; subject: string; email: string | null },
  personId: number,
) {
  await db
    .deleteFrom('oidc_identities')
    .where('person_id', '=', personId)
    .where('issuer', '=', identity.issuer)
    .execute();
  await db
    .insertInto('oidc_identities')
    .values({
      issuer: identity.issuer,
      subject: identity.subject,
      email: identity.email,
      person_id: personId,
    })
    .execute();
}

export const linkOf = (db: Db, personId: number, issuer: string) =>
  db
    .selectFrom('oidc_identities')
    .select(['email'])
    .where('person_id', '=', personId)
    .where('issuer', '=', issuer)
    .executeTakeFirst();
