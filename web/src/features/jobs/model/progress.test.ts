import type { Job, JobStep } from '@lp/contract/jobs';
import { describe, expect, it } from 'vitest';
import { durationText, progressOf } from './progress.ts';

const step = (id: number, phase: string, status: JobStep['status']): JobStep => ({
  id,
  phase,
  label: `Team ${id}`,
  status,
  attempts: status === 'pending' ? 0 : 1,
  error: status === 'failed' ? 'name_taken' : null,
  summary: null,
});

const job = (status: Job['status'], steps: JobStep[]): Job => ({
  id: 1,
  kind: 'team-save',
  cohort: 1,
  status,
  created_at: '2026-11-25T10:00:00.000Z',
  started_at: null,
  finished_at: null,
  duration_ms: null,
  next_attempt_at: null,
  steps,
});

describe('a job in words', () => {
  it('names the phase of the next step and how many of its steps ran', () => {
    const steps = [
      step(1, 'Creating Slack channels', 'done'),
      step(2, 'Creating Slack channels', 'done'),
      step(3, 'Creating repositories', 'done'),
      step(4, 'Creating repositories', 'failed'),
      step(5, 'Creating repositories', 'pending'),
      step(6, 'Creating repositories', 'pending'),
    ];
    expect(progressOf(job('running', steps))).toMatchObject({
      percent: 67,
      words: 'Creating repositories: 2 of 4',
    });
  });

  it('says why a step waits to be tried again', () => {
    const waiting = {
      ...step(2, 'Creating repositories', 'pending'),
      error: 'API rate limit exceeded',
    };
    expect(
      progressOf(job('queued', [step(1, 'Creating repositories', 'done'), waiting])).words,
    ).toBe('Creating repositories: 1 of 2 (trying Team 2 again: API rate limit exceeded)');
  });

  it('says how many failed once every step ran', () => {
    const steps = [
      step(1, 'Creating Slack channels', 'done'),
      step(2, 'Copying tickets', 'failed'),
    ];
    const progress = progressOf(job('failed', steps));
    expect(progress.words).toBe('1 of 2 steps failed');
    expect(progress.failed.map((each) => each.id)).toEqual([2]);
    expect(progressOf(job('done', [steps[0] as JobStep])).words).toBe(
      'All done: 1 of 1 steps succeeded',
    );
  });

  it('words a duration', () => {
    expect(durationText(1234)).toBe('1.2 s');
    expect(durationText(185_000)).toBe('3 min 5 s');
    expect(durationText(null)).toBe('');
  });
});
