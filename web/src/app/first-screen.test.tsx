import type { Course } from '@lp/contract/courses';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { course as boardCourse, learner, statuses } from '@/features/board/testing';
import { cohortHealthOf } from '@/features/health/testing';
import { setSession } from '@/lib/session.ts';
import { setSetting } from '@/lib/settings.ts';
import { fakeNetwork } from '@/test/fake-network.ts';
import { staffProfile, studentProfile } from '@/test/fixtures.ts';
import { type CommitRecording, recordCommits } from '@/test/react-commits.ts';
import { Providers } from '@/test/render.tsx';
import { AppRoutes } from './app-routes.tsx';
import { startFirstScreen } from './first-screen.ts';
import { createQueryClient } from './query-client.ts';

const course: Course = {
  id: boardCourse.id,
  name: boardCourse.name,
  date_created: '2026-01-05',
  active: true,
  books: boardCourse.books.map((book) => ({
    ...book,
    projects: book.projects.map((project) => ({ ...project, active: project.active ?? true })),
  })),
};

const ada = learner('Ada Lovelace', 101);

function network() {
  return fakeNetwork({
    'GET /cohorts/7': {
      status: 200,
      body: { id: 7, name: 'Day Cohort 70', capstone: false, time_zone: 'America/Chicago' },
    },
    'GET /cohorts': { status: 200, body: [{ id: 7, name: 'Day Cohort 70' }] },
    'GET /courses': { status: 200, body: [course] },
    'GET /students': { status: 200, body: [ada] },
    'GET /statuses': {
      status: 200,
      body: { count: 4, next: null, previous: null, results: statuses },
    },
    'GET /events': { status: 200, body: [] },
    'GET /profile': { status: 200, body: staffProfile },
    'GET /cohorts/7/health': {
      status: 200,
      body: cohortHealthOf([{ id: ada.id, name: ada.name, reasons: ['No activity for 9 days'] }]),
    },
  });
}

// The staff session's active cohort is 7 (its first coached cohort).
const boardRequests = [
  '/cohorts/7',
  '/courses?cohortId=7&active=true',
  '/students?cohort=7',
  '/statuses',
  '/cohorts?active=true',
  '/events?cohort=7',
  '/profile',
  '/cohorts/7/health',
];

let recording: CommitRecording | null = null;
afterEach(() => recording?.stop());

describe('a page load with a stored session', () => {
  it("asks for the board's data at once, before anything renders, and the board uses it", async () => {
    const { calls } = network();
    setSession({ profile: staffProfile, token: 'staff-token' });
    const queryClient = createQueryClient();

    startFirstScreen(queryClient, '/');
    await waitFor(() => expect(calls.map((call) => call.url).sort()).toEqual(boardRequests.sort()));
    for (const call of calls) expect(call.headers.get('Authorization')).toBe('Token staff-token');
    // All in before the screen renders, as when its chunks come last.
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));

    recording = recordCommits();
    render(
      <Providers queryClient={queryClient}>
        <MemoryRouter initialEntries={['/']}>
          <AppRoutes />
        </MemoryRouter>
      </Providers>,
    );
    const card = await screen.findByRole('group', { name: 'Ada Lovelace' });
    // The health was in with the board: the card shows with its marker, rendered once.
    expect(within(card).getByRole('button', { name: 'Needs attention' })).toBeInTheDocument();
    expect(recording.renders('CardShell').get(String(ada.id))).toBe(1);
    // Each asked for once: the screen's hooks found the answers in the cache.
    for (const url of boardRequests) {
      expect(calls.filter((call) => call.url === url)).toHaveLength(1);
    }
  });

  it('shows a loading state until the chunks are in, then the navbar and the board', async () => {
    network();
    setSession({ profile: staffProfile, token: 'staff-token' });
    const queryClient = createQueryClient();
    const firstScreen = startFirstScreen(queryClient, '/');
    if (!firstScreen) throw new Error('a stored session starts the first screen');

    render(
      <Providers queryClient={queryClient}>
        <MemoryRouter initialEntries={['/']}>
          <AppRoutes firstScreen={firstScreen} />
        </MemoryRouter>
      </Providers>,
    );
    expect(screen.getByRole('status')).toHaveTextContent('Loading…');
    await act(() => firstScreen);
    // Mounted as soon as the chunks settled.
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
    expect(await screen.findByRole('group', { name: 'Ada Lovelace' })).toBeInTheDocument();
  });

  it('leaves out the upcoming events when their panel is closed', async () => {
    const { calls } = network();
    setSession({ profile: staffProfile, token: 'staff-token' });
    setSetting('boardPanel', false);
    startFirstScreen(createQueryClient(), '/');
    await waitFor(() => expect(calls).toHaveLength(boardRequests.length - 1));
    expect(calls.map((call) => call.path)).not.toContain('/events');
  });

  it('asks for nothing on another screen, for a learner, or without a session', async () => {
    const { calls } = network();
    startFirstScreen(createQueryClient(), '/');
    setSession({ profile: studentProfile, token: 'student-token' });
    startFirstScreen(createQueryClient(), '/');
    setSession({ profile: staffProfile, token: 'staff-token' });
    startFirstScreen(createQueryClient(), '/cohorts');
    // Then the board, for comparison: by the time its requests are out, any of those would be.
    startFirstScreen(createQueryClient(), '/');
    await waitFor(() => expect(calls).toHaveLength(boardRequests.length));
    expect(calls.map((call) => call.url).sort()).toEqual(boardRequests.sort());
  });
});
