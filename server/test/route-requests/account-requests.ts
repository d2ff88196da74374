import type { Kysely } from 'kysely';
import type { Database } from '../../src/db/schema.ts';
import { randomSecret, sha256 } from '../../src/lib/secrets.ts';
import { createPerson } from '../factories.ts';
import { unique } from './unique.ts';
import type { RequestBuilder } from './world.ts';

const PASSWORD = 'correct horse battery';

/** A live API token of the staff member (the coach, another staff member, gets 404). */
async function apiTokenOf(db: Kysely<Database>, personId: number) {
  const { id } = await db
    .insertInto('api_tokens')
    .values({
      person_id: personId,
      name: unique('script '),
      scope: 'write',
      token_hash: sha256(randomSecret(24)),
      expires_at: new Date(Date.now() + 86_400_000),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/** Health, sign-in, profile, accounts and Foundations. */
export const accountRequests: Record<string, RequestBuilder> = {
  'GET /health': () => ({}),
  'GET /auth/options': () => ({}),
  'POST /accounts/verify': async ({ db }) => {
    const person = await createPerson(db, { password: PASSWORD });
    return { body: { username: person.username, password: PASSWORD } };
  },
  'GET /auth/github/url': () => ({}),
  'GET /auth/github/callback': () => ({ query: { error: 'access_denied' } }),
  'POST /auth/github': async ({ db, learner }) => {
    const code = randomSecret(24);
    await db
      .insertInto('sign_in_grants')
      .values({ state: randomSecret(24), code_hash: sha256(code), person_id: learner.id })
      .execute();
    return { body: { code } };
  },
  'POST /auth/logout': () => ({}),
  'GET /api-tokens': () => ({}),
  'POST /api-tokens': () => ({
    body: { name: unique('script '), scope: 'read', expires_in_days: 30 },
  }),
  'DELETE /api-tokens/:id': async ({ db, staff }) => ({
    params: { id: await apiTokenOf(db, staff.id) },
  }),
  'GET /api-tokens/:id/uses': async ({ db, staff }) => ({
    params: { id: await apiTokenOf(db, staff.id) },
  }),
  'GET /profile': () => ({}),
  'PUT /profile/change': () => ({ body: { firstName: 'Ada', lastName: 'Lovelace' } }),
  'POST /users': () => ({
    body: { username: unique('user'), password: PASSWORD, first_name: 'New', last_name: 'Person' },
  }),
  'GET /foundations': () => ({}),
  'PUT /foundations/assigncohort': async ({ db }) => {
    const githubId = unique('7');
    await db
      .insertInto('foundations_exercises')
      .values({ learner_github_id: githubId, learner_name: 'Keisha Moore', slug: 'hello-world' })
      .execute();
    return { body: { userId: githubId, cohortType: 'Day', cohortNumber: 74 } };
  },
  'PUT /foundations/:slug': () => ({
    params: { slug: 'hello-world' },
    body: { userId: '4242', attempts: 1, completed: true, title: 'Hello World' },
  }),
};
