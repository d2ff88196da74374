import { isIP } from 'node:net';
import type { Kysely } from 'kysely';
import { verifyPassword } from '../../lib/secrets.ts';
import type { Database } from '../schema.ts';

/** The demo accounts whose password is documented in the README. */
export const DEMO_USERNAMES = ['instructor', 'staff', 'student'];

/** Whether only this machine can reach an address the server listens on. */
export function isLoopback(host: string): boolean {
  if (host === 'localhost') return true;
  if (isIP(host) === 4) return host.startsWith('127.');
  return host === '::1';
}

/** Demo accounts that still sign in with the documented password. */
export async function accountsWithDemoPassword(
  db: Kysely<Database>,
  demoPassword: string,
): Promise<string[]> {
  const rows = await db
    .selectFrom('people')
    .select(['username', 'password_hash'])
    .where('username', 'in', DEMO_USERNAMES)
    .where('is_active', '=', true)
    .execute();
  const open: string[] = [];
  for (const row of rows) {
    if (await verifyPassword(demoPassword, row.password_hash)) open.push(row.username);
  }
  return open;
}
