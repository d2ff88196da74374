import { describe, expect, it } from 'vitest';
import { ChangeFeed } from './change-feed.ts';

// `settled` is what a sign-out or a token's revocation waits for before it answers: every
// announcement of this process's own writes heard back. Whether a wait is over is asked after
// the promises ready now have run (setImmediate comes after them), so no clock is involved.
const NEVER = 600_000;

const isOver = (wait: Promise<void>) =>
  Promise.race([
    wait.then(() => true),
    new Promise<boolean>((resolve) => setImmediate(() => resolve(false))),
  ]);

function listeningFeed() {
  const feed = new ChangeFeed();
  feed.setListening(true);
  return feed;
}

describe('the change feed, settling its own writes', () => {
  it('waits for the announcement of its own write, and no longer', async () => {
    const feed = listeningFeed();
    feed.wroteHere({ tables: ['tokens'], transaction: '801' });
    const wait = feed.settled(NEVER);
    expect(await isOver(wait)).toBe(false);
    feed.heard('tokens 801');
    expect(await isOver(wait)).toBe(true);
  });

  it('is settled at once when the announcement was heard before the commit returned', async () => {
    const feed = listeningFeed();
    feed.heard('api_tokens 802');
    feed.wroteHere({ tables: ['api_tokens'], transaction: '802' });
    expect(await isOver(feed.settled(NEVER))).toBe(true);
  });

  it('moves a table on when its own write commits, not again when its echo is heard', () => {
    const feed = listeningFeed();
    const before = feed.now() ?? -1;
    feed.wroteHere({ tables: ['notes', 'audit_log'], transaction: '804' });
    expect(feed.unchangedSince(before, ['notes'])).toBe(false);
    const between = feed.now() ?? -1;
    feed.heard('notes 804');
    feed.heard('audit_log 804');
    expect(feed.unchangedSince(between, ['notes', 'audit_log'])).toBe(true);
    // Another process's write of the same table does.
    feed.heard('notes 805');
    expect(feed.unchangedSince(between, ['notes'])).toBe(false);
  });
});
