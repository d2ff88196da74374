import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeNetwork } from '@/test/fake-network.ts';
import { renderWithProviders } from '@/test/render.tsx';
import { activityItem, activityPage } from '../testing/fixtures.ts';
import { ActivitySection } from './activity-section.tsx';

describe('ActivitySection', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-03-15T12:00:00Z'));
  });
  afterEach(() => vi.useRealTimers());

  it('lists each kind of activity newest first, with its link and time', async () => {
    fakeNetwork({
      'GET /students/7/activity': {
        status: 200,
        body: activityPage([
          activityItem(4, { title: 'Add the walkers list' }),
          activityItem(3, {
            kind: 'pull_request',
            state: 'merged',
            title: 'Walkers',
            url: 'https://github.com/ada-codes/kennels/pull/4',
          }),
          activityItem(2, { kind: 'review', state: 'approved', title: 'Walkers', url: null }),
          activityItem(1, { kind: 'check', state: 'failure', title: 'test' }),
        ]),
      },
    });
    renderWithProviders(<ActivitySection learnerId={7} />);
    const list = await screen.findByRole('list', { name: 'Activity' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows.map((row) => row.querySelector('p')?.textContent)).toEqual([
      'Push: Pushed 3 commits: Add the walkers list',
      'Pull request: Pull request #4 merged: Walkers',
      'Review: Review approved on Walkers',
      'Check: test: failing',
    ]);
    expect(
      within(rows[1]!).getByRole('link', { name: 'Pull request #4 merged: Walkers' }),
    ).toHaveAttribute('href', 'https://github.com/ada-codes/kennels/pull/4');
    expect(within(rows[2]!).queryByRole('link')).not.toBeInTheDocument();
    expect(within(rows[0]!).getByText('1 day ago')).toHaveAttribute(
      'dateTime',
      '2026-03-14T12:00:00.000Z',
    );
    expect(screen.getByText('Showing 4 of 4')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Show more' })).not.toBeInTheDocument();
  });

  it("adds the next page with 'Show more' until there is none", async () => {
    const network = fakeNetwork({
      'GET /students/7/activity': ({ query }) =>
        query.get('page') === '2'
          ? { status: 200, body: activityPage([activityItem(1)], { count: 3 }) }
          : {
              status: 200,
              body: activityPage([activityItem(3), activityItem(2)], {
                count: 3,
                next: '/api/students/7/activity?page=2',
              }),
            },
    });
    const { user } = renderWithProviders(<ActivitySection learnerId={7} />);
    expect(await screen.findByText('Showing 2 of 3')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show more' }));
    expect(await screen.findByText('Showing 3 of 3')).toBeInTheDocument();
    expect(
      within(screen.getByRole('list', { name: 'Activity' })).getAllByRole('listitem'),
    ).toHaveLength(3);
    expect(screen.getByText('Pushed 3 commits: Commit 1')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Show more' })).not.toBeInTheDocument();
    expect(network.calls.map((call) => call.url)).toEqual([
      '/students/7/activity?page=1',
      '/students/7/activity?page=2',
    ]);
  });

  it('says when there is no activity yet', async () => {
    fakeNetwork({ 'GET /students/7/activity': { status: 200, body: activityPage([]) } });
    renderWithProviders(<ActivitySection learnerId={7} />);
    expect(await screen.findByText('No activity yet')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Activity' })).not.toBeInTheDocument();
  });

  it('shows a failed read with a retry', async () => {
    const network = fakeNetwork({
      'GET /students/7/activity': { status: 500, body: { message: 'Database unavailable' } },
    });
    const { user } = renderWithProviders(<ActivitySection learnerId={7} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Database unavailable');
    network.answer('GET /students/7/activity', {
      status: 200,
      body: activityPage([activityItem(1)]),
    });
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
    expect(screen.getByText('Pushed 3 commits: Commit 1')).toBeInTheDocument();
  });
});
