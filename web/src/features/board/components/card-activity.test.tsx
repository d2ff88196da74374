import { screen, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeNetwork } from '@/test/fake-network.ts';
import { renderWithProviders } from '@/test/render.tsx';
import { type ActivityFilter, NO_ACTIVITY_FILTER } from '../model/activity.ts';
import { cardActivity, learner } from '../model/fixtures.ts';
import { renderBoard } from '../testing/render-board.tsx';
import { ActivityFilters } from './activity-filters.tsx';

const cardOf = (name: string) => screen.getByRole('group', { name });
const marksOf = (name: string) =>
  within(cardOf(name))
    .queryAllByRole('img')
    .map((mark) => mark.getAttribute('aria-label'));

describe('the GitHub activity on a card', () => {
  beforeEach(() => {
    fakeNetwork({});
  });

  it('shows the days since the last push, an open pull request and the checks', () => {
    renderBoard([
      learner('Ada Lovelace', 101, {
        activity: cardActivity({
          days_since_push: 3,
          pull_request: {
            number: 4,
            title: 'Add login',
            url: 'https://github.com/org/toys/pull/4',
          },
          checks: 'failing',
        }),
      }),
    ]);
    expect(marksOf('Ada Lovelace')).toEqual([
      'Last push 3 days ago',
      'Pull request #4 open: Add login',
      'Checks failing',
    ]);
    const push = within(cardOf('Ada Lovelace')).getByRole('img', { name: 'Last push 3 days ago' });
    expect(push).toHaveTextContent('3d');
    expect(push).toHaveAttribute('title', 'Last push 3 days ago');
  });

  it('shows passing and running checks, and no pull request mark when none is open', () => {
    renderBoard([
      learner('Passing', 101, {
        activity: cardActivity({ days_since_push: 0, checks: 'passing' }),
      }),
      learner('Running', 101, { activity: cardActivity({ checks: 'running' }) }),
    ]);
    expect(marksOf('Passing')).toEqual(['Last push today', 'Checks passing']);
    expect(marksOf('Running')).toEqual(['Last push 1 day ago', 'Checks running']);
  });

  it('marks a learner idle as long as the default no-push filter would pick them out', () => {
    renderBoard([
      learner('Idle', 101, { activity: cardActivity({ days_since_push: 5 }) }),
      learner('Never', 101, {
        activity: cardActivity({ days_since_push: null, last_push_at: null }),
      }),
    ]);
    expect(within(cardOf('Idle')).getByRole('img', { name: 'Last push 5 days ago' })).toHaveClass(
      'lp-activity__mark--idle',
    );
    const never = within(cardOf('Never')).getByRole('img', { name: 'Nothing pushed yet' });
    expect(never).toHaveClass('lp-activity__mark--idle');
    expect(never).toHaveTextContent('–');
  });

  it('shows a muted mark when no repository is linked, and when it was deleted', () => {
    renderBoard([
      learner('No Repo', 101),
      learner('Deleted', 101, {
        activity: cardActivity({
          repository: { full_name: 'org/gone', url: 'https://github.com/org/gone', deleted: true },
          checks: 'failing',
        }),
      }),
    ]);
    expect(marksOf('No Repo')).toEqual(['No repository linked']);
    expect(within(cardOf('No Repo')).getByRole('img')).toHaveClass('lp-activity__mark--muted');
    expect(marksOf('Deleted')).toEqual(['Repository deleted']);
  });
});

