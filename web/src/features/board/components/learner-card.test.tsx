import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeNetwork } from '@/test/fake-network.ts';
import { learner } from '../model/fixtures.ts';
import { renderBoard } from '../testing/render-board.tsx';

const cardOf = (name: string) => screen.getByRole('group', { name });

const nameOf = (name: string) => within(cardOf(name)).getByRole('button', { name });

describe('learner card', () => {
  beforeEach(() => {
    fakeNetwork({});
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows the name, the days on the project and the assessment status with its look', () => {
    renderBoard([
      learner('Ada Lovelace', 101, { project_duration: 1 }),
      learner('Grace Hopper', 102, {
        assessment_status_id: 2,
        assessment_url: 'https://github.com/org/flowers-grace',
      }),
    ]);
    const ada = cardOf('Ada Lovelace');
    expect(ada).toHaveClass('lp-card--none');
    expect(within(ada).getByText('1 day')).toBeInTheDocument();
    const grace = cardOf('Grace Hopper');
    expect(within(grace).getByRole('button', { name: 'Move Grace Hopper' })).toHaveAttribute(
      'aria-describedby',
    );
    expect(grace).toHaveClass('lp-card--ready');
    expect(grace.querySelector('.lp-card__badge')).toHaveTextContent('Ready for Review · Flowers');
    expect(within(grace).getByRole('link', { name: 'Go to assessment repo' })).toHaveAttribute(
      'href',
      'https://github.com/org/flowers-grace',
    );
  });

  it('links the assessment repo only for statuses 2, 3 and 4', () => {
    renderBoard([
      learner('In Progress', 101, {
        assessment_status_id: 1,
        assessment_url: 'https://github.com/x',
      }),
      learner('Incomplete', 102, {
        assessment_status_id: 3,
        assessment_url: 'https://github.com/y',
      }),
      learner('Complete', 102, { assessment_status_id: 4, assessment_url: 'https://github.com/z' }),
    ]);
    expect(cardOf('In Progress')).toHaveClass('lp-card--in-progress');
    expect(within(cardOf('In Progress')).queryByRole('link')).not.toBeInTheDocument();
    expect(cardOf('Incomplete')).toHaveClass('lp-card--incomplete');
    expect(
      within(cardOf('Incomplete')).getByRole('link', { name: 'Go to assessment repo' }),
    ).toBeInTheDocument();
    expect(cardOf('Complete')).toHaveClass('lp-card--complete');
    expect(
      within(cardOf('Complete')).getByRole('link', { name: 'Go to assessment repo' }),
    ).toBeInTheDocument();
  });

  it('opens the learner overlay 300 ms after a single click on the name', async () => {
    vi.useFakeTimers();
    const { dialogs } = renderBoard([learner('Ada Lovelace', 101)]);
    fireEvent.click(nameOf('Ada Lovelace'), { detail: 1 });
    act(() => vi.advanceTimersByTime(299));
    expect(dialogs.openOverlay).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(dialogs.openOverlay).toHaveBeenCalledWith(
      expect.objectContaining({ name: 'Ada Lovelace' }),
    );
  });

  it('opens the learner overlay after a single click anywhere on the card, not on its controls', () => {
    vi.useFakeTimers();
    const { dialogs } = renderBoard([learner('Ada Lovelace', 101, { project_duration: 4 })]);
    fireEvent.click(within(cardOf('Ada Lovelace')).getByText('4 days'), { detail: 1 });
    act(() => vi.advanceTimersByTime(300));
    expect(dialogs.openOverlay).toHaveBeenCalledTimes(1);

    // The card's menu and its keyboard handle keep their own actions.
    fireEvent.click(within(cardOf('Ada Lovelace')).getByRole('button', { name: /actions/i }), {
      detail: 1,
    });
    fireEvent.click(
      within(cardOf('Ada Lovelace')).getByRole('button', { name: 'Move Ada Lovelace' }),
      { detail: 0 },
    );
    act(() => vi.advanceTimersByTime(1000));
    expect(dialogs.openOverlay).toHaveBeenCalledTimes(1);
  });

  it('opens the notes on a double click and cancels the pending overlay', () => {
    vi.useFakeTimers();
    const { dialogs } = renderBoard([learner('Ada Lovelace', 101)]);
    const name = nameOf('Ada Lovelace');
    fireEvent.click(name, { detail: 1 });
    fireEvent.click(name, { detail: 2 });
    fireEvent.doubleClick(name, { detail: 2 });
    act(() => vi.advanceTimersByTime(1000));
    expect(dialogs.openNotes).toHaveBeenCalledTimes(1);
    expect(dialogs.openOverlay).not.toHaveBeenCalled();
  });

  it('does not open the overlay for a drag put back with Escape before the pointer is released', () => {
    vi.useFakeTimers();
    const { dialogs } = renderBoard([learner('Ada Lovelace', 101), learner('Grace Hopper', 101)]);
    const pointer = { isPrimary: true, button: 0, pointerId: 1 };
    for (const [name, moved] of [
      ['Ada Lovelace', 12],
      ['Grace Hopper', 2],
    ] as const) {
      const card = cardOf(name);
      fireEvent.pointerDown(card, { ...pointer, clientX: 20, clientY: 60 });
      fireEvent.pointerMove(document, { ...pointer, clientX: 20 + moved, clientY: 62 });
      fireEvent.keyDown(document, { key: 'Escape', code: 'Escape' });
      // A person lets go a moment later: dnd-kit has stopped swallowing the click by then.
      act(() => vi.advanceTimersByTime(200));
      fireEvent.pointerUp(document, { ...pointer, clientX: 20 + moved, clientY: 62 });
      fireEvent.click(card, { detail: 1, clientX: 20 + moved, clientY: 62 });
      act(() => vi.advanceTimersByTime(1000));
    }
    // The press that moved 2 px is a click; the one that moved as far as a drag is not.
    expect(dialogs.openOverlay).toHaveBeenCalledTimes(1);
    expect(dialogs.openOverlay).toHaveBeenCalledWith(
      expect.objectContaining({ name: 'Grace Hopper' }),
    );
  });

  it('opens the overlay at once from the keyboard', async () => {
    const { dialogs, user } = renderBoard([learner('Ada Lovelace', 101)]);
    nameOf('Ada Lovelace').focus();
    await user.keyboard('{Enter}');
    expect(dialogs.openOverlay).toHaveBeenCalledTimes(1);
  });

  it('shows tags as removable chips, and avatars with initials, as the settings say', async () => {
    window.localStorage.setItem('lp_settings', JSON.stringify({ tags: true, avatars: true }));
    renderBoard([learner('Ada Lovelace', 101, { tags: [{ id: 5, tag: 'Team 3' }] })]);
    const card = cardOf('Ada Lovelace');
    expect(within(card).getByText('Team 3')).toBeInTheDocument();
    expect(
      within(card).getByRole('button', { name: 'Remove tag Team 3 from Ada Lovelace' }),
    ).toBeInTheDocument();
    expect(await within(card).findByText('AL')).toBeInTheDocument();
  });

  it("shows a learner's picture once it has loaded, and the initials when it cannot be", () => {
    window.localStorage.setItem('lp_settings', JSON.stringify({ avatars: true }));
    renderBoard([
      learner('Ada Lovelace', 101, { avatar: 'https://avatars.example/ada.png' }),
      learner('Grace Hopper', 102, { avatar: 'https://avatars.example/grace.png' }),
    ]);
    const pictureOf = (name: string) => cardOf(name).querySelector('img');
    const ada = pictureOf('Ada Lovelace');
    if (!ada) throw new Error("Ada's picture is not there");
    expect(ada).not.toBeVisible();
    expect(within(cardOf('Ada Lovelace')).queryByText('AL')).not.toBeInTheDocument();
    fireEvent.load(ada);
    expect(ada).toBeVisible();

    const grace = pictureOf('Grace Hopper');
    if (!grace) throw new Error("Grace's picture is not there");
    fireEvent.error(grace);
    expect(pictureOf('Grace Hopper')).toBeNull();
    expect(within(cardOf('Grace Hopper')).getByText('GH')).toBeInTheDocument();
  });

  it('hides tags and avatars when they are switched off', () => {
    window.localStorage.setItem('lp_settings', JSON.stringify({ tags: false, avatars: false }));
    renderBoard([learner('Ada Lovelace', 101, { tags: [{ id: 5, tag: 'Team 3' }] })]);
    const card = cardOf('Ada Lovelace');
    expect(within(card).queryByText('Team 3')).not.toBeInTheDocument();
    expect(within(card).queryByText('AL')).not.toBeInTheDocument();
  });

  it('removes a tag only from its ×, offering Undo', async () => {
    const network = fakeNetwork({
      'DELETE /studenttags/5': { status: 204, headers: { 'history-id': '77' } },
    });
    const { user } = renderBoard([
      learner('Ada Lovelace', 101, { tags: [{ id: 5, tag: 'Team 3' }] }),
    ]);
    await user.click(screen.getByText('Team 3'));
    expect(network.writes()).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Remove tag Team 3 from Ada Lovelace' }));
    expect(network.writes()).toEqual([
      expect.objectContaining({ method: 'DELETE', path: '/studenttags/5' }),
    ]);
    expect(await screen.findByRole('button', { name: 'Undo' })).toBeInTheDocument();
  });

  it('has each control as its own focusable element, none inside another', () => {
    window.localStorage.setItem('lp_settings', JSON.stringify({ tags: true, avatars: false }));
    renderBoard([
      learner('Grace Hopper', 102, {
        assessment_status_id: 2,
        assessment_url: 'https://github.com/org/flowers-grace',
        tags: [{ id: 5, tag: 'Team 3' }],
      }),
    ]);
    const card = cardOf('Grace Hopper');
    const controls = [...card.querySelectorAll<HTMLElement>('button, a[href], [tabindex]')];
    expect(
      controls.map((control) => control.getAttribute('aria-label') ?? control.textContent),
    ).toEqual([
      'Move Grace Hopper',
      'Actions for Grace Hopper',
      'Grace Hopper',
      'Go to assessment repo',
      'Remove tag Team 3 from Grace Hopper',
    ]);
    for (const control of controls) {
      expect(control.parentElement?.closest('button, a[href], [role="button"]')).toBeNull();
    }
    expect(card).not.toHaveAttribute('tabindex');
  });

  it('moves focus to the next tag after removing one, and to the card after the last', async () => {
    window.localStorage.setItem('lp_settings', JSON.stringify({ tags: true, avatars: false }));
    fakeNetwork({
      'DELETE /studenttags/5': { status: 204 },
      'DELETE /studenttags/7': { status: 204 },
    });
    const { user } = renderBoard([
      learner('Ada Lovelace', 101, {
        tags: [
          { id: 5, tag: 'Team 3' },
          { id: 6, tag: 'Mentor' },
        ],
      }),
      learner('Grace Hopper', 102, { tags: [{ id: 7, tag: 'Team 4' }] }),
    ]);
    await user.click(screen.getByRole('button', { name: 'Remove tag Team 3 from Ada Lovelace' }));
    const next = screen.getByRole('button', { name: 'Remove tag Mentor from Ada Lovelace' });
    await waitFor(() => expect(next).toHaveFocus());
    screen.getByRole('button', { name: 'Remove tag Team 4 from Grace Hopper' }).focus();
    await user.keyboard('{Enter}');
    const handle = screen.getByRole('button', { name: 'Move Grace Hopper' });
    await waitFor(() => expect(handle).toHaveFocus());
  });
});
