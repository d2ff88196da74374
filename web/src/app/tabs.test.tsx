import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { startSessionSharing } from '@/lib/session-sharing.ts';
import { fakeNetwork } from '@/test/fake-network.ts';
import { staffProfile } from '@/test/fixtures.ts';
import { otherTab } from '@/test/other-tab.ts';
import { renderApp } from '@/test/render-app.tsx';

const staff = { profile: staffProfile, token: 'staff-token' };
// Long enough that only an answer can end the wait within a test.
const UNTIL_ANSWERED = 600_000;

describe('signed in across tabs', () => {
  it('opens a new tab on the screen asked for, signed in, without showing sign-in meanwhile', async () => {
    const other = otherTab();
    startSessionSharing({ waitMs: UNTIL_ANSWERED });
    renderApp('/cohorts');
    await waitFor(() => expect(other.received).toEqual([{ type: 'ask' }]));
    expect(screen.getByText('Loading…')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/cohorts');
    expect(screen.queryByLabelText('Password')).not.toBeInTheDocument();

    other.send({ type: 'session', session: staff });
    expect(await screen.findByRole('heading', { name: 'Cohorts' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/cohorts');
    expect(screen.getByRole('button', { name: 'Log out' })).toBeInTheDocument();
  });

  it('goes to the signed-out start page when another tab signs out', async () => {
    fakeNetwork();
    const other = otherTab();
    renderApp('/cohorts', staff);
    startSessionSharing();
    expect(await screen.findByRole('heading', { name: 'Cohorts' })).toBeInTheDocument();

    other.send({ type: 'signed-out' });
    expect(await screen.findByRole('link', { name: 'Sign in' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
    expect(screen.queryByRole('button', { name: 'Log out' })).not.toBeInTheDocument();
    expect(window.sessionStorage.getItem('nss_token')).toBeNull();
  });

  it('signs the other tabs out with the Log out button', async () => {
    fakeNetwork({ 'POST /auth/logout': { status: 204 } });
    const other = otherTab();
    const { user } = renderApp('/cohorts', staff);
    startSessionSharing();
    await user.click(await screen.findByRole('button', { name: 'Log out' }));
    await waitFor(() => expect(other.received).toEqual([{ type: 'signed-out' }]));
  });

  it('offers a password sign-in to the other tabs', async () => {
    fakeNetwork({
      'GET /auth/options': { status: 200, body: { password: true, github: true } },
      'POST /accounts/verify': { status: 200, body: { token: 'fresh-token' } },
      'GET /profile': { status: 200, body: staffProfile },
    });
    const other = otherTab();
    startSessionSharing({ waitMs: 0 });
    const { user } = renderApp('/login');
    await user.type(await screen.findByLabelText('Username'), 'instructor');
    await user.type(screen.getByLabelText('Password'), 'learnops');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() =>
      expect(other.received).toContainEqual({
        type: 'session',
        session: { profile: staffProfile, token: 'fresh-token' },
      }),
    );
  });

  it('signs in a tab on the sign-in page when another tab signs in', async () => {
    fakeNetwork({ 'GET /auth/options': { status: 200, body: { password: true, github: true } } });
    const other = otherTab();
    startSessionSharing({ waitMs: 0 });
    renderApp('/login');
    await screen.findByLabelText('Username');

    other.send({ type: 'session', session: staff });
    expect(await screen.findByRole('heading', { name: 'Students' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
  });
});
