import type { Cohort } from '@lp/contract/cohorts';
import type { Course } from '@lp/contract/courses';
import type { CohortEvent } from '@lp/contract/events';
import { screen, waitFor, within } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { course as fixtureCourse, learner, statuses } from '@/features/board/testing';
import { addDays, todayIn } from '@/lib/dates.ts';
import { fakeNetwork, type Stub } from '@/test/fake-network.ts';
import { staffProfile } from '@/test/fixtures.ts';
import { renderWithProviders } from '@/test/render.tsx';
import DashboardPage from './dashboard-page.tsx';

const course: Course = {
  id: fixtureCourse.id,
  name: 'JavaScript',
  date_created: '2026-01-05',
  active: true,
  books: fixtureCourse.books.map((book) => ({
    ...book,
    projects: book.projects.map((project) => ({ ...project, active: project.active ?? true })),
  })),
};

const cohort = (overrides: Partial<Cohort> = {}): Cohort => ({
  id: 72,
  name: 'Day Cohort 72',
  slack_channel: 'C1',
  start_date: '2026-01-05',
  end_date: '2026-07-01',
  active: true,
  capstone: false,
  time_zone: 'America/Chicago',
  students: 3,
  is_instructor: 1,
  coaches: [],
  courses: [],
  info: null,
  student_organization_url: null,
  github_classroom_url: null,
  attendance_sheet_url: null,
  ...overrides,
});

const today = todayIn('America/Chicago');
let eventId = 1;
const event = (name: string, days: number, time: string | null): CohortEvent => ({
  id: eventId++,
  cohort: 72,
  event_name: name,
  event_datetime: `${addDays(today, days)}T${time ?? '00:00'}:00Z`,
  description: '',
  event_type: { id: 1, description: 'Lecture', color: '#eef' },
  date: addDays(today, days),
  time,
  time_zone: 'America/Chicago',
  all_day: time === null,
});

function Where() {
  const { pathname, search } = useLocation();
  return <output data-testid="where">{`${pathname}${search}`}</output>;
}

function network(overrides: Record<string, Stub> = {}) {
  return fakeNetwork({
    'GET /cohorts/72': { status: 200, body: cohort() },
    'GET /cohorts': {
      status: 200,
      body: [
        { id: 72, name: 'Day Cohort 72' },
        { id: 70, name: 'Day Cohort 70' },
      ],
    },
    'GET /courses': { status: 200, body: [course] },
    'GET /students': {
      status: 200,
      body: [
        learner('Ada Lovelace', 101, { tags: [{ id: 1, tag: 'lighthouse' }] }),
        learner('Grace Hopper', 203),
      ],
    },
    'GET /statuses': {
      status: 200,
      body: { count: 4, next: null, previous: null, results: statuses },
    },
    'GET /events': {
      status: 200,
      body: [
        event('Past', -1, '09:00'),
        event('Later', 9, '09:00'),
        event('Soonest', 0, null),
        event('Too far', 15, '09:00'),
        event('Demo day', 3, '14:30'),
        event('Standup', 1, '09:00'),
        event('Retro', 5, '16:00'),
        event('Sixth', 12, '10:00'),
      ],
    },
    ...overrides,
  });
}

function renderDashboard(path = '/') {
  return renderWithProviders(
    <>
      <Routes>
        <Route path="/" element={<DashboardPage />} />
        <Route path="/cohorts" element={<h1>Cohorts</h1>} />
      </Routes>
      <Where />
    </>,
    { path },
  );
}

