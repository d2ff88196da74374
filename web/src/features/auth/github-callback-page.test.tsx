import { STORAGE_KEYS } from '@lp/contract/constants';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeNetwork } from '@/test/fake-network.ts';
import { studentProfile } from '@/test/fixtures.ts';
import { renderApp } from '@/test/render-app.tsx';

describe('the sign-in callback of GitHub and of an LMS launch', () => {
  it('exchanges the code, signs in and moves on to the start page after a second', async () => {
    const network = fakeNetwork({
      'POST /auth/github': { status: 200, body: { key: 'github-key' } },
      'GET /profile': { status: 200, body: studentProfile },
    });
    renderApp('/auth/github?code=one-time');
    expect(
      await screen.findByRole('heading', { name: 'Authorization complete' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Engaging warp drive to Learning Platform')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Overview' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
    expect(network.writes()).toEqual([
      { method: 'POST', path: '/auth/github', body: { code: 'one-time' } },
    ]);
  });

  it('explains a failed exchange and offers the way back to sign in', async () => {
    fakeNetwork({
      'POST /auth/github': { status: 400, body: { message: 'This sign-in code has expired.' } },
    });
    const { user } = renderApp('/auth/github?code=stale');
    expect(await screen.findByRole('alert')).toHaveTextContent('This sign-in code has expired.');
    await user.click(screen.getByRole('link', { name: 'Back to sign in' }));
    expect(await screen.findByRole('heading', { name: 'Learning Platform' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/login');
  });

  it('shows the error GitHub sent back', async () => {
    renderApp('/auth/github?error=The+user+has+denied+your+application+access.');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The user has denied your application access.',
    );
  });

  it('says why an invitation enrolled no one, and waits for the person to go on', async () => {
    fakeNetwork({
      'POST /auth/github': { status: 200, body: { key: 'github-key' } },
      'GET /profile': { status: 200, body: studentProfile },
    });
    // A code of its own: the page remembers each code's exchange for the page's life (codes work once).
    const { user } = renderApp('/auth/github?code=invited-code&invitation=invalid');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      "the invitation link is not valid any more (it was replaced by a newer one). Ask your instructor for the cohort's current invitation link",
    );
    const go = screen.getByRole('button', { name: 'Continue' });
    // Enabled once the sign-in has completed; until then nothing moves on by itself.
    await waitFor(() => expect(go).toBeEnabled());
    expect(screen.getByTestId('location')).toHaveTextContent('/auth/github');
    await user.click(go);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
    expect(screen.queryByRole('button', { name: 'Continue' })).not.toBeInTheDocument();
  });

  it("signs an LMS launch in with its code, and makes its cohort the board's", async () => {
    const network = fakeNetwork({
      'POST /auth/github': { status: 200, body: { key: 'lti-key' } },
      'GET /profile': { status: 200, body: studentProfile },
    });
    renderApp('/auth/lti?code=launch-code&cohort=70');
    expect(await screen.findByRole('heading', { name: 'Overview' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
    expect(window.localStorage.getItem(STORAGE_KEYS.activeCohort)).toBe('70');
    expect(network.writes()).toEqual([
      { method: 'POST', path: '/auth/github', body: { code: 'launch-code' } },
    ]);
  });
});
