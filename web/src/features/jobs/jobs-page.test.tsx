import type { Job } from '@lp/contract/jobs';
import { screen, within } from '@testing-library/react';
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
  steps: [
    {
      id: 1,
      phase: 'Creating Slack channels',
      label: 'Team 1 Slack channel',
      status: 'failed',
      attempts: 1,
      error: 'restricted_action',
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
    expect(within(row).getByText('Team 1 Slack channel: restricted_action')).toBeTruthy();
  });

  it('says when the cohort has no jobs yet', async () => {
    fakeNetwork({ 'GET /jobs': { status: 200, body: [] } });
    renderWithProviders(<JobsPage />);
    await screen.findByText('No jobs yet');
  });
});
