import { type Static, Type } from 'typebox';
import { Nullable, Timestamp, WebUrl } from './common.ts';

/*
 * The LTI 1.3 tool (IMS LTI Core 1.3, IMS Security Framework): a school's LMS (Canvas, Moodle,
 * Brightspace, Blackboard) launches the platform, which signs the person in.
 *
 * Staff (learners 403):
 * GET /lti/tool → 200 LtiTool: what to register on the LMS side (login initiation, launch and
 *   JWKS URLs) and our signing keys.
 * POST /lti/tool/keys/rotate → 200 LtiTool: a new key signs from now on; the old one stays
 *   published in the JWKS for LTI_RETIRED_KEY_DAYS days, so platforms that cached it still check.
 * GET /lti/platforms → 200 LtiPlatform[] (registered first first; deleted ones left out).
 * POST /lti/platforms LtiPlatformBody → 201 LtiPlatform; 409 when the issuer and client id are
 *   registered already.
 * DELETE /lti/platforms/{id} → 200 LtiPlatform: launches from it are refused; undone by
 *   POST /lti/platforms/{id}/restore (409 when another registration took its issuer and client id).
 * GET /lti/contexts → 200 LtiContext[]: the LMS courses that launched us, newest launch first.
 * PUT /lti/contexts/{id}/cohort {cohort_id} → 200 LtiContext: links the course to a cohort (null
 *   unlinks; the web's Undo puts the earlier value back). 404 unknown context or cohort.
 *
 * Anyone (the LMS and the person's browser):
 * GET /lti/jwks → 200 {keys}: our public keys (RS256).
 * GET or POST /lti/login LtiLoginParams (query, or a form) → 302 to the platform's authorization
 *   endpoint (OIDC third-party login initiation); the state and nonce are kept for one launch.
 * POST /lti/launch (form: id_token, state) → 302 to the client's /auth/lti?code=… (the one-time
 *   code is traded for a session by POST /auth/github, as after GitHub sign-in; `cohort` names the
 *   linked cohort for staff). A launch that fails a check is a 400 naming the check: an HTML page
 *   for a browser (Accept: text/html), else {message}.
 */

/** How long a retired signing key stays in the JWKS. */
export const LTI_RETIRED_KEY_DAYS = 7;

/** The deployment ids of a platform: each 1–255 characters, at least one. */
const DeploymentIds = Type.Array(Type.String({ minLength: 1, maxLength: 255 }), {
  minItems: 1,
  maxItems: 50,
  uniqueItems: true,
});

export const LtiPlatformBody = Type.Object({
  /** How staff call it: 'Canvas (district)'. */
  name: Type.String({ minLength: 1, maxLength: 100 }),
  /** The platform's issuer (`iss` of its id_tokens), an https URL as LTI requires. */
  issuer: WebUrl(255),
  /** The client id the platform gave this tool. */
  client_id: Type.String({ minLength: 1, maxLength: 255 }),
  authorization_endpoint: WebUrl(1000),
  token_endpoint: WebUrl(1000),
  jwks_url: WebUrl(1000),
  deployment_ids: DeploymentIds,
});
export type LtiPlatformBody = Static<typeof LtiPlatformBody>;

export const LtiPlatform = Type.Intersect([
  Type.Object({ id: Type.Integer() }),
  LtiPlatformBody,
  Type.Object({ created_at: Timestamp, deleted_at: Nullable(Timestamp) }),
]);
export type LtiPlatform = Static<typeof LtiPlatform>;
export const LtiPlatformList = Type.Array(LtiPlatform);
export type LtiPlatformList = Static<typeof LtiPlatformList>;

export const LtiKey = Type.Object({
  kid: Type.String(),
  created_at: Timestamp,
  /** Null for the current key; a retired key is published until LTI_RETIRED_KEY_DAYS after. */
  retired_at: Nullable(Timestamp),
});
export type LtiKey = Static<typeof LtiKey>;

export const LtiTool = Type.Object({
  /** OIDC third-party login initiation URL. */
  login_url: Type.String(),
  /** The launch (redirect) URL, also the target link URI. */
  launch_url: Type.String(),
  /** Our public keys. */
  jwks_url: Type.String(),
  /** Newest first; the published ones. */
  keys: Type.Array(LtiKey),
});
export type LtiTool = Static<typeof LtiTool>;

export const LtiContext = Type.Object({
  id: Type.Integer(),
  platform_id: Type.Integer(),
  platform_name: Type.String(),
  /** The LMS's id of the course. */
  context_id: Type.String(),
  title: Type.String(),
  cohort_id: Nullable(Type.Integer()),
  cohort_name: Nullable(Type.String()),
  /** Whether the LMS offers its roster (Names and Role Provisioning Services). */
  has_roster: Type.Boolean(),
  /** Whether the LMS takes grades (Assignment and Grade Services). */
  takes_grades: Type.Boolean(),
  last_launch_at: Timestamp,
});
export type LtiContext = Static<typeof LtiContext>;
export const LtiContextList = Type.Array(LtiContext);
export type LtiContextList = Static<typeof LtiContextList>;

export const LtiContextCohortBody = Type.Object({
  cohort_id: Nullable(Type.Integer({ minimum: 1, maximum: 2147483647 })),
});
export type LtiContextCohortBody = Static<typeof LtiContextCohortBody>;

const Hint = (maxLength: number) => Type.String({ minLength: 1, maxLength });

/** The OIDC third-party login initiation's parameters (LTI Core 1.3 §4.1). */
export const LtiLoginParams = Type.Object({
  iss: Hint(255),
  login_hint: Hint(2000),
  target_link_uri: Hint(2000),
  lti_message_hint: Type.Optional(Hint(4000)),
  client_id: Type.Optional(Hint(255)),
  lti_deployment_id: Type.Optional(Hint(255)),
});
export type LtiLoginParams = Static<typeof LtiLoginParams>;

/** What the platform posts to the launch URL (form_post). */
export const LtiLaunchForm = Type.Object({
  id_token: Hint(100_000),
  state: Hint(200),
});
export type LtiLaunchForm = Static<typeof LtiLaunchForm>;

export const Jwks = Type.Object({
  keys: Type.Array(Type.Record(Type.String(), Type.String())),
});
export type Jwks = Static<typeof Jwks>;

/*
 * Which account each LMS user signs in to (staff):
 * GET /lti/identities → 200 LtiIdentity[] (the newest 200 links first).
 * PUT /lti/identities/{id}/person {username} → 200 LtiIdentity: the LMS user signs in to the
 *   account of that user name from now on (the web's Undo links the earlier one back). 404 unknown
 *   link or user name; 409 when that account is linked to another user of the same LMS.
 */
export const LtiIdentity = Type.Object({
  id: Type.Integer(),
  issuer: Type.String(),
  /** The LMS's id of the user (sub). */
  subject: Type.String(),
  person_id: Type.Integer(),
  name: Type.String(),
  username: Type.String(),
  is_staff: Type.Boolean(),
  /** True when staff linked it (here, or by a roster sync); false when the person's launch did. */
  linked_by_staff: Type.Boolean(),
  created_at: Timestamp,
});
export type LtiIdentity = Static<typeof LtiIdentity>;
export const LtiIdentityList = Type.Array(LtiIdentity);
export type LtiIdentityList = Static<typeof LtiIdentityList>;

export const LtiIdentityLinkBody = Type.Object({
  username: Type.String({ minLength: 1, maxLength: 150 }),
});
export type LtiIdentityLinkBody = Static<typeof LtiIdentityLinkBody>;
