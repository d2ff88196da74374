import { addHours } from 'date-fns';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { randomSecret, sha256 } from '../../lib/secrets.ts';

export const TOKEN_LIFETIME_DAYS = 30;

/** Issues a new random token; only its hash is stored. */
export async function issueToken(db: Kysely<Database> | Transaction<Database>, personId: number) {
  const token = randomSecret(30);
  const expires = addHours(new Date(), TOKEN_LIFETIME_DAYS * 24);
  await db
    .insertInto('tokens')
    .values({ person_id: personId, token_hash: sha256(token), expires_at: expires })
    .execute();
  return token;
}
