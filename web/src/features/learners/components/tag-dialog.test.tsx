import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fakeNetwork } from '@/test/fake-network.ts';
import { renderWithProviders } from '@/test/render.tsx';
import { learner } from '../testing/fixtures.ts';
import { TagChips } from './tag-chips.tsx';
import { TagDialog } from './tag-dialog.tsx';

const tags = {
  count: 2,
  next: null,
  previous: null,
  results: [
    { id: 1, name: 'needs pairing' },
    { id: 2, name: 'lighthouse' },
  ],
};

function setup() {
  const network = fakeNetwork({
    'GET /students/7': { status: 200, body: learner },
    'GET /tags': { status: 200, body: tags },
    'GET /studenttags': {
      status: 200,
      body: { count: 1, next: null, previous: null, results: [{ id: 50, student: 7, tag: 2 }] },
    },
    'POST /studenttags': ({ body }) => ({ status: 201, body: { id: 51, ...(body as object) } }),
    'POST /tags': ({ body }) => ({ status: 201, body: { id: 3, ...(body as object) } }),
    'DELETE /tags/1': { status: 204 },
  });
  const onClose = vi.fn();
  const view = renderWithProviders(<TagDialog learnerId={7} open onClose={onClose} />);
  return { ...view, network, onClose };
}

describe('TagDialog', () => {
  it('applies an existing tag with a click and closes; a tag already worn cannot be applied again', async () => {
    const { user, network, onClose } = setup();
    expect(
      await screen.findByRole('button', { name: 'lighthouse (already tagged)' }),
    ).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Tag with needs pairing' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(network.writes()).toEqual([
      { method: 'POST', path: '/studenttags', body: { student: 7, tag: 1 } },
    ]);
  });

  it("creates a tag from 'New tag name' with Enter and puts it on the learner; blank does nothing", async () => {
    const { user, network, onClose } = setup();
    const input = await screen.findByPlaceholderText('New tag name');
    await user.type(input, '   {Enter}');
    expect(network.writes()).toEqual([]);
    await user.clear(input);
    await user.type(input, 'night owl{Enter}');
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(network.writes()).toEqual([
      { method: 'POST', path: '/tags', body: { name: 'night owl' } },
      { method: 'POST', path: '/studenttags', body: { student: 7, tag: 3 } },
    ]);
  });

  it('deletes a tag for everyone only after confirmation', async () => {
    const { user, network } = setup();
    await user.click(await screen.findByRole('button', { name: 'Delete tag needs pairing' }));
    expect(await screen.findByText(/removed from every learner who has it/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(network.writes()).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Delete tag needs pairing' }));
    await user.click(await screen.findByRole('button', { name: 'Delete tag' }));
    await waitFor(() =>
      expect(network.writes()).toEqual([{ method: 'DELETE', path: '/tags/1', body: undefined }]),
    );
  });
});

describe('TagChips', () => {
  it('removes a tag only with its cross, and Undo in the toast puts it back', async () => {
    const network = fakeNetwork({
      'DELETE /studenttags/50': { status: 204, headers: { 'history-id': '90' } },
      'POST /students/7/history/90/undo': {
        status: 200,
        body: {
          message: 'Tag restored',
          learner: { id: 7, name: 'Ada Lovelace' },
          current_cohort: null,
        },
      },
    });
    const { user } = renderWithProviders(
      <TagChips learnerId={7} learnerName="Ada Lovelace" tags={[{ id: 50, tag: 'lighthouse' }]} />,
    );
    await user.click(screen.getByText('lighthouse'));
    expect(network.writes()).toEqual([]);
    await user.click(
      screen.getByRole('button', { name: 'Remove tag lighthouse from Ada Lovelace' }),
    );
    expect(await screen.findByText('Removed “lighthouse” from Ada Lovelace')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Undo' }));
    expect(await screen.findByText('Tag restored: Ada Lovelace')).toBeInTheDocument();
    expect(network.writes()).toEqual([
      { method: 'DELETE', path: '/studenttags/50', body: undefined },
      { method: 'POST', path: '/students/7/history/90/undo', body: undefined },
    ]);
  });
});
