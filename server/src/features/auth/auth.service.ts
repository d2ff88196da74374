import type { FastifyInstance } from 'fastify';
import type { Transaction } from 'kysely';
import type { Database, Db } from '../../db/schema.ts';
import { GithubClient, type GithubUser } from '../../integrations/github.ts';
import { enqueue } from '../../jobs/queue.ts';
import { audit } from '../../lib/audit.ts';
import { badRequest, HttpError } from '../../lib/http-errors.ts';
import { lockName } from '../../lib/name-lock.ts';
import { githubCallbackUrl } from '../../lib/public-urls.ts';
import { randomSecret, sha256, verifyPassword } from '../../lib/secrets.ts';
import { recordBoardChange } from '../board/index.ts';
import { acceptInvitation, currentMemberships, type EnrolResult } from '../cohorts/index.ts';
import * as repo from './auth.repository.ts';
import { invitationStep } from './auth.steps.ts';
import {
  forgetFailures,
  recordFailure,
  refuseWhenLimited,
  type SignInAttempt,
} from './sign-in-failures.ts';
import { issueToken } from './tokens.ts';

const STATE_LIFETIME_MS = 10 * 60_000;
const CODE_LIFETIME_MS = 2 * 60_000;

export function githubClient(app: FastifyInstance) {
  return new GithubClient(app.config.github);
}

/**
 * With OIDC_REQUIRED_FOR_STAFF, a staff account signs in only with the school's provider
 * (features/oidc): a 403 that says so, shown on the sign-in page. Checked once the account is
 * known, so it tells nothing to a caller who has not proved who they are.
 */
function refuseStaffUnlessSchool(app: FastifyInstance, way: 'password' | 'GitHub') {
  const school = app.config.oidc;
  if (school?.requiredForStaff)
    throw new HttpError(
      403,
      `Staff accounts sign in with ${school.name} on this server, not with ${way === 'password' ? 'a password' : 'GitHub'}. Use "Sign in with ${school.name}".`,
    );
}

export async function signInWithPassword(
  app: FastifyInstance,
  attempt: SignInAttempt & { password: string },
) {
  if (!app.config.passwordSignIn)
    throw new HttpError(403, 'Password sign-in is turned off on this server.');
  await refuseWhenLimited(app, attempt);
  const person = await repo.findByUsername(app.db, attempt.username);
  const valid = await verifyPassword(attempt.password, person?.password_hash ?? null);
  if (!person || !valid || !person.is_active) {
    await recordFailure(app, attempt);
    throw badRequest('Unable to log in with provided credentials.');
  }
  await forgetFailures(app, attempt);
  if (person.is_staff) refuseStaffUnlessSchool(app, 'password');
  return issueToken(app.db, person.id);
}

/** Starts a GitHub sign-in: remembers the state and any invitation it carries. */
export async function startGithubSignIn(
  app: FastifyInstance,
  cohortId: number | undefined,
  invitation: string | undefined,
) {
  const github = githubClient(app);
  if (!github.oauthConfigured)
    throw new HttpError(503, 'GitHub sign-in is not configured on this server.');
  const state = randomSecret(24);
  await repo.createGrant(app.db, {
    state,
    cohort_id: cohortId ?? null,
    invitation: invitation ?? null,
  });
  return github.authorizeUrl(state, githubCallbackUrl(app));
}

/** What a card shows that GitHub now says otherwise, in words for its live mark, or null. */
function githubChangeShown(
  before: { github_login: string | null; avatar_url: string | null },
  user: GithubUser,
): string | null {
  if (before.avatar_url !== user.avatar_url) return 'new avatar';
  if (before.github_login !== user.login) return 'new GitHub handle';
  return null;
}

/**
 * A learner whom staff imported by GitHub login (features/cohort-csv) signs in to that account,
 * not to a new one: the account is linked to their GitHub id. Its id, or undefined when there is
 * no such account.
 */
async function claimImportedAccount(trx: Transaction<Database>, user: GithubUser) {
  await lockName(trx, 'github-login', user.login);
  const imported = await repo.findUnclaimedByLogin(trx, user.login);
  if (!imported) return undefined;
  if (!imported.is_active) throw new HttpError(403, 'This account is deactivated.');
  await repo.claimForGithubUser(trx, imported.id, user);
  await audit(trx, {
    actorId: imported.id,
    action: 'claim',
    entity: 'person',
    entityId: imported.id,
    after: { login: user.login, github_id: user.id },
  });
  const shown = githubChangeShown(imported, user);
  if (shown)
    await recordBoardChange(trx, {
      studentId: imported.id,
      kind: 'detail',
      summary: shown,
      actorId: imported.id,
    });
  return imported.id;
}

/**
 * Finishes the GitHub side of sign-in: checks the state, finds or creates the person, honours the
 * invitation, and returns a one-time code for the client to trade for a token, with why the
 * invitation enrolled no one, if it did not.
 */
