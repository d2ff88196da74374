import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeNetwork } from '@/test/fake-network.ts';
import { staffProfile } from '@/test/fixtures.ts';
import { renderApp } from '@/test/render-app.tsx';

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
