import { LTI_RETIRED_KEY_DAYS } from '@lp/contract/lti';
import { exportJWK, generateKeyPair, importJWK, type JWK } from 'jose';
import { sql } from 'kysely';
import type { Db } from '../../db/schema.ts';
import { randomSecret } from '../../lib/secrets.ts';

/*
 * Our LTI signing keys (RS256, as the IMS Security Framework requires), kept in the database so
 * that every process and a restart sign with the same one. The newest unretired key signs;
 * rotation retires it and makes a new one, and a retired key stays in the JWKS for
 * LTI_RETIRED_KEY_DAYS, so a platform that cached it can still check what it signed.
 */

const ALGORITHM = 'RS256';

async function newKey(db: Db) {
  const { publicKey, privateKey } = await generateKeyPair(ALGORITHM, { extractable: true });
  const kid = randomSecret(12);
  const common = { kid, alg: ALGORITHM, use: 'sig' };
  const row = {
    kid,
    public_jwk: JSON.stringify({ ...(await exportJWK(publicKey)), ...common }),
    private_jwk: JSON.stringify({ ...(await exportJWK(privateKey)), ...common }),
  };
  // Two processes making the first key at once: one key wins, both sign with the newest.
  await db
    .insertInto('lti_tool_keys')
    .values(row)
    .onConflict((oc) => oc.doNothing())
    .execute();
}

const currentKeyRow = (db: Db) =>
  db
    .selectFrom('lti_tool_keys')
    .select(['kid', 'private_jwk'])
    .where('retired_at', 'is', null)
    .orderBy('created_at', 'desc')
    .orderBy('kid')
    .executeTakeFirst();

/** The key that signs now (made on first need), for jose. */
export async function currentSigningKey(db: Db) {
  let row = await currentKeyRow(db);
  if (!row) {
    await newKey(db);
    row = await currentKeyRow(db);
  }
  if (!row) throw new Error('No LTI signing key could be made');
  return { kid: row.kid, key: await importJWK(row.private_jwk as JWK, ALGORITHM) };
}

/** The keys platforms may see: the current one and those retired less than the grace ago. */
export const publishedKeys = (db: Db) =>
  db
    .selectFrom('lti_tool_keys')
    .select(['kid', 'public_jwk', 'created_at', 'retired_at'])
    .where((eb) =>
      eb.or([
        eb('retired_at', 'is', null),
        eb('retired_at', '>', sql<Date>`now() - ${LTI_RETIRED_KEY_DAYS} * interval '1 day'`),
      ]),
    )
    .orderBy(sql`retired_at desc nulls first`)
    .orderBy('created_at', 'desc')
    .execute();

/** Retires the current key(s) and makes the next one: it signs from now on. */
export async function rotateKeys(db: Db) {
  await db
    .updateTable('lti_tool_keys')
    .set({ retired_at: sql`now()` })
    .where('retired_at', 'is', null)
    .execute();
  await newKey(db);
}

/** Makes sure there is a current key, so the JWKS is never empty. */
export async function ensureKey(db: Db) {
  if (!(await currentKeyRow(db))) await newKey(db);
}
