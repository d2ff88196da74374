import type { AddedLearner, AddLearnerBody, PasswordLink } from '@lp/contract/accounts';
import { PASSWORD_LINK_DAYS } from '@lp/contract/constants';
import { addDays } from 'date-fns';
import type { FastifyInstance } from 'fastify';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { audit } from '../../lib/audit.ts';
import { isoTimestamp } from '../../lib/dates.ts';
import { conflict, HttpError, notFound } from '../../lib/http-errors.ts';
import { lockName } from '../../lib/name-lock.ts';
import { fullName } from '../../lib/names.ts';
import { passwordLinkUrl } from '../../lib/public-urls.ts';
import { randomSecret, sha256 } from '../../lib/secrets.ts';
import type { SignedInPerson } from '../../plugins/principal.ts';
import { enrolLearner, findCohort } from '../cohorts/index.ts';
import { deleteLearner } from '../learners/index.ts';
import * as repo from './users.repository.ts';

// Add learner (staff): an account with no password yet, enrolled in a cohort, and a one-time
// link on which the learner sets their password. The link is shown once; the server keeps only
// its hash. Undo removes the learner again as long as nobody has signed in as them.

type Trx = Transaction<Database>;

/** Password sign-in is what these accounts are for: without it, refuse rather than strand them. */
export function requirePasswordSignIn(app: FastifyInstance) {
  if (!app.config.passwordSignIn)
    throw new HttpError(
      403,
      'Password sign-in is turned off on this server (PASSWORD_SIGNIN), so a learner could not sign in with a password. Import a roster with GitHub logins instead, or turn password sign-in on.',
    );
}

/** Refuses a user name that someone already has (any case), holding it until the commit. */
export async function claimUsername(trx: Trx, username: string) {
  await lockName(trx, 'username', username);
  if (await repo.usernameTaken(trx, username))
    throw conflict(`The username '${username}' is taken. Choose another one.`);
}

/** Issues a new one-time link for the person (older ones stop working): answers it, once. */
async function issuePasswordLink(
  app: FastifyInstance,
  trx: Trx,
  personId: number,
  actorId: number,
): Promise<PasswordLink> {
  const secret = randomSecret(24);
  const expires = addDays(new Date(), PASSWORD_LINK_DAYS);
  await repo.replacePasswordLinks(trx, {
    person_id: personId,
    secret_hash: sha256(secret),
    created_by: actorId,
    expires_at: expires,
  });
  // The link itself stays out of the history: it is a password until it is used.
  await audit(trx, {
    actorId,
    action: 'password-link',
    entity: 'person',
    entityId: personId,
    after: { expires_at: isoTimestamp(expires) },
  });
  return { password_link: passwordLinkUrl(app, secret), expires_at: isoTimestamp(expires) };
}

export async function addLearner(
  app: FastifyInstance,
  caller: SignedInPerson,
  body: AddLearnerBody,
): Promise<AddedLearner> {
  requirePasswordSignIn(app);
  const username = body.username.trim();
  return app.db.transaction().execute(async (trx) => {
    const cohort = await findCohort(trx, body.cohort);
    if (!cohort) throw notFound('Cohort');
    await claimUsername(trx, username);
    const person = await repo.insertPerson(trx, {
      username,
      first_name: body.first_name.trim(),
      last_name: body.last_name.trim(),
    });
    await audit(trx, {
      actorId: caller.id,
      action: 'create',
      entity: 'person',
      entityId: person.id,
      after: { ...person },
    });
    await enrolLearner(trx, person.id, cohort.id, caller.id);
    const link = await issuePasswordLink(app, trx, person.id, caller.id);
    const name = fullName(person);
    return {
      id: person.id,
      username: person.username,
      name,
      cohort: { id: cohort.id, name: cohort.name },
      message: `Added ${name} (${person.username}) to ${cohort.name}`,
      ...link,
    };
  });
}

/** A new one-time link for a learner who lost theirs, let it expire, or forgot their password. */
export async function renewPasswordLink(
  app: FastifyInstance,
  caller: SignedInPerson,
  learnerId: number,
): Promise<PasswordLink> {
  requirePasswordSignIn(app);
  return app.db.transaction().execute(async (trx) => {
    const learner = await repo.findLearnerAccount(trx, learnerId);
    if (!learner) throw notFound('Student');
    if (!learner.is_active) throw conflict('This account is deactivated.');
    return issuePasswordLink(app, trx, learner.id, caller.id);
  });
}

/** Undo of Add learner: the learner goes, as long as nobody has signed in as them. */
export async function removeAddedLearner(
  app: FastifyInstance,
  caller: SignedInPerson,
  learnerId: number,
) {
  const removed = await deleteLearner(app, caller, learnerId, async (trx, learner) => {
    if (!(await repo.neverSignedIn(trx, learner.id)))
      throw conflict(
        `${fullName(learner)} has already set a password or signed in, so adding them cannot be undone. To remove them, use Delete Student Permanently in their overlay.`,
      );
  });
  return { message: `Removed ${removed.learner.name} again` };
}
