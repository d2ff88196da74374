import type { FastifyInstance } from 'fastify';
import { HttpError } from '../../lib/http-errors.ts';
import { failedSignInWindowMs } from '../../plugins/rate-limits.ts';
import * as repo from './auth.repository.ts';

/** What one password attempt is counted against: the account named and the caller's address. */
export interface SignInAttempt {
  username: string;
  address: string;
}

const keysOf = (attempt: SignInAttempt) => ({
  account: `account:${attempt.username.toLowerCase()}`,
  address: `address:${attempt.address}`,
});

/** 429 when the account or the address has used up its failures within the window. */
export async function refuseWhenLimited(app: FastifyInstance, attempt: SignInAttempt) {
  const keys = keysOf(attempt);
  const limits = new Map([
    [keys.account, app.config.signInRateLimit],
    [keys.address, app.config.signInAddressRateLimit],
  ]);
  const since = new Date(Date.now() - failedSignInWindowMs);
  const counts = await repo.countFailuresSince(app.db, [...limits.keys()], since);
  const over = counts.filter((row) => row.failures >= (limits.get(row.key) ?? Infinity));
  if (over.length === 0) return;
  const freeAt = Math.max(
    ...over.map((row) => new Date(row.first).getTime() + failedSignInWindowMs),
  );
  const seconds = Math.max(1, Math.ceil((freeAt - Date.now()) / 1000));
  const minutes = Math.ceil(seconds / 60);
  throw new HttpError(
    429,
    `Too many failed sign-in attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
    { 'retry-after': String(seconds) },
  );
}

/** Counts one failure against the account and the address; forgets failures past the window. */
export async function recordFailure(app: FastifyInstance, attempt: SignInAttempt) {
  const keys = keysOf(attempt);
  const forgetBefore = new Date(Date.now() - failedSignInWindowMs);
  await app.db
    .transaction()
    .execute((trx) => repo.addFailures(trx, [keys.account, keys.address], forgetBefore));
}

/** A successful sign-in clears the account's failures (not the address's). */
export async function forgetAccountFailures(app: FastifyInstance, attempt: SignInAttempt) {
  await repo.clearFailures(app.db, keysOf(attempt).account);
}
