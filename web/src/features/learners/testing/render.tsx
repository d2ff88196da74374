// Test helpers: a learners component inside the app's providers, over a recorded fake network.
import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { vi } from 'vitest';
import { Providers } from '@/test/render.tsx';

export type Answer = { status: number; body?: unknown };
export interface Call {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
}

/** Answers by "METHOD /path" (without /api); a function gets the call. Records every call. */
export function fakeNetwork(answers: Record<string, Answer | ((call: Call) => Answer)>) {
  const calls: Call[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const call: Call = {
      method: init?.method ?? 'GET',
      path: url.pathname.replace(/^\/api/, ''),
      query: url.searchParams,
      body: init?.body ? JSON.parse(String(init.body)) : undefined,
    };
    calls.push(call);
    const entry = answers[`${call.method} ${call.path}`];
    const answer = typeof entry === 'function' ? entry(call) : entry;
    if (!answer)
      return new Response(JSON.stringify({ message: `No stub for ${call.method} ${call.path}` }), {
        status: 404,
        headers: { 'content-type': 'application/json' },
      });
    if (answer.status === 204) return new Response(null, { status: 204 });
    return new Response(JSON.stringify(answer.body ?? {}), {
      status: answer.status,
      headers: { 'content-type': 'application/json' },
    });
  });
  return {
    calls,
    writes: () =>
      calls
        .filter((call) => call.method !== 'GET')
        .map(({ method, path, body }) => ({ method, path, body })),
  };
}

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname}</output>;
}

/** Renders `ui` at `path` (with navigation state when given), in the app's providers. */
export function renderLearners(
  ui: ReactElement,
  { path = '/', state, route = '*' }: { path?: string; state?: unknown; route?: string } = {},
) {
  // Radix Select and Slider touch pointer-capture APIs that jsdom lacks.
  Element.prototype.hasPointerCapture ??= () => false;
  Element.prototype.setPointerCapture ??= () => {};
  Element.prototype.releasePointerCapture ??= () => {};
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const user = userEvent.setup();
  const view = render(
    <Providers queryClient={queryClient}>
      <MemoryRouter initialEntries={[{ pathname: path, state }]}>
        <Routes>
          <Route path={route} element={ui} />
          <Route path="*" element={null} />
        </Routes>
        <LocationProbe />
      </MemoryRouter>
    </Providers>,
  );
  return { ...view, user, queryClient };
}
