import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeNetwork } from '@/test/fake-network.ts';
import { renderWithProviders } from '@/test/render.tsx';
import { learner } from '../testing/fixtures.ts';
import FeedbackPage from './feedback-page.tsx';

describe('/feedback/new', () => {
  it('sends feedback to the learner named in the navigation state, then returns to /', async () => {
    const network = fakeNetwork({
      'GET /students/7': { status: 200, body: learner },
      'POST /students/7/status': { status: 201, body: { message: 'Student note created', id: 1 } },
    });
    const { user } = renderWithProviders(<FeedbackPage />, {
      path: '/feedback/new',
      state: { studentId: 7 },
      route: '/feedback/new',
    });
    expect(await screen.findByText('To Ada Lovelace')).toBeInTheDocument();
    const input = screen.getByPlaceholderText('Add feedback here...');
    expect(input).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Feedback text is required.');
    expect(network.writes()).toEqual([]);
    await user.type(input, 'Great demo today');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
    expect(network.writes()).toEqual([
      { method: 'POST', path: '/students/7/status', body: { notes: 'Great demo today' } },
    ]);
  });

  it('says what to do when no learner was given', async () => {
    fakeNetwork({});
    renderWithProviders(<FeedbackPage />, { path: '/feedback/new', route: '/feedback/new' });
    expect(await screen.findByText(/Choose a learner first/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send' })).not.toBeInTheDocument();
  });
});
