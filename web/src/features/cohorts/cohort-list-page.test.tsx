import { STORAGE_KEYS } from '@lp/contract/constants';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { type Call, fakeNetwork } from '@/test/fake-network.ts';
import { staffProfile } from '@/test/fixtures.ts';
import { renderApp } from '@/test/render-app.tsx';
import { cohortOf } from './testing/fixtures.ts';

let calls: Call[];
let network: ReturnType<typeof fakeNetwork>;

beforeEach(() => {
  network = fakeNetwork({
    'GET /cohorts': () => ({
      status: 200,
      body: [cohortOf(72, { is_instructor: 1 }), cohortOf(73)],
    }),
    'PUT /cohorts/73': { status: 204 },
    'POST /cohorts/73/assign': { status: 201, body: { message: 'User assigned to cohort' } },
    'DELETE /cohorts/72/assign': { status: 204 },
  });
  calls = network.calls;
});

const session = { profile: staffProfile, token: 'staff-token' };

describe('Cohorts page', () => {
  it('shows active cohorts as cards with Chicago dates, Join or Leave, and switches to previous', async () => {
    const { user } = renderApp('/cohorts', session);
    const mine = await screen.findByRole('group', { name: 'Day Cohort 72' });
    expect(within(mine).getByRole('button', { name: 'Leave' })).toBeInTheDocument();
    expect(within(mine).getByText('Jan 6, 2025')).toBeInTheDocument();
    expect(within(mine).getByText('Jul 3, 2025')).toBeInTheDocument();
    expect(within(mine).getByRole('link', { name: 'Github Org' })).toHaveAttribute(
      'href',
      'https://github.com/day-cohort',
    );
    const other = screen.getByRole('group', { name: 'Day Cohort 73' });
    expect(within(other).getByRole('button', { name: 'Join' })).toBeInTheDocument();
    expect(calls.find((call) => call.url.startsWith('/cohorts'))?.url).toBe('/cohorts?active=true');

    await user.click(screen.getByRole('button', { name: 'Show Previous 12 Cohorts' }));
    await waitFor(() => expect(calls.at(-1)?.url).toBe('/cohorts?active=false&limit=12'));
    expect(screen.getByRole('button', { name: 'Show Active Cohorts' })).toBeInTheDocument();
  });

  it('joins a cohort and makes it the active cohort', async () => {
    const { user } = renderApp('/cohorts', session);
    const other = await screen.findByRole('group', { name: 'Day Cohort 73' });
    await user.click(within(other).getByRole('button', { name: 'Join' }));
    await waitFor(() =>
      expect(calls).toContainEqual(
        expect.objectContaining({
          method: 'POST',
          url: '/cohorts/73/assign?userType=instructor',
          body: undefined,
        }),
      ),
    );
    await waitFor(() => expect(window.localStorage.getItem(STORAGE_KEYS.activeCohort)).toBe('73'));
  });

  it('leaving the active cohort makes another coached cohort active and says which', async () => {
    network.answer('GET /profile', {
      status: 200,
      body: { ...staffProfile, cohorts: [{ id: 3, name: 'Night Cohort 3' }] },
    });
    const { user } = renderApp('/cohorts', session);
    window.localStorage.setItem(STORAGE_KEYS.activeCohort, '72');
    const mine = await screen.findByRole('group', { name: 'Day Cohort 72' });
    await user.click(within(mine).getByRole('button', { name: 'Leave' }));
    expect(
      await screen.findByText('Left Day Cohort 72. Now working in Night Cohort 3.'),
    ).toBeInTheDocument();
    expect(window.localStorage.getItem(STORAGE_KEYS.activeCohort)).toBe('3');
    expect(calls).toContainEqual(
      expect.objectContaining({ method: 'DELETE', url: '/cohorts/72/assign?userType=instructor' }),
    );
  });

  it('leaving the last coached cohort forgets the active cohort and says none remain', async () => {
    network.answer('GET /profile', { status: 200, body: { ...staffProfile, cohorts: [] } });
    const { user } = renderApp('/cohorts', session);
    window.localStorage.setItem(STORAGE_KEYS.activeCohort, '72');
    const mine = await screen.findByRole('group', { name: 'Day Cohort 72' });
    await user.click(within(mine).getByRole('button', { name: 'Leave' }));
    expect(
      await screen.findByText(
        'Left Day Cohort 72. You coach no other cohort now: join one to see its board.',
      ),
    ).toBeInTheDocument();
    expect(window.localStorage.getItem(STORAGE_KEYS.activeCohort)).toBeNull();
  });

  it('joining again before leaving has settled keeps the cohort active', async () => {
    let joined = true;
    network.answer('GET /cohorts', () => ({
      status: 200,
      body: [cohortOf(72, { is_instructor: joined ? 1 : 0 }), cohortOf(73)],
    }));
    network.answer('DELETE /cohorts/72/assign', () => {
      joined = false;
      return { status: 204 };
    });
    network.answer('POST /cohorts/72/assign', () => {
      joined = true;
      return { status: 201, body: { message: 'User assigned to cohort' } };
    });
    // The coached cohorts the leave's follow-up asks for (the second profile read after the
    // leave: the first refreshes the page's own) arrive only after the cohort was joined again.
    let answerProfile: (answer: { status: number; body: unknown }) => void = () => {};
    network.answer('GET /profile', () => {
      const afterLeave = calls.slice(calls.findIndex((call) => call.method === 'DELETE'));
      const reads = afterLeave.filter((call) => call.path === '/profile').length;
      if (joined || reads !== 2) return { status: 200, body: staffProfile };
      return new Promise((resolve) => {
        answerProfile = resolve;
      });
    });
    const { user } = renderApp('/cohorts', session);
    window.localStorage.setItem(STORAGE_KEYS.activeCohort, '72');
    const mine = await screen.findByRole('group', { name: 'Day Cohort 72' });
    await user.click(within(mine).getByRole('button', { name: 'Leave' }));
    const join = await within(mine).findByRole('button', { name: 'Join' });
    await waitFor(() => expect(join).toBeEnabled());
    await user.click(join);
    await screen.findByText('You joined Day Cohort 72');
    expect(window.localStorage.getItem(STORAGE_KEYS.activeCohort)).toBe('72');
    await waitFor(() => expect(calls.some((call) => call.path === '/profile')).toBe(true));
    answerProfile({
      status: 200,
      body: { ...staffProfile, cohorts: [{ id: 3, name: 'Night Cohort 3' }] },
    });
    expect(await screen.findByText('You left Day Cohort 72')).toBeInTheDocument();
    expect(window.localStorage.getItem(STORAGE_KEYS.activeCohort)).toBe('72');
  });

  it('leaving a cohort that is not the active one keeps the active cohort', async () => {
    const { user } = renderApp('/cohorts', session);
    window.localStorage.setItem(STORAGE_KEYS.activeCohort, '73');
    const mine = await screen.findByRole('group', { name: 'Day Cohort 72' });
    await user.click(within(mine).getByRole('button', { name: 'Leave' }));
    expect(await screen.findByText('You left Day Cohort 72')).toBeInTheDocument();
    expect(window.localStorage.getItem(STORAGE_KEYS.activeCohort)).toBe('73');
  });

  it('edits the Slack channel inline: Escape cancels, Enter saves', async () => {
    const { user } = renderApp('/cohorts', session);
    const card = await screen.findByRole('group', { name: 'Day Cohort 73' });
    await user.click(within(card).getByRole('button', { name: 'Set instructor channel Slack ID' }));
    const input = within(card).getByRole('textbox', { name: 'Instructor Slack channel ID' });
    await user.clear(input);
    await user.type(input, 'CNOPE{Escape}');
    expect(within(card).getByText('C073')).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);

    await user.click(within(card).getByRole('button', { name: 'Set instructor channel Slack ID' }));
    const again = within(card).getByRole('textbox', { name: 'Instructor Slack channel ID' });
    await user.clear(again);
    await user.type(again, 'C0NEW{Enter}');
    await waitFor(() =>
      expect(calls).toContainEqual(
        expect.objectContaining({
          method: 'PUT',
          url: '/cohorts/73',
          body: { slack_channel: 'C0NEW' },
        }),
      ),
    );
    expect(await screen.findByText('Day Cohort 73: Slack channel ID saved.')).toBeInTheDocument();

    // Undo saves the channel id it had before.
    fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
    await waitFor(() =>
      expect(calls.filter((call) => call.method === 'PUT').at(-1)).toMatchObject({
        url: '/cohorts/73',
        body: { slack_channel: 'C073' },
      }),
    );
    expect(
      await screen.findByText('Slack channel ID of Day Cohort 73 put back'),
    ).toBeInTheDocument();
  });
});
