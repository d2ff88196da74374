import type { Cohort } from '@lp/contract/cohorts';
import type { Course } from '@lp/contract/courses';
import { screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { course as fixtureCourse, learner, statuses } from '@/features/board/testing';
import { cohortHealthOf } from '@/features/health/testing';
import { type Answer, fakeNetwork } from '@/test/fake-network.ts';
import { renderWithProviders } from '@/test/render.tsx';
import DashboardPage from './dashboard-page.tsx';

// The cohort's health on the board: a marker with its reasons on flagged cards, and the 'needs
// attention' filter.

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

const cohort: Cohort = {
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
};

const ada = learner('Ada Lovelace', 101);
const grace = learner('Grace Hopper', 203);
const alan = learner('Alan Turing', 101);
const REASON =
  '12 days on Project 1; 80% of past learners finished it in 6 (median 5, 6 past learners)';

function network(health: Answer) {
  return fakeNetwork({
    'GET /cohorts/72': { status: 200, body: cohort },
    'GET /cohorts': { status: 200, body: [{ id: 72, name: 'Day Cohort 72' }] },
    'GET /courses': { status: 200, body: [course] },
    'GET /students': { status: 200, body: [ada, grace, alan] },
    'GET /statuses': {
      status: 200,
      body: { count: 4, next: null, previous: null, results: statuses },
    },
    'GET /events': { status: 200, body: [] },
    'GET /cohorts/72/health': health,
  });
}

const flagged = cohortHealthOf([
  { id: ada.id, name: ada.name, reasons: [REASON, 'No activity for 9 days'] },
  { id: grace.id, name: grace.name },
  { id: alan.id, name: alan.name },
]);

const card = (name: string) => {
  const found = document.querySelector<HTMLElement>(
    `[data-learner-id="${[ada, grace, alan].find((each) => each.name === name)?.id}"]`,
  );
  if (!found) throw new Error(`no card for ${name}`);
  return found;
};

const renderDashboard = () =>
  renderWithProviders(
    <Routes>
      <Route path="/" element={<DashboardPage />} />
    </Routes>,
  );

beforeEach(() => window.localStorage.setItem('activeCohort', '72'));

describe('cohort health on the board', () => {
  it('marks a flagged card, and shows its reasons when the marker is focused', async () => {
    network({ status: 200, body: flagged });
    renderDashboard();
    const marker = await within(await waitFor(() => card('Ada Lovelace'))).findByRole('button', {
      name: 'Needs attention',
    });
    expect(
      within(card('Grace Hopper')).queryByRole('button', { name: 'Needs attention' }),
    ).toBeNull();

    marker.focus();
    const tip = await screen.findByRole('tooltip');
    expect(tip).toHaveTextContent(REASON);
    expect(tip).toHaveTextContent('No activity for 9 days');
  });

  it('filters the board to the learners who need attention, and says how many', async () => {
    network({ status: 200, body: flagged });
    const { user } = renderDashboard();
    const filter = await screen.findByRole('button', { name: 'Needs attention (1)' });
    expect(filter).toHaveAttribute('aria-pressed', 'false');
    expect(await screen.findByRole('region', { name: 'Book 1, 2 learners' })).toBeInTheDocument();

    await user.click(filter);
    expect(filter).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByText('Showing the 1 learner who needs attention')).toBeInTheDocument();
    await waitFor(() => expect(document.querySelectorAll('[data-learner-id]')).toHaveLength(1));
    expect(card('Ada Lovelace')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Book 1, 1 of 2 learners' })).toBeInTheDocument();

    await user.click(filter);
    await waitFor(() => expect(document.querySelectorAll('[data-learner-id]')).toHaveLength(3));
  });

  it('says so when the filter is on and nobody needs attention', async () => {
    network({ status: 200, body: cohortHealthOf([{ id: ada.id, name: ada.name }]) });
    const { user } = renderDashboard();
    await user.click(await screen.findByRole('button', { name: 'Needs attention (0)' }));
    expect(await screen.findByText('No learner needs attention.')).toBeInTheDocument();
  });

  it('keeps the board as it is when the health cannot be read', async () => {
    network({ status: 500, body: { message: 'Something went wrong.' } });
    renderDashboard();
    await waitFor(() => expect(document.querySelectorAll('[data-learner-id]')).toHaveLength(3));
    expect(screen.queryByRole('button', { name: /Needs attention/ })).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
