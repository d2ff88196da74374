import { useSyncExternalStore } from 'react';
import { getSession, type Session, subscribeSession } from './session.ts';

/** The current session (or null when signed out); re-renders on sign-in and sign-out. */
export function useSession(): Session | null {
  return useSyncExternalStore(subscribeSession, getSession, getSession);
}
