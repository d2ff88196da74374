// The signed-in session: {profile, token} compressed in sessionStorage (per tab), plus the
// active cohort remembered in localStorage once the profile is known. Other tabs of the browser
// receive the session from this one over session-sharing.ts, never through localStorage.

import { STORAGE_KEYS } from '@lp/contract/constants';
import type { Profile } from '@lp/contract/profile';
import LZString from 'lz-string';

export interface Session {
  profile: Profile;
  token: string;
}

type Listener = () => void;

const listeners = new Set<Listener>();
let current: Session | null | undefined;

/** Whether a value read back (from storage or another tab) is a usable session. */
export function isSession(value: unknown): value is Session {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as { profile?: unknown; token?: unknown };
  return (
    typeof candidate.token === 'string' &&
    candidate.token.length > 0 &&
    typeof candidate.profile === 'object' &&
    candidate.profile !== null
  );
}

function readStored(): Session | null {
  try {
    const raw = window.sessionStorage.getItem(STORAGE_KEYS.session);
    if (!raw) return null;
    const parsed: unknown = JSON.parse(LZString.decompressFromUTF16(raw) ?? '');
    return isSession(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

function emit() {
  for (const listener of listeners) listener();
}

export function getSession(): Session | null {
  if (current === undefined) current = readStored();
  return current;
}

export function getToken(): string | null {
  return getSession()?.token ?? null;
}

export function subscribeSession(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * The cohort a user works in after sign-in: staff start from person.active_cohort, a first
 * cohort membership overrides it, and a learner's current cohort overrides both.
 */
export function activeCohortFor(profile: Profile): number | null {
  let cohort: number | null = null;
  if ('person' in profile && profile.person.active_cohort > 0)
    cohort = profile.person.active_cohort;
  const first = profile.cohorts[0]?.id;
  if (first) cohort = first;
  if ('current_cohort' in profile && profile.current_cohort.id) cohort = profile.current_cohort.id;
  return cohort;
}

/**
 * Stores the session in this tab. A sign-in also sets the active cohort from the profile; a
 * session received from another tab passes `keepActiveCohort`, so the cohort the user chose
 * there (localStorage, shared by the tabs) stays.
 */
export function setSession(session: Session, { keepActiveCohort = false } = {}): void {
  const raw = LZString.compressToUTF16(JSON.stringify(session));
  window.sessionStorage.setItem(STORAGE_KEYS.session, raw);
  if (!keepActiveCohort || getActiveCohort() === null) {
    const cohort = activeCohortFor(session.profile);
    if (cohort === null) window.localStorage.removeItem(STORAGE_KEYS.activeCohort);
    else window.localStorage.setItem(STORAGE_KEYS.activeCohort, String(cohort));
  }
  current = session;
  emit();
}

/** The token being signed out: its refusals are expected, not a session that ended. */
let retiring: string | null = null;

/** Marks `token` as being signed out, before the server is asked to revoke it. */
export function retireToken(token: string): void {
  retiring = token;
}

/**
 * Whether a refusal of `token` means this tab's session ended: it is still the session's token
 * and not the one being signed out (requests in flight during a sign-out are refused too).
 */
export function endsSession(token: string): boolean {
  return token === getToken() && token !== retiring;
}

/** Signs out in this browser: the next person at this machine inherits nothing. */
export function clearSession(): void {
  window.sessionStorage.removeItem(STORAGE_KEYS.session);
  window.localStorage.removeItem(STORAGE_KEYS.activeCohort);
  window.localStorage.removeItem(STORAGE_KEYS.activeCourse);
  const changed = current !== null;
  current = null;
  if (changed) emit();
}

/** Fired in this tab when the active cohort changes (other tabs hear the storage event). */
export const ACTIVE_COHORT_EVENT = 'lp_active_cohort_changed';

/** Makes `cohortId` the cohort the dashboard shows, kept across reloads. */
export function chooseActiveCohort(cohortId: number): void {
  window.localStorage.setItem(STORAGE_KEYS.activeCohort, String(cohortId));
  window.dispatchEvent(new Event(ACTIVE_COHORT_EVENT));
}

/** Forgets the active cohort (the one just left, say): the dashboard then finds another. */
export function forgetActiveCohort(): void {
  window.localStorage.removeItem(STORAGE_KEYS.activeCohort);
  window.dispatchEvent(new Event(ACTIVE_COHORT_EVENT));
}

export function getActiveCohort(): number | null {
  const value = Number(window.localStorage.getItem(STORAGE_KEYS.activeCohort));
  return Number.isInteger(value) && value > 0 ? value : null;
}

/** For tests: forget the in-memory copy so the next read comes from storage. */
export function resetSessionCache(): void {
  current = undefined;
}
