// Component tests: a component or screen inside the app's providers (theme, query cache, toasts,
// confirmations) and a router, with a query cache of its own that does not retry.
import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { vi } from 'vitest';
import { Providers } from '@/app/providers.tsx';

export { Providers };

export function newQueryClient(options: { staleTime?: number } = {}) {
  return new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: options.staleTime ?? 0 } },
  });
}

/** Shows the current path so tests can assert where the user ended up. */
export function LocationProbe() {
  const { pathname } = useLocation();
  return <output data-testid="location">{pathname}</output>;
}

export interface RenderOptions {
  /** The URL the router starts at (default '/'; a query after '?'), with navigation state when given. */
  path?: string;
  state?: unknown;
  /** The route pattern `ui` is mounted at (default every path), e.g. '/learners/:learnerId'. */
  route?: string;
  queryClient?: QueryClient;
}

/** Renders `ui` in the app's providers; `user` clicks and types, also under fake timers. */
export function renderWithProviders(ui: ReactElement, options: RenderOptions = {}) {
  const { path = '/', state, route = '*', queryClient = newQueryClient() } = options;
  const [pathname, query] = path.split('?');
  const search = query ? `?${query}` : '';
  // Radix Select and Slider touch pointer-capture APIs that jsdom lacks.
  Element.prototype.hasPointerCapture ??= () => false;
  Element.prototype.setPointerCapture ??= () => {};
  Element.prototype.releasePointerCapture ??= () => {};
  const user = userEvent.setup({
    advanceTimers: (ms) => {
      if (vi.isFakeTimers()) vi.advanceTimersByTime(ms);
    },
  });
  const tree = (element: ReactElement) => (
    <Providers queryClient={queryClient}>
      <MemoryRouter initialEntries={[{ pathname, search, state }]}>
        <Routes>
          <Route path={route} element={element} />
          <Route path="*" element={null} />
        </Routes>
        <LocationProbe />
      </MemoryRouter>
    </Providers>
  );
  const view = render(tree(ui));
  return {
    ...view,
    user,
    queryClient,
    rerender: (next: ReactElement) => view.rerender(tree(next)),
  };
}
