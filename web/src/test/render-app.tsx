import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation } from 'react-router';
import { AppRoutes } from '@/app/app-routes.tsx';
import { Providers } from '@/app/providers.tsx';
import { resetSessionCache, type Session, setSession } from '@/lib/session.ts';

/** Shows the current path so tests can assert where the user ended up. */
function LocationProbe() {
  const { pathname } = useLocation();
  return <output data-testid="location">{pathname}</output>;
}

/** Renders the whole app at `path`, signed in when a session is given. */
export function renderApp(path: string, session?: Session) {
  resetSessionCache();
  if (session) setSession(session);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const user = userEvent.setup();
  const view = render(
    <Providers queryClient={queryClient}>
      <MemoryRouter initialEntries={[path]}>
        <AppRoutes />
        <LocationProbe />
      </MemoryRouter>
    </Providers>,
  );
  return { ...view, user, queryClient };
}

type Answer = { status: number; body?: unknown };

/** A stand-in for the browser's network: answers by "METHOD /path" (without the /api base). */
export function jsonFetch(answers: Record<string, Answer | (() => Answer)>) {
  return async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = new URL(String(input), 'http://localhost');
    const key = `${init?.method ?? 'GET'} ${url.pathname.replace(/^\/api/, '')}`;
    const entry = answers[key];
    const answer = typeof entry === 'function' ? entry() : entry;
    if (!answer)
      return new Response(JSON.stringify({ message: `No stub for ${key}` }), { status: 404 });
    if (answer.status === 204) return new Response(null, { status: 204 });
    return new Response(JSON.stringify(answer.body ?? {}), {
      status: answer.status,
      headers: { 'content-type': 'application/json' },
    });
  };
}
