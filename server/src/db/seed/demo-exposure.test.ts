import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../test/database.ts';
import { hashPassword } from '../../lib/secrets.ts';
import type { DatabaseHandle } from '../connection.ts';
import { accountsWithDemoPassword, isLoopback } from './demo-exposure.ts';

describe('addresses only this machine reaches', () => {
  it.each(['127.0.0.1', '127.1.2.3', '::1', 'localhost'])('%s is loopback', (host) => {
    expect(isLoopback(host)).toBe(true);
  });
  it.each(['0.0.0.0', '::', '192.168.1.20', 'lp.example.org'])('%s is not', (host) => {
    expect(isLoopback(host)).toBe(false);
  });
});

describe('demo accounts that keep the documented password', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database.close());

  it('are named until their password changes', async () => {
    const people = [
      { username: 'instructor', password: 'learnops' },
      { username: 'staff', password: 'a better secret' },
      { username: 'student', password: 'learnops' },
    ];
    for (const person of people) {
      await database.db
        .insertInto('people')
        .values({ username: person.username, password_hash: await hashPassword(person.password) })
        .execute();
    }
    expect(await accountsWithDemoPassword(database.db, 'learnops')).toEqual(
      expect.arrayContaining(['instructor', 'student']),
    );
    expect(await accountsWithDemoPassword(database.db, 'learnops')).not.toContain('staff');
    await database.db
      .updateTable('people')
      .set({ password_hash: await hashPassword('changed at last') })
      .execute();
    expect(await accountsWithDemoPassword(database.db, 'learnops')).toEqual([]);
  });
});
