import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { studentProfile } from '@/test/fixtures.ts';
import { jsonFetch, renderApp } from '@/test/render-app.tsx';

describe('GitHub sign-in callback', () => {
  it('exchanges the code, signs in and moves on to the start page after a second', async () => {
    const fetch = vi.fn(
      jsonFetch({
        'POST /auth/github': { status: 200, body: { key: 'github-key' } },
        'GET /profile': { status: 200, body: studentProfile },
      }),
    );
    vi.stubGlobal('fetch', fetch);
    renderApp('/auth/github?code=one-time');
    expect(
      await screen.findByRole('heading', { name: 'Authorization complete' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Engaging warp drive to Learning Platform')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Overview' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
    const exchanges = fetch.mock.calls.filter(([url]) => String(url).endsWith('/auth/github'));
    expect(exchanges).toHaveLength(1);
    expect(exchanges[0]?.[1]?.body).toBe(JSON.stringify({ code: 'one-time' }));
  });

  it('explains a failed exchange and offers the way back to sign in', async () => {
    vi.stubGlobal(
      'fetch',
      jsonFetch({
        'POST /auth/github': { status: 400, body: { message: 'This sign-in code has expired.' } },
      }),
    );
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
});
