import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeNetwork } from '@/test/fake-network.ts';
import { learner } from '../model/fixtures.ts';
import { renderBoard } from '../testing/render-board.tsx';

const cardOf = (name: string) => screen.getByRole('group', { name });

describe('learner card', () => {
  it("fetches the learner's record when the card is pointed at or focused, once while it is fresh", async () => {
    const ada = learner('Ada Lovelace', 101);
    const grace = learner('Grace Hopper', 102);
    const network = fakeNetwork({
      [`GET /students/${ada.id}`]: { status: 200, body: { id: ada.id, name: ada.name } },
      [`GET /students/${grace.id}`]: { status: 200, body: { id: grace.id, name: grace.name } },
    });
    renderBoard([ada, grace]);
    const records = () => network.calls.filter((call) => call.path.startsWith('/students/'));

    fireEvent.pointerEnter(cardOf('Ada Lovelace'));
    await waitFor(() =>
      expect(records().map((call) => call.path)).toEqual([`/students/${ada.id}`]),
    );
    fireEvent.pointerLeave(cardOf('Ada Lovelace'));
    fireEvent.pointerEnter(cardOf('Ada Lovelace'));
    screen.getByRole('button', { name: 'Move Grace Hopper' }).focus();
    await waitFor(() =>
      expect(records().map((call) => call.path)).toEqual([
        `/students/${ada.id}`,
        `/students/${grace.id}`,
      ]),
    );
  });
});
