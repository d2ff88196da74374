import fastifyCookie from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db/schema.ts';
import { publicApiUrl } from '../../lib/public-urls.ts';
import { randomSecret, sha256 } from '../../lib/secrets.ts';

// Device cookies (OWASP's "device cookies" against account lockout): a browser that signed in
// with the right password gets a cookie naming that user name and a random nonce, signed with a
// key of the server's. A later attempt from that browser for that user name is limited by that
// cookie's own failures only, so strangers failing on the account, or on the address it shares
// with a classroom, never lock out a browser its owner signed in from before
// (sign-in-failures.ts). The cookie is sent only to the sign-in request (its Path), never read
// by scripts (HttpOnly), and it signs no one in: the password is still checked.

const SECRET_NAME = 'device-cookies';
const LIFETIME_SECONDS = 365 * 86_400;
const SIGN_IN_PATH = '/accounts/verify';

/**
 * The key device cookies are signed with: made on first need and kept in the database, so that
 * every process and every restart signs with the same one. Deleting its row forgets every device.
 */
async function signingKey(db: Db): Promise<string> {
  const read = () =>
    db.selectFrom('server_secrets').select('value').where('name', '=', SECRET_NAME);
  const kept = await read().executeTakeFirst();
  if (kept) return kept.value;
  // Two processes starting at once on a new database keep the first one's key.
  await db
    .insertInto('server_secrets')
    .values({ name: SECRET_NAME, value: randomSecret(32) })
    .onConflict((conflict) => conflict.column('name').doNothing())
    .execute();
  return (await read().executeTakeFirstOrThrow()).value;
}

/** Reads and sets cookies on the routes of the plugin that calls it (the auth routes). */
export async function registerDeviceCookies(app: FastifyInstance) {
  await app.register(fastifyCookie, { secret: await signingKey(app.db) });
}

/** One cookie per user name, so that people who share a computer each keep theirs. */
const cookieName = (username: string) => `lp_device_${sha256(username.toLowerCase()).slice(0, 16)}`;

/**
 * The nonce of the request's device cookie for this user name, or null: without one, or when it
 * is not one the server signed for this user name (forged, tampered with, another user's).
 */
export function knownDevice(request: FastifyRequest, username: string): string | null {
  const raw = request.cookies[cookieName(username)];
  if (!raw) return null;
  const { valid, value } = request.unsignCookie(raw);
  if (!valid || value === null) return null;
  const colon = value.indexOf(':');
  const nonce = value.slice(0, colon);
  return colon > 0 && value.slice(colon + 1) === username.toLowerCase() ? nonce : null;
}

/** Gives the browser a new device cookie for the user name it signed in as. */
export function issueDeviceCookie(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  username: string,
) {
  reply.setCookie(cookieName(username), `${randomSecret(18)}:${username.toLowerCase()}`, {
    signed: true,
    httpOnly: true,
    sameSite: 'lax',
    secure: request.protocol === 'https',
    maxAge: LIFETIME_SECONDS,
    // The path the browser calls: PUBLIC_URL's own path (a proxy's mount point), then the API's.
    path: new URL(publicApiUrl(app, SIGN_IN_PATH)).pathname,
  });
}
