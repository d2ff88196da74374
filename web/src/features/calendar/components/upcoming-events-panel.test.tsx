import type { CohortEvent } from '@lp/contract/events';
import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { addDays, todayIn } from '@/lib/dates.ts';
import { fakeNetwork } from '@/test/fake-network.ts';
import { afterEachCommit } from '@/test/react-commits.ts';
import { newQueryClient, renderWithProviders } from '@/test/render.tsx';
import { cohortEventsQuery } from '../api/calendar-api.ts';
import { UpcomingEventsPanel } from './upcoming-events-panel.tsx';

const TIME_ZONE = 'America/Chicago';
const tomorrow = addDays(todayIn(TIME_ZONE), 1);
const standup: CohortEvent = {
  id: 1,
  cohort: 72,
  event_name: 'Standup',
  event_datetime: `${tomorrow}T15:00:00Z`,
  description: '',
  event_type: { id: 1, description: 'Lecture', color: '#eef' },
  date: tomorrow,
  time: '09:00',
  time_zone: TIME_ZONE,
  all_day: false,
};

describe('the upcoming events panel', () => {
  beforeEach(() => {
    fakeNetwork({});
  });

  it('works the dates out after its first render, even with the events already in', async () => {
    // A page load: the events were asked for with the board's first requests and came first.
    const queryClient = newQueryClient();
    queryClient.setQueryData(cohortEventsQuery(72).queryKey, [standup]);
    // Whether the event showed after each of React's commits.
    const shown: boolean[] = [];
    const stop = afterEachCommit(() => shown.push(screen.queryByText('Standup') !== null));
    renderWithProviders(<UpcomingEventsPanel cohortId={72} timeZone={TIME_ZONE} />, {
      queryClient,
    });
    expect(await screen.findByText('Standup')).toBeInTheDocument();
    stop();
    // The heading first (with the screen around it), the dates in a render of their own.
    expect(screen.getByRole('heading', { name: 'Upcoming Events' })).toBeInTheDocument();
    expect(shown[0]).toBe(false);
    expect(shown.at(-1)).toBe(true);
  });
});
