import type {
  ApiToken,
  ApiTokenUseList,
  CreateApiTokenBody,
  CreatedApiToken,
} from '@lp/contract/api-tokens';
import type { FastifyInstance } from 'fastify';
import { audit } from '../../lib/audit.ts';
import { isoTimestamp } from '../../lib/dates.ts';
import { conflict, notFound } from '../../lib/http-errors.ts';
import { randomSecret, sha256 } from '../../lib/secrets.ts';
import { API_TOKEN_PREFIX } from '../../plugins/api-token-callers.ts';
import type { SignedInPerson } from '../../plugins/principal.ts';
import * as repo from './api-tokens.repository.ts';

const DAY_MS = 86_400_000;

type TokenRow = Awaited<ReturnType<typeof repo.tokensOf>>[number];

const tokenOf = (row: TokenRow): ApiToken => ({
  id: row.id,
  name: row.name,
  scope: row.scope,
  created_at: isoTimestamp(row.created_at),
  expires_at: isoTimestamp(row.expires_at),
  revoked_at: row.revoked_at ? isoTimestamp(row.revoked_at) : null,
  last_used_at: row.last_used_at ? isoTimestamp(new Date(row.last_used_at)) : null,
  uses: row.uses,
});

export async function listTokens(app: FastifyInstance, caller: SignedInPerson) {
  return (await repo.tokensOf(app.db, caller.id)).map(tokenOf);
}

/** Makes a token; its secret is in this answer only. */
export async function createToken(
  app: FastifyInstance,
  caller: SignedInPerson,
  body: CreateApiTokenBody,
): Promise<CreatedApiToken> {
  const secret = `${API_TOKEN_PREFIX}${randomSecret(30)}`;
  const row = await app.db.transaction().execute(async (trx) => {
    const { id } = await repo.insertToken(trx, {
      personId: caller.id,
      name: body.name.trim(),
      scope: body.scope,
      hash: sha256(secret),
      expiresAt: new Date(Date.now() + body.expires_in_days * DAY_MS),
    });
    await audit(trx, { actorId: caller.id, action: 'create', entity: 'api_token', entityId: id });
    const [created] = await repo.tokensOf(trx, caller.id, id);
    if (!created) throw new Error('The new API token was not found');
    return created;
  });
  return { ...tokenOf(row), token: secret };
}

/** Revokes one of the caller's tokens: refused at once by every process. */
export async function revokeToken(app: FastifyInstance, caller: SignedInPerson, tokenId: number) {
  const row = await app.db.transaction().execute(async (trx) => {
    const token = await repo.lockTokenOf(trx, caller.id, tokenId);
    if (!token) throw notFound('API token');
    if (token.revoked_at) throw conflict(`The API token "${token.name}" was already revoked.`);
    await repo.revokeToken(trx, tokenId);
    await audit(trx, {
      actorId: caller.id,
      action: 'revoke',
      entity: 'api_token',
      entityId: tokenId,
    });
    const [revoked] = await repo.tokensOf(trx, caller.id, tokenId);
    if (!revoked) throw new Error('The revoked API token was not found');
    return revoked;
  });
  // Answered once the change feed heard it, so no process accepts the token after.
  await app.changes.settled();
  return tokenOf(row);
}

export async function tokenUses(
  app: FastifyInstance,
  caller: SignedInPerson,
  tokenId: number,
): Promise<ApiTokenUseList> {
  const [token] = await repo.tokensOf(app.db, caller.id, tokenId);
  if (!token) throw notFound('API token');
  const uses = await repo.usesOf(app.db, tokenId);
  return uses.map((use) => ({ ...use, used_at: isoTimestamp(use.used_at) }));
}
