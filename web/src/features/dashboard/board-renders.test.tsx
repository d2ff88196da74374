import type { Cohort } from '@lp/contract/cohorts';
import type { Course } from '@lp/contract/courses';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { course as fixtureCourse, learner, statuses } from '@/features/board/testing';
import { cohortHealthOf } from '@/features/health/testing';
import { type Answer, fakeNetwork } from '@/test/fake-network.ts';
import { staffProfile } from '@/test/fixtures.ts';
import { type CommitRecording, recordCommits } from '@/test/react-commits.ts';
import { renderApp } from '@/test/render-app.tsx';

// How much React renders per card as the board's page loads (issue 30), counted in the commits
// React DOM hands to a DevTools hook (test/react-commits.ts): each card (LearnerCard, dnd-kit's
// draggable), its shell (CardShell) and face (CardFace) render in one or two commits, not once per query that arrives; and a card
// mounts its menu and its tooltip only when one is opened, one at a time.

const CARDS = 60;
const COHORT = 72;
/** Radix's menus, tooltips, hover cards and popovers, as Radix Themes and Radix name them. */
const POPUPS = ['DropdownMenu.Root', 'DropdownMenu', 'Menu', 'Tooltip', 'HoverCard', 'Popover'];

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
const projectIds = course.books.flatMap((book) =>
  book.projects.filter((project) => project.active).map((project) => project.id),
);

const cohort: Cohort = {
  id: COHORT,
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

/** An instructor whose active cohort is the board's (their first coached cohort). */
const profile = { ...staffProfile, cohorts: [{ id: COHORT, name: cohort.name }] };

const learners = Array.from({ length: CARDS }, (_, i) =>
  learner(`Learner ${String(i).padStart(2, '0')}`, projectIds[i % projectIds.length] ?? null, {
    assessment_status_id: i % 5,
    tags: i % 3 === 0 ? [{ id: i, tag: 'pairing' }] : [],
  }),
);
// Every seventh learner needs attention: a marker with its reasons on their card.
const flagged = learners.filter((_, i) => i % 7 === 0);
const health = cohortHealthOf(
  learners.map((one) => ({
    id: one.id,
    name: one.name,
    reasons: flagged.includes(one) ? ['No activity for 9 days'] : [],
  })),
);

/** An answer the test lets through when it chooses. */
function heldAnswer(answer: Answer) {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  return { release, stub: () => released.then(() => answer) };
}

/**
 * Every request of the board's page load answered: the board's own (its cohort, course and
 * learners) at once, and the others one after another once the cards are on screen, as a
 * browser often gets them, so that a card rendered again for each of them would count.
 */
function boardNetwork() {
  const later = {
    statuses: heldAnswer({
      status: 200,
      body: { count: statuses.length, next: null, previous: null, results: statuses },
    }),
    cohorts: heldAnswer({ status: 200, body: [{ id: COHORT, name: cohort.name }] }),
    profile: heldAnswer({ status: 200, body: profile }),
    events: heldAnswer({ status: 200, body: [] }),
    health: heldAnswer({ status: 200, body: health }),
  };
  const network = fakeNetwork({
    [`GET /cohorts/${COHORT}`]: { status: 200, body: cohort },
    'GET /courses': { status: 200, body: [course] },
    'GET /students': { status: 200, body: learners },
    'GET /statuses': later.statuses.stub,
    'GET /cohorts': later.cohorts.stub,
    'GET /profile': later.profile.stub,
    'GET /events': later.events.stub,
    [`GET /cohorts/${COHORT}/health`]: later.health.stub,
  });
  return { later: Object.values(later), network };
}

const cardOf = (name: string) => screen.getByRole('group', { name });

/** The board's page loaded as a browser loads it, until every answer shows. */
async function loadBoard() {
  const { later, network } = boardNetwork();
  const view = renderApp('/', { profile, token: 'tok' }, { pageLoad: true });
  await waitFor(() => expect(document.querySelectorAll('.lp-card')).toHaveLength(CARDS));
  for (const [i, answer] of later.entries()) {
    answer.release();
    const stillHeld = later.length - i - 1;
    await waitFor(() => expect(view.queryClient.isFetching()).toBeLessThanOrEqual(stillHeld));
  }
  await screen.findByText('No upcoming events.');
  await waitFor(() =>
    expect(screen.getAllByRole('button', { name: 'Needs attention' })).toHaveLength(flagged.length),
  );
  return { ...view, network };
}

let recording: CommitRecording | null = null;
afterEach(() => recording?.stop());

describe('a page load of the board', () => {
  it('renders each of 60 cards in one or two commits', async () => {
    recording = recordCommits();
    await loadBoard();

    for (const component of ['LearnerCard', 'CardShell', 'CardFace']) {
      const renders = recording.renders(component);
      const notOnceOrTwice = learners
        .map((one) => `${component} of ${one.name}: ${renders.get(String(one.id)) ?? 0}`)
        .filter((line) => !/: [12]$/.test(line));
      expect(notOnceOrTwice).toEqual([]);
    }
  });

  it('renders only the moved card again when the board is read again with a learner moved', async () => {
    recording = recordCommits();
    const { queryClient, network } = await loadBoard();
    const moved = learners[0];
    const to = projectIds.find((id) => id !== moved?.project_id);
    if (!moved || to === undefined) throw new Error('The fixture has no learner to move');
    const columnOf = (name: string) =>
      cardOf(name).closest('[data-column]')?.getAttribute('data-column');
    const before = columnOf(moved.name);
    const loaded = ['LearnerCard', 'CardShell', 'CardFace'].map((component) =>
      recording?.renders(component),
    );
    // As the server sorts the board by book and project: the moved learner in another place.
    network.answer('GET /students', {
      status: 200,
      body: [...learners.filter((one) => one !== moved), { ...moved, project_id: to }],
    });

    await queryClient.invalidateQueries({ queryKey: ['students'] });
    await waitFor(() => expect(columnOf(moved.name)).not.toBe(before));

    ['LearnerCard', 'CardShell', 'CardFace'].forEach((component, i) => {
      const renders = recording?.renders(component) ?? new Map<string, number>();
      const again = [...renders].filter(([key, count]) => count !== loaded[i]?.get(key));
      expect(again.map(([key]) => `${component} ${key}`)).toEqual([`${component} ${moved.id}`]);
    });
  });

  it('mounts no card menu or tooltip until one is opened, then only that one', async () => {
    recording = recordCommits();
    const { user } = await loadBoard();
    expect(recording.mountedWithin('LearnerCard', POPUPS)).toBe(0);

    await user.click(
      within(cardOf('Learner 01')).getByRole('button', { name: 'Actions for Learner 01' }),
    );
    expect(await screen.findByRole('menuitem', { name: 'Learner Notes' })).toBeInTheDocument();
    expect(recording.mountedWithin('LearnerCard', POPUPS)).toBe(1);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());

    const marker = within(cardOf(flagged[0]?.name ?? '')).getByRole('button', {
      name: 'Needs attention',
    });
    await user.hover(marker);
    expect(await screen.findByRole('tooltip')).toHaveTextContent('No activity for 9 days');
    // The menu opened before, and this tooltip.
    expect(recording.mountedWithin('LearnerCard', POPUPS)).toBe(2);
  });
});
