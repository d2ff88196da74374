import type { FastifyInstance, FastifyRequest } from 'fastify';
import { forbidden } from '../lib/http-errors.ts';
import type { SignedInPerson } from './principal.ts';

// What an API token may do, checked once for every request that carries one (principal.ts), and
// the record of each use. The tokens themselves are managed in features/api-tokens.

const READS = new Set(['GET', 'HEAD']);

/** How every API token begins: it tells one from other bearer credentials, and a leaked one. */
export const API_TOKEN_PREFIX = 'lpat_';

/** The signed-in person's columns, as either kind of token finds them (principal.ts too). */
export const personColumns = [
  'people.id',
  'people.username',
  'people.first_name',
  'people.last_name',
  'people.is_staff',
] as const;

export const personOf = (row: {
  id: number;
  username: string;
  first_name: string;
  last_name: string;
  is_staff: boolean;
}) => ({
  id: row.id,
  username: row.username,
  firstName: row.first_name,
  lastName: row.last_name,
  isStaff: row.is_staff,
});

/** Staff member whose live, unexpired, unrevoked API token has this hash, or undefined. */
export async function findApiTokenHolder(
  app: FastifyInstance,
  hash: string,
): Promise<SignedInPerson | undefined> {
  const row = await app.db
    .selectFrom('api_tokens')
    .innerJoin('people', 'people.id', 'api_tokens.person_id')
    .select(['api_tokens.id as token_id', 'api_tokens.scope', ...personColumns])
    .where('api_tokens.token_hash', '=', hash)
    .where('api_tokens.revoked_at', 'is', null)
    .where('api_tokens.expires_at', '>', new Date())
    .where('people.is_active', '=', true)
    // Only staff hold API tokens: one who is staff no more is refused.
    .where('people.is_staff', '=', true)
    .executeTakeFirst();
  if (!row) return undefined;
  return { ...personOf(row), tokenId: 0, apiToken: { id: row.token_id, scope: row.scope } };
}

/** 403 for a write with a read token, and for the routes only a browser session may call. */
export function refuseBeyondApiToken(scope: 'read' | 'write', request: FastifyRequest) {
  if (request.routeOptions.config.sessionOnly)
    throw forbidden('An API token cannot manage tokens, sign out or open a live stream.');
  if (scope === 'read' && !READS.has(request.method))
    throw forbidden(`This API token's scope is read: it may only make GET requests.`);
}

/** Records a request made with an API token; a failure to record is logged, not answered. */
export async function recordApiTokenUse(
  app: FastifyInstance,
  tokenId: number,
  request: FastifyRequest,
  status: number,
) {
  try {
    await app.db
      .insertInto('api_token_uses')
      .values({
        token_id: tokenId,
        method: request.method,
        path: request.url.slice(0, 500),
        status,
      })
      .execute();
  } catch (error) {
    request.log.error({ err: error }, 'API token use not recorded');
  }
}
