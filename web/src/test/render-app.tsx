import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { AppRoutes } from '@/app/app-routes.tsx';
import { resetSessionCache, type Session, setSession } from '@/lib/session.ts';
import { LocationProbe, newQueryClient, Providers } from './render.tsx';

/** Renders the whole app at `path`, signed in when a session is given. */
export function renderApp(path: string, session?: Session) {
  resetSessionCache();
  if (session) setSession(session);
  const queryClient = newQueryClient();
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
