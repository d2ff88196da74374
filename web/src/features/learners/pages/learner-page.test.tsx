import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeNetwork } from '@/test/fake-network.ts';
import { staffProfile } from '@/test/fixtures.ts';
import { renderApp } from '@/test/render-app.tsx';
import { learner } from '../testing/fixtures.ts';

describe('the learner page of a learner who does not exist', () => {
  it('says so and offers the way back to the board, not a retry', async () => {
    fakeNetwork({
      'GET /profile': { status: 200, body: staffProfile },
      'GET /students/999': { status: 404, body: { message: 'Student not found' } },
    });
    renderApp('/learners/999', { profile: staffProfile, token: 'tok' });
    expect(await screen.findByText('This learner does not exist (any more).')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'Back to the board' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
  });
});

describe("the learner page's Cohorts dialog", () => {
  it('ticks the learner’s current cohort, and ticking another transfers them there', async () => {
    const net = fakeNetwork({
      'GET /profile': { status: 200, body: staffProfile },
      'GET /students/7': { status: 200, body: learner },
      'GET /students/7/history': { status: 200, body: [] },
      'GET /coreskillrecords': { status: 200, body: [] },
      'GET /weights': { status: 200, body: [] },
      'GET /cohorts': {
        status: 200,
        body: [
          { id: 72, name: 'Day Cohort 72' },
          { id: 70, name: 'Day Cohort 70' },
        ],
      },
    });
    renderApp('/learners/7', { profile: staffProfile, token: 'tok' });
    await userEvent.click(await screen.findByRole('button', { name: 'Cohorts' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cohort of Ada Lovelace' });
    expect(await within(dialog).findByRole('checkbox', { name: 'Day Cohort 72' })).toBeChecked();
    expect(within(dialog).getByRole('checkbox', { name: 'Day Cohort 70' })).not.toBeChecked();
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Day Cohort 70' }));
    await waitFor(() =>
      expect(net.writes().map((call) => `${call.method} ${call.path}`)).toContain(
        'POST /students/7/transfer',
      ),
    );
  });
});
