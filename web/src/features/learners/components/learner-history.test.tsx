import type { HistoryItem } from '@lp/contract/learners';
import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeNetwork } from '@/test/fake-network.ts';
import { renderWithProviders } from '@/test/render.tsx';
import { showWithUndo } from '../api/undo.ts';
import { LearnerHistory } from './learner-history.tsx';

// A change undone from the learner's History takes away its toast's Undo, which would otherwise
// stay on offer and answer "This has already been undone."
const moved: HistoryItem = {
  id: 81,
  action: 'move',
  summary: 'Moved to Kennels from Flowers',
  actor: 'Ada Coach',
  created_at: '2026-11-27T10:00:00.000Z',
  undo_until: '2026-12-27T10:00:00.000Z',
  undone_at: null,
  can_undo: true,
};

describe('the History of a learner', () => {
  it("undoes a change and takes away the Undo of the change's toast", async () => {
    const network = fakeNetwork({
      'GET /students/7/history': { status: 200, body: [moved] },
      'POST /students/7/history/81/undo': {
        status: 200,
        body: {
          message: 'Move undone',
          learner: { id: 7, name: 'Grace Hopper' },
          current_cohort: null,
        },
      },
    });
    const { user, queryClient } = renderWithProviders(<LearnerHistory learnerId={7} />);
    act(() => showWithUndo(queryClient, 'Moved Grace Hopper to Kennels', 7, 81));
    expect(await screen.findByRole('button', { name: 'Undo' })).toBeInTheDocument();

    await user.click(await screen.findByRole('button', { name: `Undo: ${moved.summary}` }));
    expect(await screen.findByText('Move undone: Grace Hopper')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Undo' })).toBeNull());
    expect(network.writes()).toEqual([
      { method: 'POST', path: '/students/7/history/81/undo', body: undefined },
    ]);
  });
});
