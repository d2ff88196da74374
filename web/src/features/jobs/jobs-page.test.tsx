import type { Job } from '@lp/contract/jobs';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeNetwork } from '@/test/fake-network.ts';
import { renderWithProviders } from '@/test/render.tsx';
import JobsPage from './jobs-page.tsx';

const failedSave: Job = {
  id: 3,
  kind: 'team-save',
  cohort: 5,
  status: 'failed',
  created_at: '2026-11-25T16:00:00.000Z',
  started_at: '2026-11-25T16:00:00.000Z',
  finished_at: '2026-11-25T16:00:04.200Z',
  duration_ms: 4200,
  next_attempt_at: null,
  steps: [
    {
      id: 1,
      phase: 'Creating Slack channels',
      label: 'Team 1 Slack channel',
      status: 'failed',
      attempts: 1,
      error: 'The Slack workspace does not let the app do this (restricted_action)',
      summary: null,
    },
  ],
};

beforeEach(() => {
  window.localStorage.setItem('activeCohort', '5');
});

describe('the jobs page', () => {
  it("lists the cohort's recent jobs with status, duration and failures", async () => {
    fakeNetwork({ 'GET /jobs': { status: 200, body: [failedSave] } });
    renderWithProviders(<JobsPage />);
    const table = await screen.findByRole('table');
    const row = within(table).getByRole('row', { name: /Team channels and repositories/ });
    expect(within(row).getByText('failed')).toBeTruthy();
    expect(within(row).getByText('4.2 s')).toBeTruthy();
    expect(
      within(row).getByText(
        'Team 1 Slack channel: The Slack workspace does not let the app do this (restricted_action)',
      ),
    ).toBeTruthy();
  });

  it('tries a failed step again with Retry, and shows the job queued again', async () => {
    let jobs = [failedSave];
    const network = fakeNetwork({
      'GET /jobs': () => ({ status: 200, body: jobs }),
      'POST /jobs/3/retry': () => {
        const queued: Job = {
          ...failedSave,
          status: 'queued',
          finished_at: null,
          duration_ms: null,
          steps: failedSave.steps.map((step) => ({ ...step, status: 'pending', error: null })),
        };
        jobs = [queued];
        return { status: 200, body: queued };
      },
    });
    renderWithProviders(<JobsPage />);
    const table = await screen.findByRole('table');
    await userEvent.click(
      within(table).getByRole('button', { name: 'Retry Team 1 Slack channel' }),
    );
    expect(await within(table).findByText('queued')).toBeTruthy();
    expect(network.calls.find((call) => call.method === 'POST')?.body).toEqual({ step: 1 });
    expect(within(table).queryByRole('button', { name: /Retry/ })).toBeNull();
  });

  it('says what a job waits out, and when it tries again, instead of no failures', async () => {
    const waiting: Job = {
      ...failedSave,
      kind: 'slack-messages',
      status: 'queued',
      finished_at: null,
      duration_ms: null,
      next_attempt_at: '2026-11-25T16:05:00.000Z',
      steps: [
        {
          id: 4,
          phase: 'Sending Slack messages',
          label: 'Message to Ada Lovelace',
          status: 'pending',
          attempts: 3,
          error: 'Slack failed on its side (fatal_error)',
          summary: null,
        },
      ],
    };
    fakeNetwork({ 'GET /jobs': { status: 200, body: [waiting] } });
    renderWithProviders(<JobsPage />);
    const row = await screen.findByRole('row', { name: /Slack messages/ });
    expect(
      within(row).getByText(
        'Waiting to try Message to Ada Lovelace again (Nov 25, 2026, 10:05 am): Slack failed on its side (fatal_error)',
      ),
    ).toBeTruthy();
    expect(within(row).queryByText('None')).toBeNull();
  });

  it('says when the cohort has no jobs yet', async () => {
    fakeNetwork({
      'GET /jobs': { status: 200, body: [] },
      'GET /jobs/integrations': { status: 200, body: { slack: true, github: true } },
    });
    renderWithProviders(<JobsPage />);
    await screen.findByText('No jobs yet');
    await screen.findByText(
      'Saving teams and migrating tickets make their Slack and GitHub changes here.',
    );
  });

  it('says why there are no jobs when Slack and GitHub are not configured', async () => {
    fakeNetwork({
      'GET /jobs': { status: 200, body: [] },
      'GET /jobs/integrations': { status: 200, body: { slack: false, github: false } },
    });
    renderWithProviders(<JobsPage />);
    await screen.findByText(/^Slack and GitHub are not configured on this server/);
  });
});
