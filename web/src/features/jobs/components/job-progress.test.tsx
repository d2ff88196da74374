import type { Job, JobStep } from '@lp/contract/jobs';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeNetwork } from '@/test/fake-network.ts';
import { renderWithProviders } from '@/test/render.tsx';
import { JobProgress } from './job-progress.tsx';

const step = (id: number, status: JobStep['status'], error: string | null = null): JobStep => ({
  id,
  phase: 'Creating repositories',
  label: `Team ${id} client-side repository`,
  status,
  attempts: status === 'pending' ? 0 : 1,
  error,
  summary: status === 'done' ? `org/Rare-client-${id}` : null,
});

const job = (status: Job['status'], steps: JobStep[]): Job => ({
  id: 7,
  kind: 'team-save',
  cohort: 5,
  status,
  created_at: '2026-11-25T10:00:00.000Z',
  started_at: '2026-11-25T10:00:00.000Z',
  finished_at: null,
  duration_ms: null,
  next_attempt_at: null,
  steps,
});

describe('following a job', () => {
  it('shows the step in words, then the failure with Retry, which tries that step again', async () => {
    let answer = job('running', [step(1, 'done'), step(2, 'pending'), step(3, 'pending')]);
    const network = fakeNetwork({
      'GET /jobs/7': () => ({ status: 200, body: answer }),
      'POST /jobs/7/retry': () => {
        answer = job('queued', [step(1, 'done'), step(2, 'pending'), step(3, 'done')]);
        return { status: 200, body: answer };
      },
    });
    renderWithProviders(<JobProgress jobId={7} title="Slack channels and repositories" />);
    await screen.findByText('Creating repositories: 1 of 3');

    answer = job('failed', [
      step(1, 'done'),
      step(2, 'failed', 'GitHub could not create the repository (500: Server Error)'),
      step(3, 'done'),
    ]);
    await screen.findByText('1 of 3 steps failed', {}, { timeout: 5_000 });
    const failed = screen.getByRole('list', { name: 'Failed' });
    expect(
      within(failed).getByText(
        'Team 2 client-side repository: GitHub could not create the repository (500: Server Error)',
      ),
    ).toBeTruthy();
    await userEvent.click(
      within(failed).getByRole('button', { name: 'Retry Team 2 client-side repository' }),
    );
    await screen.findByText('Creating repositories: 2 of 3');
    expect(network.calls.find((call) => call.method === 'POST')?.body).toEqual({ step: 2 });
  });

  it('offers no Retry to a learner following their own job', async () => {
    fakeNetwork({
      'GET /jobs/7': { status: 200, body: job('failed', [step(1, 'failed', 'Not Found')]) },
    });
    renderWithProviders(
      <JobProgress jobId={7} title="Your self-assessment repository" canRetry={false} />,
    );
    await screen.findByText('1 of 1 steps failed');
    expect(screen.queryByRole('button', { name: /Retry/ })).toBeNull();
  });
});
