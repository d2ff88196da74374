// One sign-in for every tab of this browser. Each tab keeps its session in sessionStorage (the
// spec's key); tabs hand it to each other over a BroadcastChannel, which only pages of this origin
// in this browser hear, so the token never goes to localStorage.
// - A tab that starts without a session asks; a signed-in tab answers with its session. The
//   asking tab shows a loading state until the answer comes, at most SESSION_WAIT_MS.
// - A sign-in is offered to tabs that are signed out; a sign-out signs out every tab.

import { useSyncExternalStore } from 'react';
import { clearSession, getSession, isSession, type Session, setSession } from './session.ts';

export const SESSION_CHANNEL = 'lp-session';

/**
 * How long a tab that starts without a session waits for another tab's answer before it shows
 * the signed-out screens. An open tab answers within milliseconds; this only bounds the wait of a
 * visitor who has no signed-in tab.
 */
export const SESSION_WAIT_MS = 400;

export type SessionMessage =
  | { type: 'ask' }
  | { type: 'session'; session: Session }
  | { type: 'signed-out' };

type Listener = () => void;

let channel: BroadcastChannel | null = null;
let waiting = false;
let waitTimer: ReturnType<typeof setTimeout> | undefined;
const waitingListeners = new Set<Listener>();
const signedOutListeners = new Set<Listener>();

function isMessage(value: unknown): value is SessionMessage {
  if (typeof value !== 'object' || value === null) return false;
  const { type, session } = value as { type?: unknown; session?: unknown };
  return type === 'ask' || type === 'signed-out' || (type === 'session' && isSession(session));
}

function post(message: SessionMessage): void {
  channel?.postMessage(message);
}

function setWaiting(value: boolean): void {
  if (waiting === value) return;
  waiting = value;
  for (const listener of waitingListeners) listener();
}

function endWait(): void {
  clearTimeout(waitTimer);
  waitTimer = undefined;
  setWaiting(false);
}

function receive(data: unknown): void {
  if (!isMessage(data)) return;
  if (data.type === 'ask') {
    const session = getSession();
    if (session) post({ type: 'session', session });
  } else if (data.type === 'session') {
    // An answer, or a sign-in elsewhere: taken only by a tab that is signed out, so a tab never
    // changes who is signed in under the user's hands.
    if (!getSession()) setSession(data.session, { keepActiveCohort: true });
    endWait();
  } else if (getSession()) {
    clearSession();
    for (const listener of signedOutListeners) listener();
  }
}

/**
 * Joins the other tabs: call once when the app boots, before the first render. Without a session
 * it asks them for theirs and waits (see isWaitingForSession); without BroadcastChannel it does
 * nothing. Returns a stop function (for tests).
 */
export function startSessionSharing({ waitMs = SESSION_WAIT_MS } = {}): () => void {
  if (channel || typeof BroadcastChannel === 'undefined') return stopSessionSharing;
  channel = new BroadcastChannel(SESSION_CHANNEL);
  channel.onmessage = (event: MessageEvent<unknown>) => receive(event.data);
  if (!getSession()) {
    setWaiting(true);
    waitTimer = setTimeout(endWait, waitMs);
    post({ type: 'ask' });
  }
  return stopSessionSharing;
}

export function stopSessionSharing(): void {
  channel?.close();
  channel = null;
  endWait();
}

/** Offers a new sign-in to the tabs that are signed out. */
export function shareSignIn(session: Session): void {
  post({ type: 'session', session });
}

/** Signs out every other tab (this one has cleared its own session). */
export function shareSignOut(): void {
  post({ type: 'signed-out' });
}

/** True while a tab that started without a session waits for another tab's answer. */
export function isWaitingForSession(): boolean {
  return waiting;
}

function subscribeWaiting(listener: Listener): () => void {
  waitingListeners.add(listener);
  return () => waitingListeners.delete(listener);
}

/** isWaitingForSession() for a component; re-renders when the wait ends. */
export function useWaitingForSession(): boolean {
  return useSyncExternalStore(subscribeWaiting, isWaitingForSession, isWaitingForSession);
}

/** Calls `listener` after a sign-out in another tab has cleared this tab's session. */
export function onSignedOutElsewhere(listener: Listener): () => void {
  signedOutListeners.add(listener);
  return () => signedOutListeners.delete(listener);
}
