import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeNetwork } from '@/test/fake-network.ts';
import { staffProfile } from '@/test/fixtures.ts';
import { renderApp } from '@/test/render-app.tsx';

const options = { status: 200, body: { password: true, github: true } };

describe('login page', () => {
  it("shows the server's message when the password is wrong, and stays signed out", async () => {
    const message = 'Unable to sign in with those credentials.';
    fakeNetwork({
      'GET /auth/options': options,
      'POST /accounts/verify': { status: 400, body: { message } },
    });
    const { user } = renderApp('/login');
    await user.type(await screen.findByLabelText('Username'), 'instructor');
    await user.type(screen.getByLabelText('Password'), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeEnabled();
    expect(screen.getByTestId('location')).toHaveTextContent('/login');
    expect(window.sessionStorage.getItem('nss_token')).toBeNull();
  });

  it('puts the focus on the password field after a refused sign-in, its text selected to type over', async () => {
    fakeNetwork({
      'GET /auth/options': options,
      'POST /accounts/verify': { status: 400, body: { message: 'Unable to log in.' } },
    });
    const { user } = renderApp('/login');
    await user.type(await screen.findByLabelText('Username'), 'instructor');
    const password = screen.getByLabelText<HTMLInputElement>('Password');
    await user.type(password, 'wrong');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    await screen.findByRole('alert');
    await waitFor(() => expect(password).toHaveFocus());
    expect([password.selectionStart, password.selectionEnd]).toEqual([0, 'wrong'.length]);
    await user.keyboard('learnops');
    expect(password).toHaveValue('learnops');
  });

  it('puts the focus on the password field when too many failures refuse the sign-in', async () => {
    const message = 'Too many failed sign-in attempts. Try again in 15 minutes.';
    fakeNetwork({
      'GET /auth/options': options,
      'POST /accounts/verify': {
        status: 429,
        body: { message },
        headers: { 'retry-after': '900' },
      },
    });
    const { user } = renderApp('/login');
    await user.type(await screen.findByLabelText('Username'), 'instructor');
    await user.type(screen.getByLabelText('Password'), 'learnops');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    await waitFor(() => expect(screen.getByLabelText('Password')).toHaveFocus());
  });

  it('signs in with a password and lands on the staff start page', async () => {
    const network = fakeNetwork({
      'GET /auth/options': options,
      'POST /accounts/verify': { status: 200, body: { token: 'fresh-token' } },
      'GET /profile': { status: 200, body: staffProfile },
    });
    const { user } = renderApp('/login');
    await user.type(await screen.findByLabelText('Username'), 'instructor');
    await user.type(screen.getByLabelText('Password'), 'learnops');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByRole('heading', { name: 'Students' })).toBeInTheDocument();
    const profileCall = network.calls.find((call) => call.path === '/profile');
    expect(profileCall?.headers.get('Authorization')).toBe('Token fresh-token');
    const verifyCall = network.calls.find((call) => call.path === '/accounts/verify');
    expect(verifyCall?.headers.has('Authorization')).toBe(false);
    // The device cookie the server sets goes with the next sign-in, the API's origin or not.
    expect(verifyCall?.credentials).toBe('include');
  });

  it('offers only GitHub when password sign-in is off', async () => {
    fakeNetwork({ 'GET /auth/options': { status: 200, body: { password: false, github: true } } });
    renderApp('/login');
    const github = await screen.findByRole('link', { name: 'Sign in with Github' });
    expect(github).toHaveAttribute('href', '/api/auth/github/url');
    expect(screen.queryByLabelText('Password')).not.toBeInTheDocument();
  });

  it('shows GitHub sign-in as unavailable when the server has no GitHub app', async () => {
    fakeNetwork({ 'GET /auth/options': { status: 200, body: { password: true, github: false } } });
    renderApp('/login');
    const github = await screen.findByRole('button', { name: 'Sign in with Github' });
    expect(github).toBeDisabled();
    expect(
      screen.getByText('GitHub sign-in is not configured on this server.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Sign in with Github' })).not.toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toBeInTheDocument();
  });
});
