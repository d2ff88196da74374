// Another tab of the same browser, as session sharing sees it: a BroadcastChannel on the session
// channel that records what this tab sends and sends what a real tab would.
import { SESSION_CHANNEL, type SessionMessage } from '@/lib/session-sharing.ts';

const open = new Set<BroadcastChannel>();

/** Closes every other tab (vitest.setup.ts, after each test). */
export function closeOtherTabs(): void {
  for (const channel of open) channel.close();
  open.clear();
}

export function otherTab() {
  const channel = new BroadcastChannel(SESSION_CHANNEL);
  open.add(channel);
  const received: unknown[] = [];
  channel.onmessage = (event: MessageEvent<unknown>) => {
    received.push(event.data);
  };
  return {
    /** Everything this tab has heard, oldest first. */
    received,
    send: (message: SessionMessage) => channel.postMessage(message),
    /** Something that is not a session message. */
    sendRaw: (value: unknown) => channel.postMessage(value),
  };
}
