// Test helpers: the board rendered in the app's providers, over a recorded fake network.
import type { StatusItem } from '@lp/contract/board';
import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router';
import { vi } from 'vitest';
import { Providers } from '@/test/render.tsx';
import { boardQueryKey, useBoard } from '../api/get-board.ts';
import type { LearnerDialogActions } from '../components/board-context.ts';
import { LearnerBoard } from '../components/learner-board.tsx';
import { course } from '../model/fixtures.ts';
import type { BoardLearner } from '../model/types.ts';

export const statuses: StatusItem[] = [
  { id: 1, status: 'In Progress' },
  { id: 2, status: 'Ready for Review' },
  { id: 3, status: 'Reviewed and Incomplete' },
  { id: 4, status: 'Reviewed and Complete' },
];

export type Answer = { status: number; body?: unknown };
export interface Call {
  method: string;
  path: string;
  query: string;
  body: unknown;
}

/** A fake network answering by "METHOD /path" (a function gets the call); records every call. */
export function fakeNetwork(answers: Record<string, Answer | ((call: Call) => Answer)>) {
  const calls: Call[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const call: Call = {
      method: init?.method ?? 'GET',
      path: url.pathname.replace(/^\/api/, ''),
      query: url.search,
      body: init?.body ? JSON.parse(String(init.body)) : undefined,
    };
    calls.push(call);
    const entry = answers[`${call.method} ${call.path}`];
    const answer = typeof entry === 'function' ? entry(call) : entry;
    if (!answer)
      return new Response(JSON.stringify({ message: `No stub for ${call.method} ${call.path}` }), {
        status: 404,
      });
    if (answer.status === 204) return new Response(null, { status: 204 });
    return new Response(JSON.stringify(answer.body ?? {}), {
      status: answer.status,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetch);
  return { calls, fetch, writes: () => calls.filter((call) => call.method !== 'GET') };
}

export function renderWithProviders(ui: ReactElement, queryClient = newQueryClient()) {
  const user = userEvent.setup({
    advanceTimers: (ms) => {
      if (vi.isFakeTimers()) vi.advanceTimersByTime(ms);
    },
  });
  const view = render(
    <Providers queryClient={queryClient}>
      <MemoryRouter>{ui}</MemoryRouter>
    </Providers>,
  );
  return { ...view, user, queryClient };
}

export function newQueryClient() {
  return new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Number.POSITIVE_INFINITY } },
  });
}

export const COHORT = 72;

interface HarnessProps {
  learners: BoardLearner[];
  dialogs: LearnerDialogActions;
  search: string;
}

function Harness({ learners, dialogs, search }: HarnessProps) {
  const data = useBoard(COHORT).data ?? learners;
  return (
    <LearnerBoard
      cohortId={COHORT}
      course={course}
      learners={data}
      search={search}
      statuses={statuses}
      dialogs={dialogs}
    />
  );
}

/** The board of the fixture course with these learners (already cached, as after a load). */
export function renderBoard(
  learners: BoardLearner[],
  options: { search?: string; dialogs?: Partial<LearnerDialogActions> } = {},
) {
  const queryClient = newQueryClient();
  queryClient.setQueryData(boardQueryKey(COHORT), learners);
  const dialogs: LearnerDialogActions = {
    openOverlay: vi.fn(),
    openNotes: vi.fn(),
    openTags: vi.fn(),
    ...options.dialogs,
  };
  const view = renderWithProviders(
    <Harness learners={learners} dialogs={dialogs} search={options.search ?? ''} />,
    queryClient,
  );
  return {
    ...view,
    dialogs,
    rerenderWithSearch: (search: string) =>
      view.rerender(
        <Providers queryClient={queryClient}>
          <MemoryRouter>
            <Harness learners={learners} dialogs={dialogs} search={search} />
          </MemoryRouter>
        </Providers>,
      ),
  };
}
