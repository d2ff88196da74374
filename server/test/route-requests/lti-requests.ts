import { randomSecret, sha256 } from '../../src/lib/secrets.ts';
import { FakeLtiPlatform, ROLES } from '../fake-lti-platform.ts';
import { unique } from './unique.ts';
import type { RequestBuilder, World } from './world.ts';

// One fake LMS for the suite: its keys sign the launches' id_tokens.
let shared: Promise<FakeLtiPlatform> | null = null;
const fakePlatform = () => {
  shared ??= new FakeLtiPlatform().start().then((platform) => platform.unref());
  return shared;
};

const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

/** A platform registered in the world, of its own client id (deleted when asked). */
async function platformOf({ db }: World, deleted = false) {
  const lms = await fakePlatform();
  return db
    .insertInto('lti_platforms')
    .values({
      ...lms.registration(unique('LMS ')),
      client_id: unique('client-'),
      deleted_at: deleted ? new Date() : null,
    })
    .returning(['id', 'issuer', 'client_id'])
    .executeTakeFirstOrThrow();
}

/** An LMS course that launched us, linked to the world's cohort when asked, with its roster. */
async function contextOf(world: World, linked = false) {
  const lms = await fakePlatform();
  // The fake checks our client assertions against this app's keys.
  const jwks = `${world.ctx.config.apiPrefix}/lti/jwks`;
  lms.toolKeys = async () => (await world.ctx.request({ method: 'GET', url: jwks })).json();
  const platform = await platformOf(world);
  return world.db
    .insertInto('lti_contexts')
    .values({
      platform_id: platform.id,
      deployment_id: 'deployment-1',
      context_id: unique('course-'),
      title: 'Web Development 101',
      cohort_id: linked ? world.cohort.id : null,
      memberships_url: `${lms.url}/contexts/${lms.course.id}/memberships`,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
}

const loginParams = (platform: { issuer: string; client_id: string }) => ({
  iss: platform.issuer,
  login_hint: 'learner-1',
  target_link_uri: 'http://localhost/api/lti/launch',
  client_id: platform.client_id,
});

/**
 * A launch as the browser posts it after our login initiation: a fresh state and nonce, and the
 * state's cookie that the login left in the browser.
 */
async function launch(world: World) {
  const lms = await fakePlatform();
  const platform = await platformOf(world);
  const state = randomSecret(24);
  const nonce = randomSecret(24);
  await world.db
    .insertInto('lti_logins')
    .values({ state_hash: sha256(state), nonce, platform_id: platform.id })
    .execute();
  const user = {
    sub: unique('lms-user-'),
    given_name: 'Ada',
    family_name: 'Lovelace',
    email: `${unique('ada')}@school.example`,
    roles: ROLES.learner,
  };
  const idToken = await lms.idToken(
    user,
    nonce,
    'http://localhost/api/lti/launch',
    platform.client_id,
  );
  return {
    rawBody: new URLSearchParams({ id_token: idToken, state }).toString(),
    headers: { ...FORM, cookie: `lp_lti_${state}=${state}` },
  };
}

/** The LTI tool: staff's registrations and links, and what the LMS and browsers call. */
export const ltiRequests: Record<string, RequestBuilder> = {
  'GET /lti/tool': () => ({}),
  'POST /lti/tool/keys/rotate': () => ({}),
  'GET /lti/platforms': () => ({}),
  'POST /lti/platforms': () => ({
    body: {
      name: 'Moodle',
      issuer: `https://${unique('moodle')}.school.example`,
      client_id: 'moodle-client',
      authorization_endpoint: 'https://moodle.school.example/mod/lti/auth.php',
      token_endpoint: 'https://moodle.school.example/mod/lti/token.php',
      jwks_url: 'https://moodle.school.example/mod/lti/certs.php',
      deployment_ids: ['1'],
    },
  }),
  'DELETE /lti/platforms/:id': async (world) => ({ params: { id: (await platformOf(world)).id } }),
  'POST /lti/platforms/:id/restore': async (world) => ({
    params: { id: (await platformOf(world, true)).id },
  }),
  'GET /lti/contexts': () => ({}),
  'PUT /lti/contexts/:id/cohort': async (world) => ({
    params: { id: (await contextOf(world)).id },
    body: { cohort_id: world.cohort.id },
  }),
  'POST /lti/contexts/:id/roster': async (world) => ({
    params: { id: (await contextOf(world, true)).id },
    query: { dry_run: true },
  }),
  'GET /lti/identities': () => ({}),
  'PUT /lti/identities/:id/person': async ({ db, learner, otherLearner }) => {
    const identity = await db
      .insertInto('lti_identities')
      .values({
        issuer: unique('https://lms-'),
        subject: 'user-1',
        person_id: learner.id,
        linked_by: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { params: { id: identity.id }, body: { username: otherLearner.username } };
  },
  'GET /lti/jwks': () => ({}),
  'GET /lti/login': async (world) => ({ query: loginParams(await platformOf(world)) }),
  'POST /lti/login': async (world) => ({
    rawBody: new URLSearchParams(loginParams(await platformOf(world))).toString(),
    headers: FORM,
  }),
  'POST /lti/launch': launch,
};