export async function completeGithubSignIn(app: FastifyInstance, code: string, state: string) {
  const grant = await repo.findOpenGrantByState(
    app.db,
    state,
    new Date(Date.now() - STATE_LIFETIME_MS),
  );
  if (!grant)
    throw badRequest('The sign-in link has expired or was already used. Please sign in again.');
  const github = githubClient(app);
  const accessToken = await github.exchangeCode(code, githubCallbackUrl(app));
  const user = await github.currentUser(accessToken);
  const oneTimeCode = randomSecret(24);

  const invitation = await app.db.transaction().execute(async (trx) => {
    // Two tabs signing the same new GitHub user in at once create one person, not a conflict.
    await lockName(trx, 'github-user', String(user.id));
    const existing = await repo.findByGithubId(trx, user.id);
    let id: number;
    if (existing) {
      if (!existing.is_active) throw new HttpError(403, 'This account is deactivated.');
      if (existing.is_staff) refuseStaffUnlessSchool(app, 'GitHub');
      await repo.refreshGithubFields(trx, existing.id, user);
      id = existing.id;
      const shown = githubChangeShown(existing, user);
      // A learner's card shows the avatar and the GitHub handle: their board hears of a new one.
      if (shown)
        await recordBoardChange(trx, {
          studentId: id,
          kind: 'detail',
          summary: shown,
          actorId: id,
        });
    } else {
      // Staff status comes only from the server's allow-list, never from the sign-in link.
      const isStaff = app.config.staffGithubLogins.includes(user.login.toLowerCase());
      if (isStaff) refuseStaffUnlessSchool(app, 'GitHub');
      const claimed = isStaff ? undefined : await claimImportedAccount(trx, user);
      if (claimed !== undefined) {
        id = claimed;
      } else {
        const username = await repo.uniqueUsername(trx, user.login);
        id = (await repo.insertGithubPerson(trx, user, username, isStaff)).id;
        await audit(trx, {
          actorId: id,
          action: 'sign-up',
          entity: 'person',
          entityId: id,
          after: { login: user.login, isStaff },
        });
      }
    }
    const invitation =
      grant.cohort_id === null
        ? null
        : invitationNotice(await acceptInvitation(trx, id, grant.cohort_id, grant.invitation));
    if (!(await repo.attachCode(trx, grant.id, id, sha256(oneTimeCode))))
      throw badRequest('The sign-in link has expired or was already used. Please sign in again.');
    // Queued with the enrolment, so that no committed sign-in goes without its invitation.
    await inviteToOrganization(app, trx, id, user.login);
    return invitation;
  });
  return { code: oneTimeCode, invitation };
}

/**
 * Why an invitation enrolled no one, for the client's sign-in page to say: its secret was
 * renewed (or never right), the person is in another cohort already, or they are staff.
 */
type InvitationNotice = 'invalid' | 'other-cohort' | 'staff';

function invitationNotice(outcome: EnrolResult | 'invalid-invitation'): InvitationNotice | null {
  if (outcome === 'invalid-invitation') return 'invalid';
  if (outcome === 'in-another-cohort') return 'other-cohort';
  if (outcome === 'staff') return 'staff';
  return null;
}

/** Queues the GitHub organisation invitation of the learner's cohort, unless they are in it. */
async function inviteToOrganization(
  app: FastifyInstance,
  trx: Transaction<Database>,
  personId: number,
  login: string,
) {
  const github = githubClient(app);
  if (!github.apiConfigured) return;
  const row = await currentMemberships(trx)
    .innerJoin('cohort_info', 'cohort_info.cohort_id', 'm.cohort_id')
    .select(['m.cohort_id', 'cohort_info.student_organization_url', 'm.is_github_org_member'])
    .where('m.person_id', '=', personId)
    .executeTakeFirst();
  const org = row?.student_organization_url?.replace(/\/+$/, '').split('/').pop();
  if (!row || !org || row.is_github_org_member) return;
  await enqueue(trx, {
    kind: 'organisation-invitation',
    cohortId: row.cohort_id,
    learnerId: personId,
    createdBy: personId,
    steps: [invitationStep({ org, login })],
  });
}

export async function exchangeOneTimeCode(app: FastifyInstance, code: string) {
  const grant = await repo.consumeCode(
    app.db,
    sha256(code),
    new Date(Date.now() - STATE_LIFETIME_MS - CODE_LIFETIME_MS),
  );
  if (!grant?.person_id) throw badRequest('code is invalid or has expired. Please sign in again.');
  return issueToken(app.db, grant.person_id);
}

export async function signOut(app: FastifyInstance, tokenId: number) {
  await repo.revokeToken(app.db, tokenId);
  // Answered once the change feed heard the revocation, so no process accepts the token after.
  await app.changes.settled();
}

/**
 * A one-time code for a sign-in completed elsewhere (an LTI launch, features/lti): the client
 * trades it for a token by POST /auth/github, as after GitHub sign-in, within the same minutes.
 */
export async function issueSignInCode(db: Db, personId: number) {
  const code = randomSecret(24);
  await repo.createGrant(db, {
    state: randomSecret(24),
    cohort_id: null,
    invitation: null,
    person_id: personId,
    code_hash: sha256(code),
  });
  return code;
}
