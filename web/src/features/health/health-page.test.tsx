import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { chooseActiveCohort, getActiveCohort } from '@/lib/session.ts';
import { fakeNetwork } from '@/test/fake-network.ts';
import { renderWithProviders } from '@/test/render.tsx';
import HealthPage from './health-page.tsx';
import { cohortHealthOf, cohortProgressOf } from './testing/index.ts';

const REASON = '12 days on Project 1; 80% of past learners finished it in 6';

const health = cohortHealthOf(
  [
    { id: 7, name: 'Ada Lovelace', reasons: [REASON, 'No activity for 9 days'] },
    { id: 8, name: 'Grace Hopper' },
    {
      id: 9,
      name: 'Hedy Lamarr',
      reasons: ['Nothing pushed to GitHub for 6 days'],
      level: 'watch',
    },
  ],
  {
    review_queue: [
      {
        student_id: 8,
        name: 'Grace Hopper',
        assessment: 'Book 1 assessment',
        assessment_id: 3,
        since: '2026-02-20T15:00:00.000Z',
        waiting_days: 10,
      },
    ],
    books: [
      { id: 1, name: 'Book 1', course_id: 1, index: 0, learners: 2 },
      { id: 2, name: 'Book 2', course_id: 1, index: 1, learners: 0 },
    ],
  },
);

const renderPage = (id = '72') =>
  renderWithProviders(<HealthPage />, {
    path: `/cohorts/${id}/health`,
    route: '/cohorts/:cohortId/health',
  });

