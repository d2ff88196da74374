import type { Kysely } from 'kysely';
import { runStatements } from './run-statements.ts';

// Sign-in through the school's OpenID Connect provider (features/oidc). A sign-in attempt is a
// sign_in_grants row as GitHub's are (its state, then the one-time code the client trades for a
// token), with the PKCE verifier and nonce it was started with, and, when a signed-in person
// links their school account, whose account it links. An account's school identity is kept by
// the provider's issuer and subject, one per account and provider. Read by no cached answer:
// not announced.
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `alter table sign_in_grants
      add column oidc_verifier text,
      add column oidc_nonce text,
      add column linking_person_id integer references people on delete cascade`,
    `create table oidc_identities (
      issuer text not null,
      subject text not null,
      person_id integer not null references people on delete cascade,
      email text,
      linked_at timestamptz not null default now(),
      primary key (issuer, subject),
      unique (person_id, issuer)
    )`,
  ]);
}
