import { createRemoteJWKSet, errors, type JWTPayload, jwtVerify } from 'jose';
import { CLAIM, LTI_VERSION, RESOURCE_LINK_REQUEST, roleOf } from './launch-claims.ts';

/** A launch refused by a check: its message names the check, for the person and the LMS admin. */
export class LaunchRefusal extends Error {}

interface Platform {
  name: string;
  issuer: string;
  client_id: string;
  jwks_url: string;
  deployment_ids: string[];
}

/** What a launch that passed every check tells us. */
export interface Launch {
  issuer: string;
  subject: string;
  role: 'staff' | 'learner';
  givenName: string;
  familyName: string;
  email: string | null;
  deploymentId: string;
  context: { id: string; title: string } | null;
  membershipsUrl: string | null;
  lineitemsUrl: string | null;
}

// One key set per JWKS URL for the process: jose keeps the keys it fetched and fetches again
// when a token names a key it has not seen (a platform's rotation).
const keySets = new Map<string, ReturnType<typeof createRemoteJWKSet>>();
function keysOf(url: string) {
  let set = keySets.get(url);
  if (!set) {
    set = createRemoteJWKSet(new URL(url), { timeoutDuration: 10_000 });
    keySets.set(url, set);
  }
  return set;
}

const CLOCK_TOLERANCE_S = 60;
// A platform signs an id_token for the launch at hand: one issued long ago is not that.
const MAX_TOKEN_AGE = '1h';

function claimProblem(error: errors.JWTClaimValidationFailed, platform: Platform) {
  switch (error.claim) {
    case 'aud':
      return `The id_token is not meant for this tool: its audience (aud) does not include our client id '${platform.client_id}' at ${platform.name}.`;
    case 'iss':
      return `The id_token's issuer (iss) is not ${platform.issuer}, the platform this launch started with.`;
    case 'iat':
      return error.reason === 'check_failed'
        ? 'The id_token was issued too long ago (iat): launch again from the LMS.'
        : `The id_token's issue time (iat) is missing or invalid.`;
    case 'exp':
      return `The id_token's expiry time (exp) is missing or invalid.`;
    case 'nbf':
      return 'The id_token is not valid yet (nbf): check the clocks of the LMS and this server.';
    default:
      return `The id_token's claim ${error.claim} is not valid (${error.reason}).`;
  }
}

/** Verifies the id_token's signature and its registered claims; the refusal names what failed. */
async function verified(idToken: string, platform: Platform): Promise<JWTPayload> {
  try {
    const { payload } = await jwtVerify(idToken, keysOf(platform.jwks_url), {
      issuer: platform.issuer,
      audience: platform.client_id,
      algorithms: ['RS256'],
      clockTolerance: CLOCK_TOLERANCE_S,
      maxTokenAge: MAX_TOKEN_AGE,
      requiredClaims: ['exp', 'iat'],
    });
    return payload;
  } catch (error) {
    if (error instanceof errors.JWTExpired)
      throw new LaunchRefusal(
        'The id_token has expired (its exp is in the past): launch again from the LMS.',
      );
    if (error instanceof errors.JWTClaimValidationFailed)
      throw new LaunchRefusal(claimProblem(error, platform));
    if (error instanceof errors.JWSSignatureVerificationFailed)
      throw new LaunchRefusal(
        `The id_token's signature does not verify with the keys of ${platform.name} (${platform.jwks_url}).`,
      );
    if (error instanceof errors.JWKSNoMatchingKey)
      throw new LaunchRefusal(
        `No key of ${platform.name} (${platform.jwks_url}) matches the id_token's key id (kid).`,
      );
    if (error instanceof errors.JOSEAlgNotAllowed)
      throw new LaunchRefusal('The id_token is not signed with RS256, as LTI requires.');
    if (error instanceof errors.JWSInvalid || error instanceof errors.JWTInvalid)
      throw new LaunchRefusal('The id_token is not a signed JWT.');
    // The platform's key set could not be fetched or read.
    throw new LaunchRefusal(
      `The keys of ${platform.name} could not be read from ${platform.jwks_url}: ${error instanceof Error ? error.message : String(error)}.`,
    );
  }
}

const text = (value: unknown) => (typeof value === 'string' ? value : null);
const record = (value: unknown) =>
  value !== null && typeof value === 'object' ? (value as Record<string, unknown>) : null;

/** The LTI checks after the signature: azp, nonce, deployment, message type, version, roles. */
function launchOf(payload: JWTPayload, platform: Platform, nonce: string): Launch {
  const audiences = Array.isArray(payload.aud) ? payload.aud : [payload.aud];
  if ((audiences.length > 1 || payload.azp !== undefined) && payload.azp !== platform.client_id)
    throw new LaunchRefusal(
      `The id_token's authorized party (azp) is not our client id '${platform.client_id}'.`,
    );
  if (payload.nonce !== nonce)
    throw new LaunchRefusal(
      "The id_token's nonce is not the one this launch's login gave the platform.",
    );
  const deploymentId = text(payload[CLAIM.deploymentId]);
  if (!deploymentId) throw new LaunchRefusal('The launch names no deployment (deployment_id).');
  if (!platform.deployment_ids.includes(deploymentId))
    throw new LaunchRefusal(
      `The deployment '${deploymentId}' is not registered for ${platform.name}: staff add it under LMS platforms.`,
    );
  const messageType = payload[CLAIM.messageType];
  if (messageType !== RESOURCE_LINK_REQUEST)
    throw new LaunchRefusal(
      `The message type is '${String(messageType ?? 'missing')}', not ${RESOURCE_LINK_REQUEST}: this tool takes resource link launches.`,
    );
  const version = payload[CLAIM.version];
  if (version !== LTI_VERSION)
    throw new LaunchRefusal(
      `The LTI version is '${String(version ?? 'missing')}', not ${LTI_VERSION}.`,
    );
  if (!record(payload[CLAIM.resourceLink])?.id)
    throw new LaunchRefusal('The launch names no resource link (resource_link.id).');
  const subject = text(payload.sub);
  if (!subject)
    throw new LaunchRefusal('The launch names no user (sub): anonymous launches cannot sign in.');
  const roles = payload[CLAIM.roles];
  const roleList = Array.isArray(roles) ? roles.filter((role) => typeof role === 'string') : [];
  const role = roleOf(roleList);
  if (!role)
    throw new LaunchRefusal(
      `Your LMS role (${roleList.join(', ') || 'none'}) has no place here: only instructors, teaching assistants and learners can sign in.`,
    );
  const context = record(payload[CLAIM.context]);
  const contextId = text(context?.id);
  return {
    issuer: platform.issuer,
    subject,
    role,
    givenName: text(payload.given_name) ?? '',
    familyName: text(payload.family_name) ?? '',
    email: text(payload.email),
    deploymentId,
    context: contextId
      ? { id: contextId, title: text(context?.title) ?? text(context?.label) ?? contextId }
      : null,
    membershipsUrl: text(record(payload[CLAIM.namesRoles])?.context_memberships_url),
    lineitemsUrl: text(record(payload[CLAIM.gradeEndpoint])?.lineitems),
  };
}

/** Checks an id_token for the platform and nonce of its login; a LaunchRefusal names a failure. */
export async function checkLaunch(idToken: string, platform: Platform, nonce: string) {
  return launchOf(await verified(idToken, platform), platform, nonce);
}
