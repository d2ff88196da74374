import type { ChangeFeed } from '../src/lib/change-feed.ts';

/**
 * Resolves once `feed` has moved on for a change of `table` made after this call: through
 * another connection, when its announcement is heard; by this process, when it commits. A late
 * announcement of this process's own earlier write tells the followers without moving the feed,
 * so it cannot be taken for the change a test waits for.
 */
export function changeHeard(feed: ChangeFeed, table: string): Promise<void> {
  const since = feed.now() ?? 0;
  return new Promise((resolve) => {
    const stop = feed.follow([table], () => {
      if (feed.unchangedSince(since, [table])) return;
      stop();
      resolve();
    });
  });
}
