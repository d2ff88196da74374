import type {
  InvitationAccountBody,
  InvitationInfo,
  JoinBody,
  JoinResult,
} from '@lp/contract/accounts';
import type { FastifyInstance } from 'fastify';
import { GithubClient } from '../../integrations/github.ts';
import { audit } from '../../lib/audit.ts';
import { conflict, HttpError } from '../../lib/http-errors.ts';
import { fullName } from '../../lib/names.ts';
import { hashPassword } from '../../lib/secrets.ts';
import type { SignedInPerson } from '../../plugins/principal.ts';
import { acceptInvitation, findInvitedCohort, INVALID_INVITATION } from '../cohorts/index.ts';
import { claimUsername } from './learner-accounts.service.ts';
import * as repo from './users.repository.ts';

// A cohort's invitation link where the person has to be there: on a server without GitHub
// sign-in the newcomer chooses a user name and password, and a signed-in learner joins as
// themselves. A link whose secret is not the cohort's current one is refused in words.

const invalid = () => new HttpError(404, INVALID_INVITATION);

export async function invitationInfo(
  app: FastifyInstance,
  cohortId: number,
  secret: string,
): Promise<InvitationInfo> {
  const cohort = await findInvitedCohort(app.db, cohortId, secret);
  if (!cohort) throw invalid();
  return {
    cohort,
    github: new GithubClient(app.config.github).oauthConfigured,
    password: app.config.passwordSignIn,
  };
}

/** A newcomer's account with a password, enrolled in the invitation's cohort. */
export async function createInvitedAccount(app: FastifyInstance, body: InvitationAccountBody) {
  if (!app.config.passwordSignIn)
    throw new HttpError(
      403,
      'Password sign-in is turned off on this server, so no account can be made with a password here. Ask your instructor how to join.',
    );
  const username = body.username.trim();
  const passwordHash = await hashPassword(body.password);
  return app.db.transaction().execute(async (trx) => {
    const cohort = await findInvitedCohort(trx, body.cohort, body.v);
    if (!cohort) throw invalid();
    await claimUsername(trx, username);
    const person = await repo.insertPerson(trx, {
      username,
      password_hash: passwordHash,
      first_name: body.first_name.trim(),
      last_name: body.last_name.trim(),
    });
    await audit(trx, {
      actorId: person.id,
      action: 'sign-up',
      entity: 'person',
      entityId: person.id,
      after: { ...person, invitation: cohort.id },
    });
    if ((await acceptInvitation(trx, person.id, cohort.id, body.v)) !== 'enrolled') throw invalid();
    return {
      username: person.username,
      message: `Welcome, ${fullName(person)}: you joined ${cohort.name}.`,
    };
  });
}

/** A signed-in learner opening an invitation link joins its cohort, or is told why not. */
export async function joinByInvitation(
  app: FastifyInstance,
  caller: SignedInPerson,
  body: JoinBody,
): Promise<JoinResult> {
  const cohort = await findInvitedCohort(app.db, body.cohort, body.v);
  if (!cohort) throw invalid();
  const outcome = await app.db
    .transaction()
    .execute((trx) => acceptInvitation(trx, caller.id, cohort.id, body.v));
  switch (outcome) {
    case 'enrolled':
      return { message: `You joined ${cohort.name}.`, cohort };
    case 'already-member':
      return { message: `You are already in ${cohort.name}.`, cohort };
    case 'in-another-cohort':
      throw conflict(
        `You did not join ${cohort.name}: you are in another cohort. Ask your instructor to transfer you.`,
      );
    case 'staff':
      throw conflict(
        `Invitation links are for learners. As staff, join ${cohort.name} as a coach on the Cohorts page.`,
      );
    default:
      throw invalid();
  }
}
