import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { AppRoutes } from '@/app/app-routes.tsx';
import { startFirstScreen } from '@/app/first-screen.ts';
import { resetSessionCache, type Session, setSession } from '@/lib/session.ts';
import { LocationProbe, newQueryClient, Providers } from './render.tsx';

interface RenderAppOptions {
  /**
   * As a page load in the browser (main.tsx): the first screen's requests and chunks start before
   * the app renders, which shows its routes once the chunks are in.
   */
  pageLoad?: boolean;
}

/** Renders the whole app at `path`, signed in when a session is given. */
export function renderApp(path: string, session?: Session, options: RenderAppOptions = {}) {
  resetSessionCache();
  if (session) setSession(session);
  const queryClient = newQueryClient();
  const firstScreen = options.pageLoad
    ? startFirstScreen(queryClient, new URL(path, 'http://localhost').pathname)
    : null;
  const user = userEvent.setup();
  const view = render(
    <Providers queryClient={queryClient}>
      <MemoryRouter initialEntries={[path]}>
        <AppRoutes firstScreen={firstScreen} />
        <LocationProbe />
      </MemoryRouter>
    </Providers>,
  );
  return { ...view, user, queryClient };
}
