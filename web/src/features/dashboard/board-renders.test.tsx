import type { Cohort } from '@lp/contract/cohorts';
import type { Course } from '@lp/contract/courses';
import { screen, waitFor } from '@testing-library/react';
import { type ComponentProps, createElement } from 'react';
import { Route, Routes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { course as fixtureCourse, learner, statuses } from '@/features/board/testing';
import { fakeNetwork } from '@/test/fake-network.ts';
import { renderWithProviders } from '@/test/render.tsx';
import DashboardPage from './dashboard-page.tsx';

// How much work a page load does per card (issue 30): the board page loaded as a browser loads
// it, every query answered, and each card's renders counted where they happen. A card's shell
// renders once per useDraggable call (dnd-kit's hook, one per card), its face once per
// CardActivity (one per face). A menu of Radix mounted per card before it is opened would
// count in DropdownMenu.Root, and a tooltip per card in Tooltip.

const counts = vi.hoisted(() => ({
  shells: new Map<string | number, number>(),
  faces: 0,
  menus: 0,
  tooltips: 0,
}));

vi.mock('@dnd-kit/core', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@dnd-kit/core')>();
  return {
    ...actual,
    useDraggable: (args: Parameters<typeof actual.useDraggable>[0]) => {
      counts.shells.set(args.id, (counts.shells.get(args.id) ?? 0) + 1);
      return actual.useDraggable(args);
    },
  };
});

vi.mock('@/features/board/components/card-activity.tsx', async (importOriginal) => {
  const actual =
    await importOriginal<typeof import('@/features/board/components/card-activity.tsx')>();
  return {
    ...actual,
    // Not memoised, as the original is: called on every render of the face that shows it.
    CardActivity: (props: ComponentProps<typeof actual.CardActivity>) => {
      counts.faces += 1;
      return createElement(actual.CardActivity, props);
    },
  };
});

vi.mock('@radix-ui/themes', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@radix-ui/themes')>();
  const Root = actual.DropdownMenu.Root;
  return {
    ...actual,
    Tooltip: (props: ComponentProps<typeof actual.Tooltip>) => {
      counts.tooltips += 1;
      return createElement(actual.Tooltip, props);
    },
    DropdownMenu: {
      ...actual.DropdownMenu,
      Root: (props: Parameters<typeof Root>[0]) => {
        counts.menus += 1;
        return Root(props);
      },
    },
  };
});

const CARDS = 60;
const projectIds = fixtureCourse.books.flatMap((book) =>
  book.projects.filter((project) => project.active !== false).map((project) => project.id),
);

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
  students: CARDS,
  is_instructor: 1,
  coaches: [],
  courses: [],
  info: null,
  student_organization_url: null,
  github_classroom_url: null,
  attendance_sheet_url: null,
};

describe('a page load of the board', () => {
  it('renders each of 60 cards once or twice, and mounts no card menu or tooltip before one is opened', async () => {
    window.localStorage.setItem('activeCohort', '72');
    const learners = Array.from({ length: CARDS }, (_, i) =>
      learner(`Learner ${String(i).padStart(2, '0')}`, projectIds[i % projectIds.length] ?? null, {
        assessment_status_id: i % 5,
        tags: i % 3 === 0 ? [{ id: i, tag: 'pairing' }] : [],
      }),
    );
    fakeNetwork({
      'GET /cohorts/72': { status: 200, body: cohort },
      'GET /cohorts': { status: 200, body: [{ id: 72, name: 'Day Cohort 72' }] },
      'GET /courses': { status: 200, body: [course] },
      'GET /students': { status: 200, body: learners },
      'GET /statuses': {
        status: 200,
        body: { count: statuses.length, next: null, previous: null, results: statuses },
      },
      'GET /events': { status: 200, body: [] },
    });
    renderWithProviders(
      <Routes>
        <Route path="/" element={<DashboardPage />} />
      </Routes>,
    );
    await waitFor(() => expect(document.querySelectorAll('.lp-card')).toHaveLength(CARDS));
    // Settled: the events panel's answer is in too.
    await screen.findByText(/No events|no upcoming events/i);

    const shells = learners.map((one) => counts.shells.get(one.id) ?? 0);
    expect(Math.min(...shells)).toBeGreaterThanOrEqual(1);
    expect(Math.max(...shells)).toBeLessThanOrEqual(2);
    expect(counts.faces).toBeGreaterThanOrEqual(CARDS);
    expect(counts.faces).toBeLessThanOrEqual(2 * CARDS);
    expect(counts.menus).toBe(0);
    // The toolbar's and the columns' tooltips, whatever their number: none of them per card.
    expect(counts.tooltips).toBeLessThan(CARDS);
  });
});