describe('dashboard', () => {
  it('sends a user without an active cohort to /cohorts with a warning', async () => {
    network();
    renderDashboard();
    expect(
      await screen.findByText('You have not joined a cohort. Please choose one.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/cohorts'));
  });

  it('without an active cohort shows a cohort the person coaches, asked fresh of the server', async () => {
    network({
      'GET /profile': {
        status: 200,
        body: { ...staffProfile, cohorts: [{ id: 72, name: 'Day Cohort 72' }] },
      },
    });
    renderDashboard();
    await waitFor(() => expect(window.localStorage.getItem('activeCohort')).toBe('72'));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent(/^\/$/));
    expect(
      screen.queryByText('You have not joined a cohort. Please choose one.'),
    ).not.toBeInTheDocument();
  });

  it('shows the cohort strip, the board, the upcoming events and the shortcuts', async () => {
    window.localStorage.setItem('activeCohort', '72');
    const calls = network();
    renderDashboard();
    expect(await screen.findByRole('region', { name: 'Book 1, 1 learner' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Book 2, 1 learner' })).toBeInTheDocument();
    const strip = screen.getByRole('navigation', { name: 'Active cohorts' });
    expect(within(strip).getByRole('button', { name: 'Day Cohort 72' })).toHaveAttribute(
      'aria-current',
      'true',
    );
    expect(screen.getByPlaceholderText('Search learners & tags (s l)')).toBeInTheDocument();
    expect(calls.calls.find((call) => call.path === '/students')?.search).toBe('?cohort=72');
    expect(calls.calls.find((call) => call.path === '/courses')?.search).toBe(
      '?cohortId=72&active=true',
    );

    const events = screen.getByRole('region', { name: 'Upcoming Events' });
    await waitFor(() => expect(within(events).getAllByRole('listitem')).toHaveLength(5));
    expect(
      within(events)
        .getAllByRole('listitem')
        .map((item) => item.textContent?.split(/[A-Z][a-z]{2} \d/)[0]),
    ).toEqual(['Soonest', 'Standup', 'Demo day', 'Retro', 'Later']);
    expect(within(events).getByText(/at 2:30 pm$/)).toBeInTheDocument();

    const shortcuts = screen.getByRole('region', { name: 'Keyboard shortcuts' });
    for (const action of ['Toggle tags', 'Toggle avatars', 'Search learners', 'Search cohorts']) {
      expect(within(shortcuts).getByText(action)).toBeInTheDocument();
    }
  });

  it('says there are no upcoming events only once the events have arrived', async () => {
    window.localStorage.setItem('activeCohort', '72');
    let answer: (value: { status: number; body: unknown }) => void = () => {};
    const held = new Promise<{ status: number; body: unknown }>((resolve) => {
      answer = resolve;
    });
    network({ 'GET /events': () => held });
    renderDashboard();
    await screen.findByRole('region', { name: 'Book 1, 1 learner' });
    const events = screen.getByRole('region', { name: 'Upcoming Events' });
    expect(within(events).queryByText('No upcoming events.')).not.toBeInTheDocument();
    answer({ status: 200, body: [event('Past', -2, '09:00')] });
    expect(await within(events).findByText('No upcoming events.')).toBeInTheDocument();
  });

  it('lists every cohort the person coaches in the strip, active or not, then the other active ones', async () => {
    window.localStorage.setItem('activeCohort', '72');
    const coached = [
      { id: 72, name: 'Day Cohort 72' },
      ...[61, 62, 63, 64, 65, 66, 67].map((id) => ({ id, name: `Evening Cohort ${id}` })),
    ];
    network({ 'GET /profile': { status: 200, body: { ...staffProfile, cohorts: coached } } });
    renderDashboard();
    const strip = await screen.findByRole('navigation', { name: 'Active cohorts' });
    await waitFor(() =>
      expect(
        within(strip)
          .getAllByRole('button')
          .map((button) => button.textContent),
      ).toEqual([...coached.map((cohort) => cohort.name), 'Day Cohort 70']),
    );
    expect(within(strip).getByRole('button', { name: 'Day Cohort 72' })).toHaveAttribute(
      'aria-current',
      'true',
    );
  });

  it("focuses the learner search with 's l', and typing there never fires shortcuts", async () => {
    window.localStorage.setItem('activeCohort', '72');
    network();
    const { user } = renderDashboard();
    await screen.findByRole('region', { name: 'Book 1, 1 learner' });
    await user.keyboard('sl');
    const search = screen.getByPlaceholderText('Search learners & tags (s l)');
    expect(search).toHaveFocus();
    await user.keyboard('tasclight');
    expect(search).toHaveValue('tasclight');
    expect(search).toHaveFocus();
    await user.clear(search);
    await user.type(search, 'light');
    expect(screen.queryByRole('button', { name: 'Grace Hopper' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Ada Lovelace' })).toBeInTheDocument();
  });

  it("switches cohort from the cohort search ('s c') and remembers it", async () => {
    window.localStorage.setItem('activeCohort', '72');
    const calls = network({
      'GET /cohorts/70': { status: 200, body: cohort({ id: 70, name: 'Day Cohort 70' }) },
    });
    const { user } = renderDashboard();
    await screen.findByRole('region', { name: 'Book 1, 1 learner' });
    await user.keyboard('sc');
    const cohortSearch = screen.getByPlaceholderText('Search cohorts (s c)');
    expect(cohortSearch).toHaveFocus();
    await user.keyboard('70{Enter}');
    await waitFor(() =>
      expect(calls.calls.some((call) => call.search === '?cohort=70')).toBe(true),
    );
    expect(window.localStorage.getItem('activeCohort')).toBe('70');
  });

  it("opens the evaluation of the learner the address names (the health page's review queue)", async () => {
    window.localStorage.setItem('activeCohort', '72');
    const calls = network({
      'GET /students': { status: 200, body: [learner('Ada Lovelace', 101, { id: 5001 })] },
      'GET /assessments': { status: 200, body: [] },
    });
    renderDashboard('/?evaluate=5001');
    expect(await screen.findByRole('dialog', { name: 'Assessment Evaluation' })).toBeVisible();
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent(/^\/$/));
    expect(calls.calls.find((call) => call.path === '/assessments')?.search).toBe(
      '?studentId=5001',
    );
  });

  it('says so when the learner to evaluate is not on the board', async () => {
    window.localStorage.setItem('activeCohort', '72');
    network();
    renderDashboard('/?evaluate=999');
    expect(
      await screen.findByText("That learner is not on this cohort's board any more."),
    ).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Assessment Evaluation' })).toBeNull();
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent(/^\/$/));
  });

  it('shows the proposal list and the MVP counter for a capstone cohort', async () => {
    window.localStorage.setItem('activeCohort', '72');
    network({
      'GET /cohorts/72': { status: 200, body: cohort({ capstone: true }) },
      'GET /proposalstatuses': {
        status: 200,
        body: { count: 0, next: null, previous: null, results: [] },
      },
      'GET /capstones': { status: 200, body: [] },
    });
    renderDashboard();
    expect(await screen.findByText('0 / 2 @ MVP')).toBeInTheDocument();
    expect(await screen.findByRole('region', { name: 'Capstone proposals' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: /^Book 1/ })).not.toBeInTheDocument();
  });

  it('says when the cohort has no active course', async () => {
    window.localStorage.setItem('activeCohort', '72');
    network({ 'GET /courses': { status: 200, body: [] } });
    renderDashboard();
    expect(await screen.findByText('This cohort has no active course.')).toBeInTheDocument();
  });

  it("opens the learners feature's notes dialog from the card menu", async () => {
    window.localStorage.setItem('activeCohort', '72');
    network();
    const { user } = renderDashboard();
    await screen.findByRole('region', { name: 'Book 1, 1 learner' });
    await user.click(screen.getByRole('button', { name: 'Actions for Ada Lovelace' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Learner Notes' }));
    expect(await screen.findByRole('dialog')).toBeInTheDocument();
  });

  it('says when the cohort cannot be loaded, with a way to choose another', async () => {
    window.localStorage.setItem('activeCohort', '72');
    network({ 'GET /cohorts/72': { status: 404, body: { message: 'Cohort not found' } } });
    renderDashboard();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      "Could not load this cohort's dashboard: Cohort not found",
    );
    expect(screen.getByRole('link', { name: 'Choose another cohort' })).toHaveAttribute(
      'href',
      '/cohorts',
    );
  });
});
