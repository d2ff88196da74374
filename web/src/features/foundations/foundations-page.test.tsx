import type { FoundationsLearner } from '@lp/contract/foundations';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { type Call, fakeNetwork } from '@/test/fake-network.ts';
import { staffProfile, studentProfile } from '@/test/fixtures.ts';
import { renderApp } from '@/test/render-app.tsx';

const exercise = (id: number, complete: boolean, first: string, last: string) => ({
  id,
  title: `Exercise ${id}`,
  complete,
  attempts: id,
  first_attempt: first,
  last_attempt: last,
  used_solution: id === 2,
});

const learners: FoundationsLearner[] = [
  {
    learner_name: 'Keisha Moore',
    learner_github_id: '5001',
    cohort: 'Day 74',
    exercises: [
      exercise(1, true, '2025-01-01T15:00:00Z', '2025-01-02T17:01:02Z'),
      exercise(2, false, '2025-01-03T15:00:00Z', '2025-01-03T15:30:00Z'),
    ],
  },
  {
    learner_name: 'Wren Albright',
    learner_github_id: '5002',
    cohort: 'Evening 19',
    exercises: [exercise(3, true, '2025-01-01T15:00:00Z', '2025-01-01T16:00:00Z')],
  },
  {
    learner_name: 'Dev Kapoor',
    learner_github_id: '5003',
    cohort: 'day 0',
    exercises: [exercise(4, false, '2025-01-01T15:00:00Z', '2025-01-01T16:00:00Z')],
  },
  {
    learner_name: 'Ana Lopez',
    learner_github_id: '5004',
    cohort: 'Unassigned',
    exercises: [exercise(5, true, '2025-01-01T15:00:00Z', '2025-01-01T16:00:00Z')],
  },
];

let calls: Call[];

beforeEach(() => {
  calls = fakeNetwork({
    'GET /foundations': { status: 200, body: learners },
    'PUT /foundations/assigncohort': { status: 204 },
    'DELETE /foundations/assigncohort/5003': { status: 204 },
  }).calls;
});

const rowOf = (name: string) => {
  const row = screen.getByRole('rowheader', { name }).closest('tr');
  if (!row) throw new Error(`no row for ${name}`);
  return row;
};

