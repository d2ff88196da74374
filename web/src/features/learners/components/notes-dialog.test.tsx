import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fakeNetwork } from '@/test/fake-network.ts';
import { renderWithProviders } from '@/test/render.tsx';
import { learner, notes, noteTypes } from '../testing/fixtures.ts';
import { NotesDialog } from './notes-dialog.tsx';

function setup() {
  const network = fakeNetwork({
    'GET /students/7': { status: 200, body: learner },
    'GET /notetypes': { status: 200, body: noteTypes },
    'GET /notes': { status: 200, body: notes },
    'POST /notes': ({ body }) => ({
      status: 201,
      headers: { 'history-id': '45' },
      body: {
        id: 99,
        author: 'Cam Coach',
        created_on: new Date().toISOString(),
        note_type: { id: 2, label: 'x' },
        ...(body as object),
      },
    }),
    'DELETE /notes/10': { status: 204, headers: { 'history-id': '44' } },
    'POST /students/7/history/45/undo': {
      status: 200,
      body: {
        message: 'Note removed',
        learner: { id: 7, name: 'Ada Lovelace' },
        current_cohort: null,
      },
    },
    'POST /students/7/history/44/undo': {
      status: 200,
      body: {
        message: 'Note restored',
        learner: { id: 7, name: 'Ada Lovelace' },
        current_cohort: null,
      },
    },
  });
  const onClose = vi.fn();
  const view = renderWithProviders(<NotesDialog learnerId={7} open onClose={onClose} />);
  return { ...view, network, onClose };
}

describe('NotesDialog', () => {
  it('adds a General Progress note by default with Enter, and another type when chosen', async () => {
    const { user, network } = setup();
    expect(await screen.findByText('Add General Progress Note:')).toBeInTheDocument();
    const input = screen.getByPlaceholderText('Type a note and press Enter');
    await user.type(input, 'Solid week{Enter}');
    await waitFor(() => expect(input).toHaveValue(''));
    await user.click(screen.getByRole('button', { name: 'Mental Health' }));
    expect(screen.getByText('Add Mental Health Note:')).toBeInTheDocument();
    await user.type(input, 'Check in Friday{Enter}');
    await waitFor(() =>
      expect(network.writes()).toEqual([
        { method: 'POST', path: '/notes', body: { note: 'Solid week', type: 2, studentId: 7 } },
        {
          method: 'POST',
          path: '/notes',
          body: { note: 'Check in Friday', type: 3, studentId: 7 },
        },
      ]),
    );
  });

  it('says a note was added, keeps the focus in the field, and Undo takes the note away', async () => {
    const { user, network } = setup();
    await screen.findByText('Add General Progress Note:');
    const input = screen.getByPlaceholderText('Type a note and press Enter');
    await user.type(input, 'Solid week{Enter}');
    expect(await screen.findByText('Note added')).toBeInTheDocument();
    await waitFor(() => expect(input).toHaveValue(''));
    expect(input).toHaveFocus();
    // jsdom has no style sheets: the toast stays under the modal's pointer-events: none there.
    fireEvent.click(await screen.findByRole('button', { name: 'Undo' }));
    expect(await screen.findByText('Note removed: Ada Lovelace')).toBeInTheDocument();
    expect(network.writes().at(-1)).toMatchObject({ path: '/students/7/history/45/undo' });
  });

  it('asks for a note type when none can be chosen (the types did not load), and sends nothing', async () => {
    const network = fakeNetwork({
      'GET /students/7': { status: 200, body: learner },
      'GET /notetypes': { status: 500, body: { message: 'Internal server error' } },
      'GET /notes': { status: 200, body: notes },
    });
    const { user } = renderWithProviders(<NotesDialog learnerId={7} open onClose={() => {}} />);
    const input = await screen.findByPlaceholderText('Type a note and press Enter');
    await screen.findByText('Internal server error');
    await user.type(input, 'No type{Enter}');
    expect(await screen.findByText('Please choose a note type.')).toBeInTheDocument();
    expect(network.writes()).toEqual([]);
  });

  it('shows notes with author and a long US date in Chicago, and filters them by type', async () => {
    const { user } = setup();
    const list = await screen.findByRole('region', { name: 'Notes' });
    expect(await within(list).findByText('Feeling overwhelmed this week')).toBeInTheDocument();
    expect(
      within(list).getByText(/Mental Health · Cam Coach · January 5, 2025/),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Filter notes/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'General Progress' }));
    expect(within(list).queryByText('Feeling overwhelmed this week')).not.toBeInTheDocument();
    expect(within(list).getByText('Finished the project early')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Filter notes/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'Show all' }));
    expect(within(list).getByText('Feeling overwhelmed this week')).toBeInTheDocument();
  });

  it('deletes a note only after confirmation, and Undo in the toast puts it back', async () => {
    const { user, network } = setup();
    await user.click(
      await screen.findByRole('button', { name: /Delete note: Finished the project/ }),
    );
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(network.writes()).toEqual([]);
    await user.click(screen.getByRole('button', { name: /Delete note: Finished the project/ }));
    await user.click(await screen.findByRole('button', { name: 'Delete note' }));
    await waitFor(() =>
      expect(network.writes()).toEqual([{ method: 'DELETE', path: '/notes/10', body: undefined }]),
    );
    // jsdom has no style sheets: the toast stays under the modal's pointer-events: none there.
    fireEvent.click(await screen.findByRole('button', { name: 'Undo' }));
    expect(await screen.findByText('Note restored: Ada Lovelace')).toBeInTheDocument();
    expect(network.writes().at(-1)).toMatchObject({ path: '/students/7/history/44/undo' });
  });

  it('closes with Escape', async () => {
    const { user, onClose } = setup();
    await screen.findByText('Add General Progress Note:');
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalled();
  });
});
