import { describe, expect, it } from 'vitest';
import { redactUrl } from './request-log.ts';

describe('request URLs in logs', () => {
  it.each([
    [
      '/api/cohorts/3/calendar.ics?secret=abc123',
      '/api/cohorts/3/calendar.ics?secret=%5Bredacted%5D',
    ],
    [
      '/api/auth/github/callback?code=c0de&state=st4te',
      '/api/auth/github/callback?code=%5Bredacted%5D&state=%5Bredacted%5D',
    ],
    [
      '/api/auth/github/url?cohort=4&v=invite-secret',
      '/api/auth/github/url?cohort=4&v=%5Bredacted%5D',
    ],
  ])('hide the secret of %s', (url, logged) => {
    expect(redactUrl(url)).toBe(logged);
    expect(redactUrl(url)).not.toMatch(/abc123|c0de|st4te|invite-secret/);
  });

  it('keep URLs without secrets as they are', () => {
    expect(redactUrl('/api/students?cohort=3&q=ada')).toBe('/api/students?cohort=3&q=ada');
    expect(redactUrl('/api/health')).toBe('/api/health');
  });
});
