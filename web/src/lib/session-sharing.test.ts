import { waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { staffProfile, studentProfile } from '@/test/fixtures.ts';
import { otherTab } from '@/test/other-tab.ts';
import { getActiveCohort, getSession, setSession } from './session.ts';
import {
  isWaitingForSession,
  onSignedOutElsewhere,
  SESSION_WAIT_MS,
  shareSignIn,
  shareSignOut,
  startSessionSharing,
} from './session-sharing.ts';

const staff = { profile: staffProfile, token: 'staff-token' };
const student = { profile: studentProfile, token: 'student-token' };
// Long enough that only an answer can end the wait within a test.
const UNTIL_ANSWERED = 600_000;

afterEach(() => {
  vi.useRealTimers();
});

describe('a tab that starts without a session', () => {
  it('asks the other tabs, takes the answer and stops waiting as soon as it comes', async () => {
    const other = otherTab();
    startSessionSharing({ waitMs: UNTIL_ANSWERED });
    expect(isWaitingForSession()).toBe(true);
    await waitFor(() => expect(other.received).toEqual([{ type: 'ask' }]));

    other.send({ type: 'session', session: staff });
    await waitFor(() => expect(isWaitingForSession()).toBe(false));
    expect(getSession()).toEqual(staff);
    expect(window.sessionStorage.getItem('nss_token')).not.toBeNull();
  });

  it('keeps the cohort the user chose in the other tab', async () => {
    window.localStorage.setItem('activeCohort', '12');
    const other = otherTab();
    startSessionSharing({ waitMs: UNTIL_ANSWERED });
    other.send({ type: 'session', session: staff });
    await waitFor(() => expect(getSession()).toEqual(staff));
    expect(getActiveCohort()).toBe(12);
  });

  it('is signed out after a short wait when no tab answers', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    startSessionSharing();
    vi.advanceTimersByTime(SESSION_WAIT_MS - 1);
    expect(isWaitingForSession()).toBe(true);
    vi.advanceTimersByTime(1);
    expect(isWaitingForSession()).toBe(false);
    expect(getSession()).toBeNull();
  });

  it('does not wait where the browser has no BroadcastChannel', () => {
    vi.stubGlobal('BroadcastChannel', undefined);
    startSessionSharing();
    expect(isWaitingForSession()).toBe(false);
  });

  it('ignores messages that are not a usable session', async () => {
    const other = otherTab();
    startSessionSharing({ waitMs: UNTIL_ANSWERED });
    other.sendRaw('hello');
    other.sendRaw({ type: 'session', session: { profile: staffProfile, token: '' } });
    other.sendRaw({ type: 'session' });
    other.send({ type: 'session', session: student });
    await waitFor(() => expect(getSession()).toEqual(student));
  });
});

describe('a signed-in tab', () => {
  it('does not wait, and answers a new tab with its session', async () => {
    setSession(staff);
    const other = otherTab();
    startSessionSharing();
    expect(isWaitingForSession()).toBe(false);
    other.send({ type: 'ask' });
    await waitFor(() => expect(other.received).toEqual([{ type: 'session', session: staff }]));
  });

  it('keeps its own user when someone signs in elsewhere', async () => {
    setSession(student);
    const other = otherTab();
    startSessionSharing();
    other.send({ type: 'session', session: staff });
    // Messages arrive in order: once the answer to this question is in, the sign-in was heard.
    other.send({ type: 'ask' });
    await waitFor(() => expect(other.received).toEqual([{ type: 'session', session: student }]));
    expect(getSession()).toEqual(student);
  });

  it('signs out when another tab signs out, and tells the app', async () => {
    setSession(staff);
    const signedOut = vi.fn();
    const unsubscribe = onSignedOutElsewhere(signedOut);
    const other = otherTab();
    startSessionSharing();
    other.send({ type: 'signed-out' });
    await waitFor(() => expect(getSession()).toBeNull());
    expect(window.sessionStorage.getItem('nss_token')).toBeNull();
    expect(signedOut).toHaveBeenCalledTimes(1);
    unsubscribe();
  });

  it('tells the other tabs of its sign-in and sign-out', async () => {
    setSession(staff);
    const other = otherTab();
    startSessionSharing();
    shareSignIn(staff);
    shareSignOut();
    await waitFor(() =>
      expect(other.received).toEqual([{ type: 'session', session: staff }, { type: 'signed-out' }]),
    );
  });
});

describe('a signed-out tab', () => {
  it('takes a sign-in made in another tab', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const other = otherTab();
    startSessionSharing();
    vi.advanceTimersByTime(SESSION_WAIT_MS);
    expect(isWaitingForSession()).toBe(false);
    vi.useRealTimers();
    other.send({ type: 'session', session: student });
    await waitFor(() => expect(getSession()).toEqual(student));
  });
});
