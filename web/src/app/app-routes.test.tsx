import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { api } from '@/lib/api-client.ts';
import { fakeNetwork } from '@/test/fake-network.ts';
import { staffProfile, studentProfile } from '@/test/fixtures.ts';
import { renderApp } from '@/test/render-app.tsx';

describe('route guard and role switch', () => {
  it('sends a signed-out visitor of /cohorts to the sign-in page', async () => {
    renderApp('/cohorts');
    expect(await screen.findByRole('heading', { name: 'Learning Platform' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/login');
    expect(screen.queryByRole('link', { name: 'Cohorts' })).not.toBeInTheDocument();
  });

  it('gives staff the staff navbar and screens', async () => {
    renderApp('/cohorts', { profile: staffProfile, token: 'tok' });
    expect(await screen.findByRole('heading', { name: 'Cohorts' })).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Main' });
    for (const label of ['Students', 'Teams', 'Jobs', 'Cohorts', 'Courses', 'Foundations']) {
      expect(nav).toContainElement(screen.getByRole('link', { name: label }));
    }
    expect(screen.getByRole('link', { name: 'Jobs' })).toHaveAttribute('href', '/jobs');
    expect(screen.getByRole('button', { name: 'Settings' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Log out' })).toBeInTheDocument();
  });

  it("names the foundations link 'Foundations Exercises' for staff who coach no cohort", async () => {
    const staffOnly = { ...staffProfile, instructor: false, cohorts: [] };
    renderApp('/cohorts', { profile: staffOnly, token: 'tok' });
    expect(await screen.findByRole('heading', { name: 'Cohorts' })).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(nav).toContainElement(screen.getByRole('link', { name: 'Foundations Exercises' }));
    expect(screen.getByRole('link', { name: 'Foundations Exercises' })).toHaveAttribute(
      'href',
      '/foundations',
    );
  });

  it('sends a signed-in user away from /login to the start page', async () => {
    renderApp('/login', { profile: staffProfile, token: 'tok' });
    expect(await screen.findByRole('heading', { name: 'Students' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
  });

  it('gives learners the student navbar without staff links or settings', async () => {
    fakeNetwork({ 'GET /profile': { status: 200, body: studentProfile } });
    renderApp('/', { profile: studentProfile, token: 'tok' });
    expect(await screen.findByRole('heading', { name: 'Overview' })).toBeInTheDocument();
    expect(screen.getByText('Evening Cohort 31')).toBeInTheDocument();
    expect(screen.getByText('Sam Learner')).toBeInTheDocument();
    for (const label of ['Overview', 'Capstones', 'Core Skills', 'Calendar']) {
      expect(screen.getByRole('link', { name: label })).toBeInTheDocument();
    }
    expect(screen.queryByRole('link', { name: 'Cohorts' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Settings' })).not.toBeInTheDocument();
  });

  it('shows a page-not-found screen with a way home for unknown paths', async () => {
    renderApp('/cohorts', { profile: studentProfile, token: 'tok' });
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the start page' })).toHaveAttribute('href', '/');
  });
});

describe('an ended session', () => {
  it('goes to the signed-out start page after Log out on any screen, as the spec says', async () => {
    fakeNetwork({ 'POST /auth/logout': { status: 204 } });
    const { user } = renderApp('/cohorts', { profile: staffProfile, token: 'tok' });
    await user.click(await screen.findByRole('button', { name: 'Log out' }));
    expect(await screen.findByRole('link', { name: 'Sign in' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
  });

  it('stays on the start page when a request in flight is refused during Log out', async () => {
    // The server revokes the token before it answers the log-out; a request of the screen that
    // was still under way (a live board reconnecting, say) is refused meanwhile.
    const network = fakeNetwork({
      'GET /cohorts': { status: 401, body: { message: 'Invalid token.' } },
      'POST /auth/logout': async () => {
        await api.get('/cohorts').catch(() => {});
        return { status: 204 };
      },
    });
    const { user } = renderApp('/foundations', { profile: staffProfile, token: 'tok' });
    await user.click(await screen.findByRole('button', { name: 'Log out' }));
    expect(await screen.findByRole('link', { name: 'Sign in' })).toBeInTheDocument();
    expect(network.calls.map((call) => call.url)).toContain('/cohorts');
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
    expect(screen.queryByText('Your session has ended. Please sign in again.')).toBeNull();
  });

  it('sends the user to sign in again and says why', async () => {
    fakeNetwork({
      'GET /profile': { status: 401, body: { message: 'Invalid token.' } },
      'GET /auth/options': { status: 200, body: { password: true, github: false } },
    });
    renderApp('/', { profile: studentProfile, token: 'revoked' });
    expect(
      await screen.findByText('Your session has ended. Please sign in again.'),
    ).toBeInTheDocument();
    expect(await screen.findByLabelText('Password')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/login');
    expect(window.sessionStorage.getItem('nss_token')).toBeNull();
  });
});
