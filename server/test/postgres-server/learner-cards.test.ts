import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { adminQuery, databaseUrl, waitUntilUnused } from '../database-template.ts';

// Two transactions on one learner's card, or on a card and a catalogue row it shows, at once: the
// card a learner ends with shows both changes, whichever commits first (migration 0530).

const serverUrl = process.env.TEST_DATABASE_URL ?? '';
const name = `lp_cards_${randomBytes(6).toString('hex')}`;
let url = '';
const clients: pg.Client[] = [];

async function connect() {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  clients.push(client);
  return client;
}

beforeAll(async () => {
  await adminQuery(serverUrl, `create database ${name} template ${inject('databaseTemplate')}`);
  url = databaseUrl(serverUrl, name);
});
afterAll(async () => {
  await Promise.all(clients.map((client) => client.end()));
  await waitUntilUnused(serverUrl, name);
  await adminQuery(serverUrl, `drop database ${name}`);
});

/** Resolves once `client`'s connection waits for a lock another transaction holds. */
async function waitsForLock(observer: pg.Client, client: pg.Client) {
  const pid = (client as unknown as { processID: number }).processID;
  await expect
    .poll(
      async () =>
        (
          await observer.query<{ waiting: boolean }>(
            `select wait_event_type = 'Lock' as waiting from pg_stat_activity where pid = $1`,
            [pid],
          )
        ).rows[0]?.waiting,
      { timeout: 30_000 },
    )
    .toBe(true);
}

async function learnerWithTags(observer: pg.Client, tags: string[]) {
  const n = randomBytes(4).toString('hex');
  const person = await observer.query<{ id: number }>(
    `insert into people (username, first_name, last_name, github_login) values ($2, 'Card', $1, $2) returning id`,
    [n, `card-${n}`],
  );
  const ids: number[] = [];
  for (const tag of tags) {
    const row = await observer.query<{ id: number }>(
      'insert into tags (name) values ($1) returning id',
      [`${tag} ${n}`],
    );
    ids.push(row.rows[0]!.id);
  }
  return { learnerId: person.rows[0]!.id, tagIds: ids, suffix: n };
}

const cardTags = async (observer: pg.Client, learnerId: number) => {
  const { rows } = await observer.query<{ card: string }>(
    'select card from learner_cards where student_id = $1',
    [learnerId],
  );
  const card = JSON.parse(`${rows[0]!.card}}`) as { tags: Array<{ tag: string }> };
  return card.tags.map((tag) => tag.tag).sort();
};

describe('learner cards under concurrent changes', () => {
  it('show both of two tags given to one learner at once', async () => {
    const [observer, first, second] = [await connect(), await connect(), await connect()];
    const { learnerId, tagIds, suffix } = await learnerWithTags(observer, ['North', 'South']);
    await first.query('begin');
    await first.query('insert into student_tags (student_id, tag_id) values ($1, $2)', [
      learnerId,
      tagIds[0],
    ]);
    await second.query('begin');
    const secondInsert = second.query(
      'insert into student_tags (student_id, tag_id) values ($1, $2)',
      [learnerId, tagIds[1]],
    );
    await waitsForLock(observer, second);
    await first.query('commit');
    await secondInsert;
    await second.query('commit');
    expect(await cardTags(observer, learnerId)).toEqual([`North ${suffix}`, `South ${suffix}`]);
  });

  it("show a tag's new name when it is renamed while being given", async () => {
    const [observer, renaming, giving] = [await connect(), await connect(), await connect()];
    const { learnerId, tagIds, suffix } = await learnerWithTags(observer, ['East']);
    await renaming.query('begin');
    await renaming.query('update tags set name = $1 where id = $2', [
      `Far east ${suffix}`,
      tagIds[0],
    ]);
    await giving.query('begin');
    const given = giving.query('insert into student_tags (student_id, tag_id) values ($1, $2)', [
      learnerId,
      tagIds[0],
    ]);
    await waitsForLock(observer, giving);
    await renaming.query('commit');
    await given;
    await giving.query('commit');
    expect(await cardTags(observer, learnerId)).toEqual([`Far east ${suffix}`]);
  });

  it("show a tag's new name when it is given while being renamed", async () => {
    const [observer, renaming, giving] = [await connect(), await connect(), await connect()];
    const { learnerId, tagIds, suffix } = await learnerWithTags(observer, ['West']);
    await giving.query('begin');
    await giving.query('insert into student_tags (student_id, tag_id) values ($1, $2)', [
      learnerId,
      tagIds[0],
    ]);
    await renaming.query('begin');
    const renamed = renaming.query('update tags set name = $1 where id = $2', [
      `Far west ${suffix}`,
      tagIds[0],
    ]);
    await waitsForLock(observer, renaming);
    await giving.query('commit');
    await renamed;
    await renaming.query('commit');
    expect(await cardTags(observer, learnerId)).toEqual([`Far west ${suffix}`]);
  });
});
