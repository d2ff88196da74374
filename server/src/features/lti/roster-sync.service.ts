import type { RosterImport } from '@lp/contract/roster';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/schema.ts';
import { OutsideError } from '../../integrations/http.ts';
import { conflict, HttpError, notFound } from '../../lib/http-errors.ts';
import { lockName } from '../../lib/name-lock.ts';
import { applyRoster, type RosterDecision, rosterAnswer } from '../cohort-csv/index.ts';
import { lockCohort } from '../cohorts/index.ts';
import * as identities from './identities.repository.ts';
import { createLmsAccount, linkIdentity } from './lms-accounts.ts';
import * as repo from './lti.repository.ts';
import { fetchMembers, type RosterMember } from './roster-members.ts';

type Context = NonNullable<Awaited<ReturnType<typeof repo.contextWithPlatform>>>;

// An LMS roster is JSON, so always UTF-8: the preview has no encoding to warn of.
const ENCODING = 'UTF-8';

const nameOf = (member: RosterMember) =>
  `${member.givenName} ${member.familyName}`.trim() || member.email || member.subject;

/**
 * What each learner of the LMS course would do in the cohort, as a CSV roster's lines do: the
 * account linked to them, else the one account of their email (linked when applied), else a new
 * account. Staff, deactivated accounts and learners of another cohort are errors. Two queries.
 */
async function decide(
  db: Db,
  context: Context,
  cohort: { id: number; name: string },
  members: RosterMember[],
  actorId: number,
): Promise<RosterDecision[]> {
  const linked = await identities.peopleBySubject(
    db,
    context.issuer,
    members.map((member) => member.subject),
  );
  const emails = members.flatMap((member) => (member.email ? [member.email] : []));
  const byEmail = await identities.unlinkedPeopleByEmails(db, context.issuer, emails);
  return members.map((member, index): RosterDecision => {
    const line = index + 1;
    const name = nameOf(member);
    const own = linked.find((person) => person.subject === member.subject);
    const owners = own
      ? [own]
      : byEmail.filter(
          (person) => member.email && person.email.toLowerCase() === member.email.toLowerCase(),
        );
    if (owners.length === 0)
      return {
        line,
        action: 'create',
        message: `New account for ${name}${member.email ? ` (${member.email})` : ''}.`,
        join: async (trx) => (await createLmsAccount(trx, member, false, actorId)).id,
      };
    const [person] = owners;
    if (!person || owners.length > 1)
      return {
        line,
        action: 'error',
        message: `${member.email} belongs to more than one account.`,
      };
    if (person.is_staff)
      return { line, action: 'error', message: `${name} is a learner in the LMS but staff here.` };
    if (!person.is_active)
      return { line, action: 'error', message: `${name}'s account here is deactivated.` };
    if (person.cohort_id === cohort.id)
      return { line, action: 'skip', message: `${name} is already in ${cohort.name}.` };
    if (person.cohort_id !== null)
      return {
        line,
        action: 'error',
        message: `${name} is in ${person.cohort_name}: move them with a transfer.`,
      };
    return {
      line,
      action: 'enrol',
      message: `${name} has an account and joins ${cohort.name}.`,
      join: async (trx) => {
        if (!own) await linkIdentity(trx, member, person.id, actorId, 'roster');
        return person.id;
      },
    };
  });
}

async function membersOf(app: FastifyInstance, context: Context) {
  if (context.deleted_at) throw conflict(`${context.name} is no longer registered here.`);
  if (!context.memberships_url)
    throw conflict(
      `${context.name} offers no roster for ${context.title} (Names and Role Provisioning Services).`,
    );
  try {
    return await fetchMembers(app.db, context, context.memberships_url);
  } catch (error) {
    if (error instanceof OutsideError) throw new HttpError(502, error.message);
    throw error;
  }
}

/**
 * Syncs the linked cohort's learners from the LMS course's roster (NRPS), with the CSV roster's
 * preview (dryRun), all-or-nothing apply and undo (POST /cohorts/{id}/roster/{importId}/undo).
 */
export async function syncRoster(
  app: FastifyInstance,
  actorId: number,
  contextId: number,
  dryRun: boolean,
): Promise<RosterImport> {
  const context = await repo.contextWithPlatform(app.db, contextId);
  if (!context) throw notFound('LMS course');
  const cohortId = context.cohort_id;
  if (cohortId === null)
    throw conflict(`Link ${context.title} to a cohort first: its learners join that cohort.`);
  const members = await membersOf(app, context);
  if (dryRun) {
    const cohort = { id: cohortId, name: context.cohort_name ?? '' };
    return rosterAnswer(await decide(app.db, context, cohort, members, actorId), ENCODING);
  }
  return app.db.transaction().execute(async (trx) => {
    const cohort = await lockCohort(trx, cohortId);
    if (!cohort) throw notFound('Cohort');
    // The LMS users first, in one order for every sync and launch, so decisions hold to commit.
    const subjects = [...new Set(members.map((member) => member.subject))].sort();
    for (const subject of subjects)
      await lockName(trx, 'lti-subject', `${context.issuer} ${subject}`);
    const decisions = await decide(trx, context, cohort, members, actorId);
    return applyRoster(trx, actorId, cohort, decisions, ENCODING, `LMS course ${contextId}`);
  });
}
