import type { Kysely } from 'kysely';
import { runStatements } from './run-statements.ts';

// The LTI 1.3 tool (features/lti): the LMS platforms staff registered, our own signing keys (the
// newest is current; a retired one stays published a while so platforms holding it still check
// our signatures), each OIDC login's state and nonce (used once), which LMS user is which of our
// people (by issuer and subject), and each LMS course (context) with the cohort staff linked it
// to, and the LMS gradebook column (line item) of each self-assessment there. Read by no cached answer: not announced on the change feed.
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `create table lti_platforms (
      id integer generated always as identity primary key,
      name text not null,
      issuer text not null,
      client_id text not null,
      authorization_endpoint text not null,
      token_endpoint text not null,
      jwks_url text not null,
      deployment_ids text[] not null,
      created_by integer references people on delete set null,
      created_at timestamptz not null default now(),
      deleted_at timestamptz
    )`,
    `create unique index lti_platforms_client on lti_platforms (issuer, client_id)
      where deleted_at is null`,
    `create table lti_tool_keys (
      kid text primary key,
      public_jwk jsonb not null,
      private_jwk jsonb not null,
      created_at timestamptz not null default now(),
      retired_at timestamptz
    )`,
    `create table lti_logins (
      state_hash text primary key,
      nonce text not null,
      platform_id integer not null references lti_platforms on delete cascade,
      created_at timestamptz not null default now(),
      used_at timestamptz
    )`,
    `create table lti_identities (
      id integer generated always as identity primary key,
      issuer text not null,
      subject text not null,
      person_id integer not null references people on delete cascade,
      linked_by integer references people on delete set null,
      created_at timestamptz not null default now(),
      unique (issuer, subject)
    )`,
    'create index lti_identities_person on lti_identities (person_id)',
    `create table lti_contexts (
      id integer generated always as identity primary key,
      platform_id integer not null references lti_platforms on delete cascade,
      deployment_id text not null,
      context_id text not null,
      title text not null,
      cohort_id integer references cohorts on delete set null,
      memberships_url text,
      lineitems_url text,
      created_at timestamptz not null default now(),
      last_launch_at timestamptz not null default now(),
      unique (platform_id, context_id)
    )`,
    `create table lti_line_items (
      id integer generated always as identity primary key,
      context_id integer not null references lti_contexts on delete cascade,
      assessment_id integer not null references assessments on delete cascade,
      url text not null,
      created_at timestamptz not null default now(),
      unique (context_id, assessment_id)
    )`,
  ]);
}