describe('the cohort health page', () => {
  it('lists who needs attention with reasons and links, the review queue, and both charts', async () => {
    fakeNetwork({
      'GET /cohorts/72/health': { status: 200, body: health },
      'GET /cohorts/72/health/progress': { status: 200, body: cohortProgressOf() },
    });
    const { user } = renderPage();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Cohort health: Day Cohort 72' }),
    ).toBeInTheDocument();
    expect(document.title).toMatch(/^Cohort health: Day Cohort 72/);

    const actNow = screen.getByRole('list', { name: 'Learners to act on now' });
    expect(within(actNow).getByRole('link', { name: 'Ada Lovelace' })).toHaveAttribute(
      'href',
      '/learners/7',
    );
    expect(actNow).toHaveTextContent(REASON);
    expect(actNow).toHaveTextContent('No activity for 9 days');
    expect(within(actNow).queryByText('Grace Hopper')).toBeNull();
    expect(within(actNow).queryByText('Hedy Lamarr')).toBeNull();
    const watch = screen.getByRole('list', { name: 'Learners to watch' });
    expect(within(watch).getByRole('link', { name: 'Hedy Lamarr' })).toBeInTheDocument();
    expect(watch).toHaveTextContent('Nothing pushed to GitHub for 6 days');
    expect(within(watch).queryByText('Ada Lovelace')).toBeNull();

    const queue = within(screen.getByRole('region', { name: 'Waiting for review' })).getByRole(
      'table',
    );
    expect(within(queue).getByRole('row', { name: /Grace Hopper/ })).toHaveTextContent(
      'Book 1 assessment10 days',
    );

    const bars = await screen.findByRole('img', { name: /Learners per book today, bar chart/ });
    expect(bars).toHaveAccessibleName(/2 learners across 2 books; most are on Book 1 \(2\)/);
    expect(JSON.parse(bars.textContent ?? '').datasets[0].data).toEqual([2, 0]);

    const line = await screen.findByRole('img', { name: /Progress through the books, line chart/ });
    expect(line).toHaveAccessibleName(/After week 2 this cohort's learners are on book 1.50/);
    const series = JSON.parse(line.textContent ?? '');
    expect(series.labels).toEqual(['Week 1', 'Week 2', 'Week 3']);
    expect(series.datasets.map((set: { data: unknown }) => set.data)).toEqual([
      [1, 1.5, null],
      [1.5, 2, 2],
    ]);
    const figures = within(screen.getByRole('region', { name: 'Progress through the books' }));
    await user.click(figures.getByText('Progress by week as a table'));
    expect(figures.getByRole('row', { name: /^2 / })).toHaveTextContent(
      '1.50 (Book 2, 2 learners)2.00 (1 cohort)',
    );
  });

  it('records "I reached out" from a row, reads the health again, and the toast offers Undo', async () => {
    let reads = 0;
    const network = fakeNetwork({
      'GET /cohorts/72/health': () => {
        reads += 1;
        return { status: 200, body: health };
      },
      'GET /cohorts/72/health/progress': { status: 200, body: cohortProgressOf() },
      'POST /students/7/interventions': {
        status: 201,
        body: {
          id: 3,
          student_id: 7,
          kind: 'one_to_one',
          note: 'Pairing tomorrow at ten',
          reasons: ['project_pace'],
          by: 'Grace Coach',
          created_at: '2026-03-02T16:00:00.000Z',
        },
        headers: { 'history-id': '81' },
      },
      'POST /students/7/history/81/undo': {
        status: 200,
        body: {
          message: 'Intervention removed',
          learner: { id: 7, name: 'Ada Lovelace' },
          current_cohort: null,
        },
      },
    });
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'I reached out to Ada Lovelace' }));
    const dialog = within(
      await screen.findByRole('dialog', { name: 'I reached out to Ada Lovelace' }),
    );
    await user.click(dialog.getByRole('radio', { name: 'One-to-one' }));
    await user.type(dialog.getByLabelText('Note'), 'Pairing tomorrow at ten');
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText('Recorded: one-to-one with Ada Lovelace. Their flag rests.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'I reached out to Ada Lovelace' })).toBeNull();
    expect(network.writes()).toEqual([
      {
        method: 'POST',
        path: '/students/7/interventions',
        body: { kind: 'one_to_one', note: 'Pairing tomorrow at ten' },
      },
    ]);
    await waitFor(() => expect(reads).toBe(2));

    await user.click(screen.getByRole('button', { name: 'Undo' }));
    expect(await screen.findByText('Intervention removed: Ada Lovelace')).toBeInTheDocument();
    await waitFor(() => expect(reads).toBe(3));
  });

  it('opens the record and the notes of a learner to act on', async () => {
    fakeNetwork({
      'GET /cohorts/72/health': { status: 200, body: health },
      'GET /cohorts/72/health/progress': { status: 200, body: cohortProgressOf() },
      'GET /students/7': { status: 404, body: { message: 'That student does not exist.' } },
    });
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Add note on Ada Lovelace' }));
    expect(await screen.findByRole('dialog', { name: /Notes/ })).toBeInTheDocument();
  });

  it('shows what helped: each kind of intervention with the counts behind each share', async () => {
    const counts = (judged: number, week: number, fortnight: number) => ({
      judged,
      within_7_days: week,
      within_14_days: fortnight,
    });
    fakeNetwork({
      'GET /cohorts/72/health': {
        status: 200,
        body: {
          ...health,
          what_helped: [
            { kind: 'message', cohort: counts(0, 0, 0), all_cohorts: counts(4, 1, 2) },
            { kind: 'pairing', cohort: counts(3, 1, 2), all_cohorts: counts(6, 3, 5) },
          ],
        },
      },
      'GET /cohorts/72/health/progress': { status: 200, body: cohortProgressOf() },
    });
    renderPage();
    const table = within(await screen.findByRole('region', { name: 'What helped' })).getByRole(
      'table',
    );
    expect(within(table).getByRole('row', { name: /^Pairing/ })).toHaveTextContent(
      'Pairing1 of 3 (33%)2 of 3 (67%)3 of 6 (50%)5 of 6 (83%)',
    );
    expect(within(table).getByRole('row', { name: /^Message/ })).toHaveTextContent(
      'Message——1 of 4 (25%)2 of 4 (50%)',
    );
  });

  it('lists the learners whose flag rests after an intervention, and until when', async () => {
    const resting = cohortHealthOf([
      { id: 7, name: 'Ada Lovelace', reasons: [REASON], level: null },
    ]);
    const learner = resting.learners[0]!;
    learner.reached_out = { at: '2026-03-01T15:00:00.000Z', kind: 'pairing', by: 'Grace Coach' };
    learner.resting_until = '2026-03-08T15:00:00.000Z';
    fakeNetwork({
      'GET /cohorts/72/health': { status: 200, body: resting },
      'GET /cohorts/72/health/progress': { status: 200, body: cohortProgressOf() },
    });
    renderPage();
    const list = await screen.findByRole('list', {
      name: 'Learners resting after an intervention',
    });
    expect(list).toHaveTextContent(/Ada Lovelace.*Pairing by Grace Coach.*resting until/);
    expect(screen.getByText('Nobody needs acting on today.')).toBeInTheDocument();
  });

  it("opens a waiting self-assessment's evaluation on this cohort's board", async () => {
    fakeNetwork({
      'GET /cohorts/72/health': { status: 200, body: health },
      'GET /cohorts/72/health/progress': { status: 200, body: cohortProgressOf() },
    });
    chooseActiveCohort(70);
    const { user } = renderPage();
    const evaluate = await screen.findByRole('link', {
      name: "Evaluate Grace Hopper's Book 1 assessment",
    });
    expect(evaluate).toHaveAttribute('href', '/?evaluate=8');
    await user.click(evaluate);
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
    expect(getActiveCohort()).toBe(72);
  });

  it('says so when nobody needs attention, nothing waits and there is no history', async () => {
    fakeNetwork({
      'GET /cohorts/72/health': { status: 200, body: cohortHealthOf([{ id: 8, name: 'Grace' }]) },
      'GET /cohorts/72/health/progress': {
        status: 200,
        body: cohortProgressOf({
          earlier_cohorts: 0,
          weeks: [
            {
              week: 1,
              date: '2026-01-12',
              average: null,
              learners: 0,
              earlier_average: null,
              earlier_cohorts: 0,
            },
          ],
        }),
      },
    });
    renderPage();
    expect(await screen.findByText('Nobody needs acting on today.')).toBeInTheDocument();
    expect(screen.getByText('Nobody to watch.')).toBeInTheDocument();
    expect(screen.getByText('Nothing is waiting for review.')).toBeInTheDocument();
    expect(screen.getByText('This cohort has no course books.')).toBeInTheDocument();
    expect(await screen.findByText('No progress history yet.')).toBeInTheDocument();
  });

  it('shows what went wrong when the health cannot be read', async () => {
    fakeNetwork({
      'GET /cohorts/72/health': { status: 403, body: { message: 'Staff only.' } },
    });
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent('Staff only.');
  });

  it('names an unknown cohort as such', async () => {
    fakeNetwork({
      'GET /cohorts/9/health': { status: 404, body: { message: 'Cohort not found.' } },
    });
    renderPage('9');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      "This cohort's health does not exist (any more).",
    );
  });
});
