import type { Kysely } from 'kysely';
import type { Database } from '../../src/db/schema.ts';
import { randomSecret, sha256 } from '../../src/lib/secrets.ts';
import { createPerson } from '../factories.ts';
import { unique } from './unique.ts';
import type { RequestBuilder, World } from './world.ts';

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

/** A registered webhook, deleted or not. */
async function webhookOf(db: Kysely<Database>, deleted: boolean) {
  const { id } = await db
    .insertInto('webhooks')
    .values({
      url: 'https://93.184.215.14/hook',
      events: ['learner.moved'],
      secret: randomSecret(24),
      deleted_at: deleted ? new Date() : null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/**
 * A learner as Add learner leaves them: in the world's cohort, no password yet, and an open
 * one-time link, whose secret is answered.
 */
async function addedLearner({ db, cohort, coach }: World) {
  const person = await db
    .insertInto('people')
    .values({ username: unique('added'), first_name: 'Added', last_name: 'Learner' })
    .returning(['id'])
    .executeTakeFirstOrThrow();
  await db
    .insertInto('cohort_memberships')
    .values({ cohort_id: cohort.id, person_id: person.id })
    .execute();
  const token = await openLink(db, person.id, coach.id);
  return { person, token };
}

async function openLink(db: Kysely<Database>, personId: number, createdBy: number) {
  const token = randomSecret(24);
  await db
    .insertInto('password_links')
    .values({
      person_id: personId,
      secret_hash: sha256(token),
      created_by: createdBy,
      expires_at: new Date(Date.now() + 86_400_000),
    })
    .execute();
  return token;
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
  'GET /auth/oidc/url': () => ({}),
  'GET /auth/oidc/callback': () => ({ query: { error: 'access_denied' } }),
  'GET /auth/oidc/link': () => ({}),
  'POST /auth/oidc/link': () => ({}),
  'POST /auth/logout': () => ({}),
  'GET /webhooks': () => ({}),
  'POST /webhooks': () => ({
    body: { url: 'https://93.184.215.14/hook', events: ['learner.moved'] },
  }),
  'DELETE /webhooks/:id': async ({ db }) => ({ params: { id: await webhookOf(db, false) } }),
  'POST /webhooks/:id/restore': async ({ db }) => ({ params: { id: await webhookOf(db, true) } }),
  'GET /webhooks/:id/deliveries': async ({ db }) => ({
    params: { id: await webhookOf(db, false) },
  }),
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
  'POST /accounts/learners': ({ cohort }) => ({
    body: {
      first_name: 'New',
      last_name: 'Learner',
      username: unique('learner'),
      cohort: cohort.id,
    },
  }),
  'DELETE /accounts/learners/:id': async (world) => ({
    params: { id: (await addedLearner(world)).person.id },
  }),
  'POST /accounts/learners/:id/password-link': ({ learner }) => ({ params: { id: learner.id } }),
  'GET /accounts/password-link': async (world) => ({
    query: { token: (await addedLearner(world)).token },
  }),
  'POST /accounts/password-link': async (world) => ({
    body: { token: (await addedLearner(world)).token, password: PASSWORD },
  }),
  'GET /invitations': ({ cohort }) => ({
    query: { cohort: cohort.id, v: cohort.invitation_secret },
  }),
  'POST /invitations/accounts': ({ cohort }) => ({
    body: {
      cohort: cohort.id,
      v: cohort.invitation_secret,
      first_name: 'New',
      last_name: 'Learner',
      username: unique('invited'),
      password: PASSWORD,
    },
  }),
  'POST /invitations/join': ({ cohort }) => ({
    body: { cohort: cohort.id, v: cohort.invitation_secret },
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
  'DELETE /foundations/assigncohort/:userId': async ({ db }) => {
    const githubId = unique('8');
    await db
      .insertInto('foundations_learner_profiles')
      .values({
        learner_github_id: githubId,
        learner_name: 'Keisha Moore',
        cohort_type: 'Day',
        cohort_number: 74,
      })
      .execute();
    return { params: { userId: githubId } };
  },
  'PUT /foundations/:slug': () => ({
    params: { slug: 'hello-world' },
    body: { userId: '4242', attempts: 1, completed: true, title: 'Hello World' },
  }),
};