describe('Foundations table (staff)', () => {
  it('shows counts and totals, filters by cohort, and opens the details of a learner', async () => {
    const { user } = renderApp('/foundations', { profile: staffProfile, token: 'tok' });
    expect(await screen.findByText('Keisha Moore')).toBeInTheDocument();
    const keisha = within(rowOf('Keisha Moore'));
    expect(keisha.getByText('Day 74')).toBeInTheDocument();
    expect(keisha.getByText('2.0%')).toBeInTheDocument();

    const cohorts = screen.getByRole('group', { name: 'Cohorts' });
    expect(
      within(cohorts)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['All', 'Day 74', 'Evening 19']);
    await user.click(within(cohorts).getByRole('button', { name: 'Evening 19' }));
    expect(screen.queryByText('Keisha Moore')).not.toBeInTheDocument();
    await user.click(within(cohorts).getByRole('button', { name: 'All' }));

    await user.click(within(rowOf('Keisha Moore')).getByRole('button', { name: '► Show Details' }));
    expect(screen.getByRole('columnheader', { name: 'Solution Used' })).toBeInTheDocument();
    expect(screen.getByText('26h 1m 2s')).toBeInTheDocument();
    expect(screen.getByText('Yes')).toBeInTheDocument();
    expect(
      within(rowOf('Keisha Moore')).getByRole('button', { name: '▼ Hide Details' }),
    ).toBeInTheDocument();
    await user.click(rowOf('Keisha Moore'));
    expect(screen.queryByText('26h 1m 2s')).not.toBeInTheDocument();
  });

  it('assigns a cohort per row on Enter, once Day or Evening is chosen, without toggling the row', async () => {
    const { user } = renderApp('/foundations', { profile: staffProfile, token: 'tok' });
    const number = await screen.findByRole('spinbutton', { name: 'Cohort number for Dev Kapoor' });
    const other = screen.getByRole('spinbutton', { name: 'Cohort number for Ana Lopez' });
    await user.type(number, '75{Enter}');
    expect(calls.filter((call) => call.method === 'PUT')).toEqual([]);

    await user.click(within(rowOf('Dev Kapoor')).getByRole('radio', { name: 'Evening' }));
    // The choice belongs to this row only.
    expect(within(rowOf('Ana Lopez')).getByRole('radio', { name: 'Evening' })).not.toBeChecked();
    expect(screen.queryByRole('columnheader', { name: 'Solution Used' })).not.toBeInTheDocument();
    await user.type(number, '{Enter}');
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
        userId: '5003',
        cohortType: 'Evening',
        cohortNumber: 75,
      }),
    );
    expect(other).toHaveValue(null);
    await waitFor(() =>
      expect(
        calls.filter((call) => call.url.includes('/foundations') && call.method === 'GET'),
      ).toHaveLength(2),
    );
    // The toast says what was done, and its Undo makes the learner unassigned again.
    const done = (await screen.findByText('Dev Kapoor is now in Evening 75')).closest('li');
    await user.click(within(done as HTMLElement).getByRole('button', { name: 'Undo' }));
    expect(await screen.findByText('Dev Kapoor is unassigned again.')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.path)).toEqual([
      '/foundations/assigncohort/5003',
    ]);
  });

  it('re-fetches with the filters on Apply and without them on Reset', async () => {
    const { user } = renderApp('/foundations', { profile: staffProfile, token: 'tok' });
    await screen.findByText('Keisha Moore');
    await user.type(screen.getByLabelText('Learner Name:'), 'kei');
    await user.click(screen.getByRole('button', { name: 'Apply Filters' }));
    await waitFor(() => expect(calls.at(-1)?.url).toContain('learnerName=kei'));
    await user.click(screen.getByRole('button', { name: 'Reset' }));
    await waitFor(() => expect(calls.at(-1)?.url).toMatch(/\/foundations$/));
    expect(screen.getByLabelText('Learner Name:')).toHaveValue('');
    const before = calls.length;
    await user.click(screen.getByRole('button', { name: 'Reset' }));
    await waitFor(() => expect(calls.length).toBe(before + 1));
  });

  it('says so when nothing matches', async () => {
    fakeNetwork({ 'GET /foundations': { status: 200, body: [] } });
    renderApp('/foundations', { profile: staffProfile, token: 'tok' });
    expect(
      await screen.findByText('No exercises found matching the criteria.'),
    ).toBeInTheDocument();
  });
});

describe('Foundations signed out', () => {
  it('shows the screen at / with a way to sign in and no cohort assignment', async () => {
    renderApp('/');
    expect(
      await screen.findByRole('heading', { name: 'Foundations Exercises' }),
    ).toBeInTheDocument();
    expect(await screen.findByText('Dev Kapoor')).toBeInTheDocument();
    expect(screen.queryByRole('spinbutton')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
  });
});

describe('Foundations for a signed-in learner', () => {
  it('shows the screen at /foundations, without cohort assignment', async () => {
    fakeNetwork({
      'GET /foundations': { status: 200, body: [{ ...learners[0], learner_name: 'K. M.' }] },
    });
    renderApp('/foundations', { profile: studentProfile, token: 'tok' });
    expect(
      await screen.findByRole('heading', { name: 'Foundations Exercises' }),
    ).toBeInTheDocument();
    expect(await screen.findByText('K. M.')).toBeInTheDocument();
    expect(screen.queryByRole('spinbutton')).not.toBeInTheDocument();
    expect(screen.queryByText('Page not found')).not.toBeInTheDocument();
  });
});
