import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openEmbedded } from '../src/db/connection.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { hasData, seedDemoData } from '../src/db/seed/demo.ts';

// What `npm start` does on the embedded database, twice: the second start keeps the data.
async function start(dataDir: string) {
  const handle = await openEmbedded(dataDir);
  await migrateToLatest(handle.db);
  const seeded = !(await hasData(handle.db));
  if (seeded) await seedDemoData(handle.db, { password: 'learnops' });
  return { handle, seeded };
}

describe('the embedded database on disk', () => {
  it('keeps its data across restarts and seeds only once', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'lp-restart-'));
    try {
      const first = await start(dataDir);
      expect(first.seeded).toBe(true);
      await first.handle.db
        .updateTable('people')
        .set({ first_name: 'Renamed' })
        .where('username', '=', 'student')
        .execute();
      const peopleBefore = await first.handle.db.selectFrom('people').select('id').execute();
      await first.handle.close();

      const second = await start(dataDir);
      expect(second.seeded).toBe(false);
      const student = await second.handle.db
        .selectFrom('people')
        .select('first_name')
        .where('username', '=', 'student')
        .executeTakeFirstOrThrow();
      expect(student.first_name).toBe('Renamed');
      const peopleAfter = await second.handle.db.selectFrom('people').select('id').execute();
      expect(peopleAfter).toHaveLength(peopleBefore.length);
      await second.handle.close();
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
