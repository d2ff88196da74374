import type { CohortEvent } from '@lp/contract/events';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeNetwork } from '@/test/fake-network.ts';
import { renderWithProviders } from '@/test/render.tsx';
import { CohortCalendar } from './cohort-calendar.tsx';

const types = [
  { id: 1, description: 'Group Project', color: '#98FB98' },
  { id: 4, description: 'Holiday', color: '#DDA0DD' },
];
const events: CohortEvent[] = [
  {
    id: 11,
    cohort: 5,
    event_name: 'Kickoff',
    event_datetime: '2025-01-06T09:30:00.000Z',
    description: 'Teams meet',
    event_type: types[0] as CohortEvent['event_type'],
    date: '2025-01-06',
    time: '09:30',
    time_zone: 'America/Chicago',
    all_day: false,
  },
];

let network: ReturnType<typeof fakeNetwork>;

beforeEach(() => {
  network = fakeNetwork({
    'GET /eventtypes': { status: 200, body: types },
    'GET /events': { status: 200, body: events },
    'POST /events': { status: 201, body: events[0] },
    'DELETE /events/11': { status: 204 },
  });
});
afterEach(() => vi.useRealTimers());

function renderCalendar(canEdit: boolean) {
  return renderWithProviders(
    <CohortCalendar cohortId={5} startDate="2025-01-02" endDate="2025-02-14" canEdit={canEdit} />,
  );
}

const day = (date: string) => document.querySelector(`[data-date="${date}"]`) as HTMLElement;

