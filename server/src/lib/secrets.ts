import { hash, randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';

const scryptAsync = promisify(scrypt) as (
  password: string,
  salt: Buffer,
  keylen: number,
) => Promise<Buffer>;

export const randomSecret = (bytes = 24) => randomBytes(bytes).toString('base64url');
// One-shot: every API request hashes its token (plugins/principal.ts keeps checks by the hash).
export const sha256 = (value: string) => hash('sha256', value, 'hex');

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scryptAsync(password, salt, 32);
  return `scrypt$${salt.toString('base64')}$${key.toString('base64')}`;
}

export async function verifyPassword(password: string, stored: string | null): Promise<boolean> {
  const [scheme, saltText, keyText] = (stored ?? '').split('$');
  if (scheme !== 'scrypt' || !saltText || !keyText) {
    // Spend the same time on unknown users as on known ones.
    await scryptAsync(password, Buffer.alloc(16), 32);
    return false;
  }
  const expected = Buffer.from(keyText, 'base64');
  const actual = await scryptAsync(password, Buffer.from(saltText, 'base64'), expected.length);
  return timingSafeEqual(expected, actual);
}

export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
