import type { ApiTokenScope } from '@lp/contract/api-tokens';
import { API_TOKEN_USES_SHOWN } from '@lp/contract/constants';
import { sql } from 'kysely';
import type { Db } from '../../db/schema.ts';

/** A person's tokens with how often and when last they were used, newest first. */
export const tokensOf = (db: Db, personId: number, tokenId?: number) => {
  let query = db
    .selectFrom('api_tokens')
    .leftJoin('api_token_uses', 'api_token_uses.token_id', 'api_tokens.id')
    .select([
      'api_tokens.id',
      'api_tokens.name',
      'api_tokens.scope',
      'api_tokens.created_at',
      'api_tokens.expires_at',
      'api_tokens.revoked_at',
      sql<Date | null>`max(api_token_uses.used_at)`.as('last_used_at'),
      sql<number>`count(api_token_uses.id)::int`.as('uses'),
    ])
    .where('api_tokens.person_id', '=', personId)
    .groupBy('api_tokens.id')
    .orderBy('api_tokens.id', 'desc');
  if (tokenId !== undefined) query = query.where('api_tokens.id', '=', tokenId);
  return query.execute();
};

export const insertToken = (
  db: Db,
  token: { personId: number; name: string; scope: ApiTokenScope; hash: string; expiresAt: Date },
) =>
  db
    .insertInto('api_tokens')
    .values({
      person_id: token.personId,
      name: token.name,
      scope: token.scope,
      token_hash: token.hash,
      expires_at: token.expiresAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();

/** The person's token, locked until the transaction ends; undefined for another's. */
export const lockTokenOf = (db: Db, personId: number, tokenId: number) =>
  db
    .selectFrom('api_tokens')
    .select(['id', 'name', 'revoked_at'])
    .where('id', '=', tokenId)
    .where('person_id', '=', personId)
    .forUpdate()
    .executeTakeFirst();

export const revokeToken = (db: Db, tokenId: number) =>
  db.updateTable('api_tokens').set({ revoked_at: new Date() }).where('id', '=', tokenId).execute();

export const usesOf = (db: Db, tokenId: number) =>
  db
    .selectFrom('api_token_uses')
    .select(['used_at', 'method', 'path', 'status'])
    .where('token_id', '=', tokenId)
    .orderBy('used_at', 'desc')
    .orderBy('id', 'desc')
    .limit(API_TOKEN_USES_SHOWN)
    .execute();