describe('CohortCalendar', () => {
  it('shows the months, the legend and days coloured by their event type', async () => {
    renderCalendar(false);
    expect(await screen.findByRole('region', { name: 'January 2025' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'February 2025' })).toBeInTheDocument();
    const legend = screen.getByRole('list', { name: 'Event types' });
    expect(within(legend).getByText('Group Project')).toBeInTheDocument();
    expect(within(legend).getByText('Holiday')).toBeInTheDocument();
    expect(day('2025-01-06')).toHaveAccessibleName('January 6, 2025: 1 event');
    // In the calendar's own colour for the type (calendar-colors.css), not the API's.
    expect(day('2025-01-06').style.getPropertyValue('--lp-day-color')).toBe('var(--lp-event-1)');
    expect(day('2025-01-06').style.getPropertyValue('--lp-day-text')).toBe(
      'var(--lp-event-1-text)',
    );
    expect(day('2025-01-07').style.getPropertyValue('--lp-day-color')).toBe('');
    expect(day('2025-01-01')).toBeNull(); // before the cohort starts
    expect(screen.queryByRole('button', { name: 'Add Event' })).not.toBeInTheDocument();
  });

  it('opens Events for {date} 300 ms after a click, and a learner cannot delete', async () => {
    renderCalendar(false);
    await screen.findByRole('region', { name: 'January 2025' });
    vi.useFakeTimers();
    fireEvent.click(day('2025-01-06'), { detail: 1 });
    act(() => vi.advanceTimersByTime(250));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    act(() => vi.advanceTimersByTime(60));
    vi.useRealTimers();
    const dialog = await screen.findByRole('dialog', { name: 'Events for January 6, 2025' });
    expect(within(dialog).getByText('Kickoff')).toBeInTheDocument();
    expect(within(dialog).getByText('9:30 am')).toBeInTheDocument();
    expect(within(dialog).getByText('Teams meet')).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
  });

  it('lets an instructor double-click a day to add an event there, without opening the day', async () => {
    renderCalendar(true);
    await screen.findByRole('region', { name: 'January 2025' });
    vi.useFakeTimers();
    fireEvent.click(day('2025-01-06'), { detail: 1 });
    fireEvent.click(day('2025-01-06'), { detail: 2 });
    fireEvent.doubleClick(day('2025-01-06'));
    // Past the 300 ms a single click waits for: the double click has cancelled it.
    act(() => vi.advanceTimersByTime(350));
    vi.useRealTimers();
    const dialog = await screen.findByRole('dialog', { name: 'Add Event' });
    expect(within(dialog).getByText('Add an event for January 6, 2025')).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: /Events for/ })).not.toBeInTheDocument();
  });

  it('adds one event per day of a dragged range, in either direction', async () => {
    const { user } = renderCalendar(true);
    await screen.findByRole('region', { name: 'January 2025' });
    fireEvent.pointerDown(day('2025-01-15'), { button: 0 });
    fireEvent.pointerOver(day('2025-01-14'));
    fireEvent.pointerOver(day('2025-01-13'));
    expect(day('2025-01-14')).toHaveClass('is-selected');
    fireEvent.pointerUp(day('2025-01-13'));
    const dialog = await screen.findByRole('dialog', { name: 'Add Event' });
    expect(
      within(dialog).getByText('Add an event for January 13, 2025 to January 15, 2025 (3 days)'),
    ).toBeInTheDocument();

    // Required fields are marked; a missing one is marked invalid, described and focused.
    expect(within(dialog).getByText('Fields marked * are required.')).toBeInTheDocument();
    const name = within(dialog).getByRole('textbox', { name: 'Event Name' });
    expect(name).toHaveAttribute('aria-required', 'true');
    await user.click(within(dialog).getByRole('button', { name: 'Add Event' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Please enter an event name.');
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveAccessibleDescription('Please enter an event name.');
    expect(name).toHaveFocus();
    await user.type(within(dialog).getByPlaceholderText('Enter event name'), 'Intersession');
    await user.click(within(dialog).getByRole('button', { name: 'Add Event' }));
    const type = within(dialog).getByRole('button', { name: /Select event type/ });
    expect(type).toHaveAccessibleDescription('Please choose an event type.');
    expect(type).toHaveFocus();
    expect(name).toHaveAttribute('aria-invalid', 'false');
    await user.click(within(dialog).getByRole('button', { name: /Select event type/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'Holiday' }));
    await user.click(within(dialog).getByRole('button', { name: 'Add Event' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(network.writes()).toEqual(
      ['2025-01-13', '2025-01-14', '2025-01-15'].map((date) => ({
        method: 'POST',
        path: '/events',
        body: { cohort: 5, name: 'Intersession', type: 4, date, description: '' },
      })),
    );
  });

  it('asks before deleting an event and reloads the calendar after', async () => {
    const { user } = renderCalendar(true);
    await screen.findByRole('region', { name: 'January 2025' });
    day('2025-01-06').focus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Events for January 6, 2025' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete event?' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(network.writes()).toEqual([{ method: 'DELETE', path: '/events/11', body: undefined }]),
    );
    expect(await screen.findByText('Event deleted: Kickoff')).toBeInTheDocument();
    const eventLoads = () =>
      network.calls.filter((call) => call.method === 'GET' && call.path === '/events').length;
    await waitFor(() => expect(eventLoads()).toBe(2));

    // Undo puts it back as it was: the same day, time, type and text.
    fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
    expect(await screen.findByText('Event restored: Kickoff')).toBeInTheDocument();
    expect(network.writes().at(-1)).toEqual({
      method: 'POST',
      path: '/events',
      body: {
        cohort: 5,
        name: 'Kickoff',
        type: 1,
        description: 'Teams meet',
        date: '2025-01-06',
        time: '09:30',
      },
    });
    await waitFor(() => expect(eventLoads()).toBe(3));
  });

  it('is one Tab stop, moved through by the arrow keys, and gives focus back when its day closes', async () => {
    const { user } = renderCalendar(false);
    await screen.findByRole('grid', { name: 'January 2025' });
    expect(screen.getByRole('grid', { name: 'February 2025' })).toBeInTheDocument();
    const tabbable = document.querySelectorAll('.lp-calendar__day[tabindex="0"]');
    expect([...tabbable].map((cell) => cell.getAttribute('data-date'))).toEqual(['2025-01-02']);
    day('2025-01-02').focus();
    await user.keyboard('{ArrowDown}');
    expect(day('2025-01-09')).toHaveFocus();
    await user.keyboard('{ArrowLeft}{ArrowLeft}{ArrowLeft}{ArrowUp}');
    expect(day('2025-01-02')).toHaveFocus(); // not before the cohort starts
    await user.keyboard('{ArrowDown}{ArrowLeft}{ArrowLeft}{ArrowLeft}');
    expect(day('2025-01-06')).toHaveFocus();
    await user.keyboard('{PageDown}');
    expect(day('2025-02-06')).toHaveFocus();
    await user.keyboard('{Home}');
    expect(day('2025-02-02')).toHaveFocus();
    await user.keyboard('{PageUp}{End}');
    expect(day('2025-01-04')).toHaveFocus();
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(day('2025-01-06')).toHaveFocus();
    expect(day('2025-01-06')).toHaveAttribute('tabindex', '0');
    expect(day('2025-01-02')).toHaveAttribute('tabindex', '-1');
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Events for January 6, 2025' });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    await waitFor(() => expect(day('2025-01-06')).toHaveFocus());
  });

  it("closes the day's events card as the day's dialog opens, so Escape reaches the dialog", async () => {
    const { user } = renderCalendar(false);
    await screen.findByRole('grid', { name: 'January 2025' });
    day('2025-01-06').focus();
    const card = await waitFor(() => {
      const shown = document.querySelector('.lp-popper');
      expect(shown).toHaveTextContent('9:30 am: Kickoff');
      return shown;
    });
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Events for January 6, 2025' });
    expect(card).not.toBeInTheDocument();
    expect(document.querySelector('.lp-popper')).toBeNull();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    // Back on its day, the card shows again.
    await waitFor(() => expect(document.querySelector('.lp-popper')).toHaveTextContent('Kickoff'));
  });
});
