import { describe, expect, it } from 'vitest';
import {
  emptyNewCohort,
  missingNewCohortFields,
  newCohortBody,
  newCohortProblem,
} from './new-cohort.ts';

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
    // The empty ones are named, in the form's order, for marking and focus.
    expect(missingNewCohortFields(emptyNewCohort())).toEqual([
      'name',
      'orgURL',
      'startDate',
      'endDate',
    ]);
    expect(missingNewCohortFields({ ...filled, slackChannel: ' ' })).toEqual(['slackChannel']);
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