describe('the GitHub activity on a compact card', () => {
  beforeEach(() => {
    fakeNetwork({});
    // jsdom has no layout: a board 150 px wide is too narrow for a full card.
    vi.spyOn(Element.prototype, 'clientWidth', 'get').mockReturnValue(150);
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('sits beside the days, the status on a line of its own under them', () => {
    renderBoard([
      learner('Linked', 101, { activity: cardActivity({ checks: 'passing' }) }),
      learner('No Repo', 102, { assessment_status_id: 1 }),
    ]);
    expect(cardOf('Linked')).toHaveClass('lp-card--compact');
    const linked = within(cardOf('Linked')).getByRole('img', { name: 'Checks passing' });
    expect(linked.closest('.lp-card__meta')).not.toBeNull();
    const none = within(cardOf('No Repo')).getByRole('img', { name: 'No repository linked' });
    expect(none.closest('.lp-card__meta')).not.toBeNull();
    const badge = cardOf('No Repo').querySelector('.lp-card__badge');
    expect(badge?.previousElementSibling).toHaveClass('lp-card__meta');
    expect(badge).toHaveTextContent('In Progress');
  });
});

describe('the GitHub activity filters', () => {
  const learners = [
    learner('No Repo', 101),
    learner('Fresh', 101, { activity: cardActivity({ days_since_push: 1 }) }),
    learner('Idle', 102, { activity: cardActivity({ days_since_push: 6 }) }),
    learner('Failing', 203, { activity: cardActivity({ checks: 'failing', days_since_push: 2 }) }),
  ];
  const shown = () => screen.queryAllByRole('group', { name: /^(No Repo|Fresh|Idle|Failing)$/ });
  const shownNames = () => shown().map((card) => card.getAttribute('aria-label'));

  beforeEach(() => {
    fakeNetwork({});
  });

  it('show only the learners with no push in N days', () => {
    renderBoard(learners, { activityFilter: { noPushDays: 5, checksFailing: false } });
    expect(shownNames()).toEqual(['Idle']);
  });

  it('show only the learners whose checks fail', () => {
    renderBoard(learners, { activityFilter: { noPushDays: null, checksFailing: true } });
    expect(shownNames()).toEqual(['Failing']);
  });

  it('say so when no learner matches', () => {
    renderBoard(learners, { activityFilter: { noPushDays: 30, checksFailing: false } });
    expect(shown()).toEqual([]);
    expect(screen.getByText('No learners match the filters.')).toBeInTheDocument();
  });

  function Controls({ onChange }: { onChange: (value: ActivityFilter) => void }) {
    const [value, setValue] = useState<ActivityFilter>(NO_ACTIVITY_FILTER);
    return (
      <ActivityFilters
        learners={learners}
        value={value}
        onChange={(next) => {
          setValue(next);
          onChange(next);
        }}
      />
    );
  }

  it('turn on and off with their counts, the days chosen from 5', async () => {
    const onChange = vi.fn();
    const { user } = renderWithProviders(<Controls onChange={onChange} />);
    const noPush = screen.getByRole('button', { name: 'No push in 5 days (1)' });
    expect(noPush).toHaveAttribute('aria-pressed', 'false');
    await user.click(noPush);
    expect(onChange).toHaveBeenLastCalledWith({ noPushDays: 5, checksFailing: false });
    expect(screen.getByRole('button', { name: 'No push in 5 days (1)' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    const days = screen.getByRole('spinbutton', { name: 'Days without a push' });
    await user.clear(days);
    await user.type(days, '2');
    expect(onChange).toHaveBeenLastCalledWith({ noPushDays: 2, checksFailing: false });
    expect(screen.getByRole('button', { name: 'No push in 2 days (2)' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Checks failing (1)' }));
    expect(onChange).toHaveBeenLastCalledWith({ noPushDays: 2, checksFailing: true });
    await user.click(screen.getByRole('button', { name: 'No push in 2 days (2)' }));
    expect(onChange).toHaveBeenLastCalledWith({ noPushDays: null, checksFailing: true });
  });

  it('keep the filter as it was while the days typed are not a whole number of days', async () => {
    const onChange = vi.fn();
    const { user } = renderWithProviders(<Controls onChange={onChange} />);
    const days = screen.getByRole('spinbutton', { name: 'Days without a push' });
    await user.clear(days);
    expect(screen.getByRole('button', { name: 'No push in 5 days (1)' })).toBeInTheDocument();
    await user.tab();
    expect(days).toHaveValue(5);
    expect(onChange).not.toHaveBeenCalled();
  });
});
