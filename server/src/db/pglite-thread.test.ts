import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PGliteThread } from './pglite-thread.ts';

describe('the embedded database on its own thread', () => {
  let thread: PGliteThread;
  beforeAll(async () => {
    thread = await PGliteThread.start({ dataDir: null, settings: ['shared_buffers=16MB'] });
    await thread.query('create table names (id int primary key, name text not null unique)');
  });
  afterAll(() => thread.close());

  it('leaves this thread free while a statement runs', async () => {
    let turns = 0;
    const counting = setInterval(() => turns++, 1);
    try {
      await thread.query('select pg_sleep(0.3)');
    } finally {
      clearInterval(counting);
    }
    expect(turns).toBeGreaterThan(0);
  });

  it('answers rows with the types both engines give', async () => {
    const { rows } = await thread.query<{ day: string; count: number; at: Date }>(
      `select date '2026-11-28' as day, count(*) as count, timestamptz '2026-11-28T10:00:00Z' as at
       from names`,
    );
    expect(rows).toEqual([{ day: '2026-11-28', count: 0, at: new Date('2026-11-28T10:00:00Z') }]);
  });

  it("refuses with the engine's own error fields, which the API turns into answers", async () => {
    await thread.query('insert into names values (1, $1)', ['Ada']);
    const refused = await thread.query('insert into names values (2, $1)', ['Ada']).catch((e) => e);
    expect(refused).toBeInstanceOf(Error);
    expect(refused).toMatchObject({ code: '23505', constraint: 'names_name_key' });
  });

  it("hands over a statement's notifications before its answer", async () => {
    const heard: string[] = [];
    const stop = await thread.listen('changes', (payload) => heard.push(payload));
    await thread.query(`select pg_notify('changes', 'one'), pg_notify('changes', 'two')`);
    expect(heard).toEqual(['one', 'two']);
    await stop();
    await thread.query(`select pg_notify('changes', 'three')`);
    expect(heard).toEqual(['one', 'two']);
  });
});
