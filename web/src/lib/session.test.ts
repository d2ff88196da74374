import { describe, expect, it } from 'vitest';
import { staffProfile, studentProfile } from '@/test/fixtures.ts';
import {
  activeCohortFor,
  clearSession,
  getActiveCohort,
  getSession,
  resetSessionCache,
  setSession,
} from './session.ts';

describe('session', () => {
  it('survives a reload: stored compressed, read back whole', () => {
    setSession({ profile: studentProfile, token: 'tok-123' });
    const raw = window.sessionStorage.getItem('nss_token') ?? '';
    expect(raw).not.toContain('tok-123');
    expect(raw).not.toContain('Sam');
    resetSessionCache();
    expect(getSession()).toEqual({ profile: studentProfile, token: 'tok-123' });
  });

  it('treats a damaged stored session as signed out', () => {
    window.sessionStorage.setItem('nss_token', 'not compressed json');
    resetSessionCache();
    expect(getSession()).toBeNull();
  });

  it('picks the active cohort: staff default, then first cohort, then current cohort', () => {
    expect(activeCohortFor({ ...staffProfile, cohorts: [] })).toBe(3);
    expect(activeCohortFor(staffProfile)).toBe(7);
    expect(activeCohortFor(studentProfile)).toBe(9);
    const unassigned = { ...studentProfile, cohorts: [], current_cohort: { name: 'Unassigned' } };
    expect(activeCohortFor(unassigned)).toBeNull();
  });

  it('remembers the active cohort at sign-in and forgets it, and the course, at sign-out', () => {
    setSession({ profile: staffProfile, token: 'tok' });
    expect(getActiveCohort()).toBe(7);
    window.localStorage.setItem('activeCourse', '4');
    window.localStorage.setItem('lp_settings', JSON.stringify({ tags: false }));
    clearSession();
    expect(window.sessionStorage.getItem('nss_token')).toBeNull();
    expect(window.localStorage.getItem('activeCohort')).toBeNull();
    expect(window.localStorage.getItem('activeCourse')).toBeNull();
    expect(window.localStorage.getItem('lp_settings')).not.toBeNull();
    expect(getSession()).toBeNull();
  });

  it('does not store a meaningless active cohort', () => {
    setSession({ profile: staffProfile, token: 'tok' });
    const noCohort = {
      ...staffProfile,
      cohorts: [],
      person: { ...staffProfile.person, active_cohort: 0 },
    };
    setSession({ profile: noCohort, token: 'tok' });
    expect(window.localStorage.getItem('activeCohort')).toBeNull();
  });
});
