import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { lockName } from '../../lib/name-lock.ts';
import { becomeCoach, enrolLearner } from '../cohorts/index.ts';
import * as identities from './identities.repository.ts';
import { type Launch, LaunchRefusal } from './launch-checks.ts';
import { createLmsAccount, linkIdentity } from './lms-accounts.ts';
import * as repo from './lti.repository.ts';

/**
 * The account an LMS user signs in to: the one their issuer and subject are linked to; else the
 * one account of their email (linked now, once) when it is of the role the launch maps to, so a
 * learner's launch never takes a staff account; else a new account of that role.
 */
async function personOf(trx: Transaction<Database>, launch: Launch) {
  await lockName(trx, 'lti-subject', `${launch.issuer} ${launch.subject}`);
  const linked = await identities.findIdentity(trx, launch.issuer, launch.subject);
  if (linked) {
    if (!linked.is_active) throw new LaunchRefusal('Your account here is deactivated.');
    return linked;
  }
  const isStaff = launch.role === 'staff';
  if (launch.email) {
    const owners = await identities.unlinkedPeopleByEmail(trx, launch.email, launch.issuer);
    const [owner] = owners;
    if (owners.length === 1 && owner && owner.is_staff === isStaff) {
      await linkIdentity(trx, launch, owner.id, null, 'email');
      return owner;
    }
  }
  return createLmsAccount(trx, launch, isStaff, null);
}

/**
 * Signs the launch's user in and records its course: returns who signed in and the cohort the
 * course is linked to. A learner in no cohort joins the linked cohort; staff coach it.
 */
export async function launchPerson(trx: Transaction<Database>, launch: Launch, platformId: number) {
  const person = await personOf(trx, launch);
  if (!launch.context) return { personId: person.id, cohortId: null };
  const context = await repo.upsertContext(trx, {
    platform_id: platformId,
    deployment_id: launch.deploymentId,
    context_id: launch.context.id,
    title: launch.context.title.slice(0, 255),
    memberships_url: launch.membershipsUrl,
    lineitems_url: launch.lineitemsUrl,
  });
  if (context.cohort_id !== null) {
    if (person.is_staff) await becomeCoach(trx, context.cohort_id, person.id);
    else await enrolLearner(trx, person.id, context.cohort_id, null);
  }
  return { personId: person.id, cohortId: context.cohort_id };
}
