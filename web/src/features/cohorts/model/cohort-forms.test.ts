import { describe, expect, it } from 'vitest';
import { absoluteApiBase, invitationUrl } from './links.ts';
import { emptyNewCohort, newCohortBody, newCohortProblem } from './new-cohort.ts';

const filled = {
  ...emptyNewCohort(),
  name: 'Day Cohort 90',
  orgURL: 'https://github.com/day-cohort-90',
  startDate: '2026-01-05',
  endDate: '2026-07-10',
  clientSide: 1,
  serverSide: 2,
};

describe('new cohort form', () => {
  it('asks for every field, then for both courses (spec §5)', () => {
    expect(emptyNewCohort().slackChannel).toBe('C06GHMZB3M3');
    expect(newCohortProblem(emptyNewCohort())).toBe('Please fill out all fields.');
    expect(newCohortProblem({ ...filled, slackChannel: ' ' })).toBe('Please fill out all fields.');
    expect(newCohortProblem({ ...filled, serverSide: null })).toBe(
      'Please select a course for both client and server side.',
    );
    expect(newCohortProblem({ ...filled, orgURL: 'github' })).toContain('must be a web address');
    expect(newCohortProblem({ ...filled, endDate: '2025-12-01' })).toContain('end date');
    expect(newCohortProblem(filled)).toBeNull();
  });

  it('sends the creation payload of the spec, active', () => {
    expect(newCohortBody({ ...filled, name: ' Day Cohort 90 ' })).toEqual({
      name: 'Day Cohort 90',
      startDate: '2026-01-05',
      endDate: '2026-07-10',
      orgURL: 'https://github.com/day-cohort-90',
      slackChannel: 'C06GHMZB3M3',
      active: true,
      clientSide: 1,
      serverSide: 2,
    });
  });
});

describe('invitation link', () => {
  it('is absolute on the API host and carries the cohort secret', () => {
    expect(absoluteApiBase('/api', 'https://lp.example.org')).toBe('https://lp.example.org/api');
    expect(absoluteApiBase('https://api.example.org', 'https://lp.example.org')).toBe(
      'https://api.example.org',
    );
    expect(invitationUrl(7, 'a+b/c', 'https://lp.example.org/api')).toBe(
      'https://lp.example.org/api/auth/github/url?cohort=7&v=a%2Bb%2Fc',
    );
  });
});
