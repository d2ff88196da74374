import type { LiveTicket } from '@lp/contract/live';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isoTimestamp } from '../../../lib/dates.ts';
import { notFound, unauthorized } from '../../../lib/http-errors.ts';
import { fullName } from '../../../lib/names.ts';
import { randomSecret, sha256 } from '../../../lib/secrets.ts';
import type { SignedInPerson } from '../../../plugins/principal.ts';
import * as repo from './live.repository.ts';

/** How long a stream ticket may wait to be used. */
export const TICKET_LIFETIME_MS = 60_000;

/**
 * A ticket for one stream of the cohort's board, opened within a minute by the same person.
 * Random and single-use, kept (as its hash) in the database rather than signed: any server
 * process can redeem it, and the database's delete makes sure only one ever does, which a
 * signed, self-contained ticket cannot promise across processes.
 */
export async function issueTicket(
  app: FastifyInstance,
  caller: SignedInPerson,
  cohortId: number,
): Promise<LiveTicket> {
  if (!(await repo.cohortExists(app.db, cohortId))) throw notFound('Cohort');
  const ticket = randomSecret(24);
  const expiresAt = new Date(Date.now() + TICKET_LIFETIME_MS);
  await repo.insertTicket(app.db, {
    hash: sha256(ticket),
    personId: caller.id,
    tokenId: caller.tokenId,
    cohortId,
    expiresAt,
  });
  return { ticket, expires_at: isoTimestamp(expiresAt) };
}

/**
 * Identifies a stream's caller by its `?ticket=` (browsers' EventSource sends no headers): none
 * is anonymous (401); a used, expired or foreign ticket is 401 with a reason.
 */
export async function identifyByTicket(
  app: FastifyInstance,
  request: FastifyRequest,
): Promise<SignedInPerson | null> {
  const { ticket } = request.query as { ticket?: unknown };
  if (typeof ticket !== 'string' || ticket === '') return null;
  const cohortId = Number((request.params as { id?: unknown }).id);
  const person =
    ticket.length <= 200 && Number.isInteger(cohortId)
      ? await repo.redeemTicket(app.db, sha256(ticket), cohortId)
      : undefined;
  if (!person)
    throw unauthorized('The stream ticket is unknown, used or expired: ask for a new one.');
  return person;
}

export const viewerOf = (caller: SignedInPerson) => ({
  id: caller.id,
  name: fullName({ first_name: caller.firstName, last_name: caller.lastName }),
});
