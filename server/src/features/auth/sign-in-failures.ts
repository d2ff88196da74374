import type { FastifyInstance } from 'fastify';
import { HttpError } from '../../lib/http-errors.ts';
import { failedSignInWindowMs } from '../../plugins/rate-limits.ts';
import * as repo from './auth.repository.ts';

/**
 * What one password attempt is counted against. From a browser that signed in as this user name
 * before (a valid device cookie, device-cookies.ts): that device alone, so that no stranger's
 * failures, on the account or from the same address, lock it out. From any other: the account
 * named and the caller's address.
 */
export interface SignInAttempt {
  username: string;
  address: string;
  /** The nonce of the attempt's valid device cookie for this user name; null without one. */
  device: string | null;
}

const keysOf = (attempt: SignInAttempt) => ({
  device: `device:${attempt.device}`,
  account: `account:${attempt.username.toLowerCase()}`,
  address: `address:${attempt.address}`,
});

/** The failure counts the attempt is held to, each with its limit within the window. */
function limitsOf(app: FastifyInstance, attempt: SignInAttempt): Map<string, number> {
  const keys = keysOf(attempt);
  if (attempt.device !== null) return new Map([[keys.device, app.config.signInRateLimit]]);
  return new Map([
    [keys.account, app.config.signInRateLimit],
    [keys.address, app.config.signInAddressRateLimit],
  ]);
}

/** 429 when any count the attempt is held to has used up its failures within the window. */
export async function refuseWhenLimited(app: FastifyInstance, attempt: SignInAttempt) {
  const limits = limitsOf(app, attempt);
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

/**
 * Counts one failure against what the attempt is held to (its device, or the account and the
 * address); forgets their failures past the window.
 */
export async function recordFailure(app: FastifyInstance, attempt: SignInAttempt) {
  const keys = [...limitsOf(app, attempt).keys()];
  const forgetBefore = new Date(Date.now() - failedSignInWindowMs);
  await app.db.transaction().execute((trx) => repo.addFailures(trx, keys, forgetBefore));
}

/**
 * A successful sign-in clears the failures of its device (whose cookie is then replaced), or,
 * from an unknown browser, of the account (not the address's). One from a known device leaves
 * the account's count alone: the owner signing in does not give a stranger new guesses.
 */
export async function forgetFailures(app: FastifyInstance, attempt: SignInAttempt) {
  const keys = keysOf(attempt);
  await repo.clearFailures(app.db, attempt.device !== null ? keys.device : keys.account);
}
