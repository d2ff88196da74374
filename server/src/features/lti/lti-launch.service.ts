import type { LtiLoginParams } from '@lp/contract/lti';
import type { FastifyInstance } from 'fastify';
import { clientPageUrl } from '../../lib/public-urls.ts';
import { randomSecret, sha256 } from '../../lib/secrets.ts';
import { issueSignInCode } from '../auth/index.ts';
import { checkLaunch, LaunchRefusal } from './launch-checks.ts';
import { launchPerson } from './launch-person.ts';
import * as repo from './lti.repository.ts';
import { ltiUrls } from './lti-urls.ts';

// A login's state is good for one launch within these minutes.
const LOGIN_LIFETIME_MS = 10 * 60_000;

/**
 * The OIDC third-party login initiation: finds the platform, keeps a state and a nonce for the
 * launch, and answers where to send the browser (the platform's authorization endpoint).
 */
export async function startLogin(app: FastifyInstance, params: LtiLoginParams) {
  const platforms = await repo.platformsOfIssuer(app.db, params.iss, params.client_id);
  const [platform] = platforms;
  if (!platform)
    throw new LaunchRefusal(
      `No LMS platform with issuer ${params.iss}${params.client_id ? ` and client id '${params.client_id}'` : ''} is registered here: staff register it under LMS platforms.`,
    );
  if (platforms.length > 1)
    throw new LaunchRefusal(
      `Several platforms of issuer ${params.iss} are registered: the LMS must send its client_id.`,
    );
  if (params.lti_deployment_id && !platform.deployment_ids.includes(params.lti_deployment_id))
    throw new LaunchRefusal(
      `The deployment '${params.lti_deployment_id}' is not registered for ${platform.name}: staff add it under LMS platforms.`,
    );
  const state = randomSecret(24);
  const nonce = randomSecret(24);
  await repo.forgetOldLogins(app.db);
  await repo.insertLogin(app.db, { state_hash: sha256(state), nonce, platform_id: platform.id });
  const query = new URLSearchParams({
    scope: 'openid',
    response_type: 'id_token',
    response_mode: 'form_post',
    prompt: 'none',
    client_id: platform.client_id,
    redirect_uri: ltiUrls(app).launch_url,
    login_hint: params.login_hint,
    state,
    nonce,
  });
  if (params.lti_message_hint) query.set('lti_message_hint', params.lti_message_hint);
  const separator = platform.authorization_endpoint.includes('?') ? '&' : '?';
  return `${platform.authorization_endpoint}${separator}${query}`;
}

/**
 * The launch: the state names the login (and so the platform and nonce), the id_token passes
 * every check, its nonce is spent, and its user is signed in. Answers the client page that
 * trades the one-time code for a session.
 */
export async function completeLaunch(
  app: FastifyInstance,
  form: { id_token: string; state: string },
) {
  const stateHash = sha256(form.state);
  const login = await repo.findLogin(app.db, stateHash);
  if (!login || login.created_at.getTime() < Date.now() - LOGIN_LIFETIME_MS)
    throw new LaunchRefusal(
      'The launch has no known state (it expired, or did not start with our login initiation): launch again from the LMS.',
    );
  if (login.used_at)
    throw new LaunchRefusal(
      'This launch was already used: its nonce is spent, and a launch signs in once. Launch again from the LMS.',
    );
  const platform = await repo.findPlatform(app.db, login.platform_id);
  if (!platform || platform.deleted_at)
    throw new LaunchRefusal('The LMS platform of this launch is no longer registered here.');
  const launch = await checkLaunch(form.id_token, platform, login.nonce);
  const { code, cohortId } = await app.db.transaction().execute(async (trx) => {
    if (!(await repo.useLogin(trx, stateHash)))
      throw new LaunchRefusal(
        'This launch was already used: its nonce is spent, and a launch signs in once. Launch again from the LMS.',
      );
    const signedIn = await launchPerson(trx, launch, platform.id);
    return {
      code: await issueSignInCode(trx, signedIn.personId),
      cohortId: launch.role === 'staff' ? signedIn.cohortId : null,
    };
  });
  const query: Record<string, string> = { code };
  if (cohortId !== null) query.cohort = String(cohortId);
  return clientPageUrl(app, '/auth/lti', query);
}
