import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeNetwork } from '@/test/fake-network.ts';
import { studentProfile } from '@/test/fixtures.ts';
import { renderApp } from '@/test/render-app.tsx';

const withSchool = (requiredForStaff: boolean) => ({
  status: 200,
  body: {
    password: true,
    github: true,
    oidc: { name: 'Springfield SSO', required_for_staff: requiredForStaff },
  },
});

describe("the school's sign-in", () => {
  it('is offered by name on the sign-in page, which says when staff must use it', async () => {
    fakeNetwork({ 'GET /auth/options': withSchool(true) });
    renderApp('/login');
    const link = await screen.findByRole('link', { name: 'Sign in with Springfield SSO' });
    expect(link).toHaveAttribute('href', '/api/auth/oidc/url');
    expect(
      screen.getByText('Staff accounts sign in with Springfield SSO only.'),
    ).toBeInTheDocument();
  });

  it('is not offered where the server has none', async () => {
    fakeNetwork({
      'GET /auth/options': { status: 200, body: { password: true, github: true, oidc: null } },
    });
    renderApp('/login');
    await screen.findByRole('link', { name: 'Sign in with Github' });
    expect(screen.queryByRole('link', { name: /Springfield/ })).toBeNull();
  });

  it('says what went wrong when the sign-in came back refused', async () => {
    renderApp(
      `/auth/oidc?${new URLSearchParams({ error: 'No account here has the email address a@school.test.' })}`,
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'No account here has the email address a@school.test.',
    );
  });

  it('says the school account is linked when linking came back, then goes on', async () => {
    fakeNetwork({ 'GET /profile': { status: 200, body: studentProfile } });
    const { user } = renderApp('/auth/oidc?linked=1', { profile: studentProfile, token: 'tok' });
    expect(
      await screen.findByRole('heading', { name: 'School account linked' }),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('heading', { name: 'Overview' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
  });
});
