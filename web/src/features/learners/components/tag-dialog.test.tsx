import { screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { fakeNetwork } from '@/test/fake-network.ts';
import { renderWithProviders } from '@/test/render.tsx';
import { learner } from '../testing/fixtures.ts';
import { TagChips } from './tag-chips.tsx';
import { TagDialog } from './tag-dialog.tsx';

const tags = {
  count: 3,
  next: null,
  previous: null,
  results: [
    { id: 2, name: 'lighthouse', learners: 1 },
    { id: 1, name: 'needs pairing', learners: 4 },
    { id: 4, name: 'needs review', learners: 0 },
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
    'POST /studenttags': ({ body }) => ({
      status: 201,
      body: { id: 51, ...(body as object) },
      headers: { 'history-id': '91' },
    }),
    'POST /tags': ({ body }) => ({ status: 201, body: { id: 3, ...(body as object) } }),
    'POST /students/7/history/91/undo': {
      status: 200,
      body: {
        message: 'Tag removed',
        learner: { id: 7, name: 'Ada Lovelace' },
        current_cohort: null,
      },
    },
  });
  const onClose = vi.fn();
  function Opened() {
    const [open, setOpen] = useState(true);
    const close = () => {
      onClose();
      setOpen(false);
    };
    return <TagDialog learnerId={7} open={open} onClose={close} />;
  }
  const view = renderWithProviders(<Opened />);
  return { ...view, network, onClose };
}

/** The tag field, once the tags are listed under it. */
async function field() {
  await screen.findByRole('option', { name: 'needs pairing' });
  return screen.getByRole('combobox', { name: 'Tag' });
}
const highlighted = () => screen.getByRole('option', { selected: true });

describe('TagDialog', () => {
  it('picks the first matching tag with Enter and creates nothing; the toast says so and Undo takes it off', async () => {
    const { user, network, onClose } = setup();
    await user.type(await field(), 'needs');
    expect(highlighted()).toHaveTextContent('needs pairing');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(network.writes()).toEqual([
      { method: 'POST', path: '/studenttags', body: { student: 7, tag: 1 } },
    ]);
    expect(await screen.findByText('Tagged Ada Lovelace “needs pairing”')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Undo' }));
    expect(await screen.findByText('Tag removed: Ada Lovelace')).toBeInTheDocument();
    expect(network.writes()).toContainEqual({
      method: 'POST',
      path: '/students/7/history/91/undo',
      body: undefined,
    });
  });

  it("creates a tag only when 'Create tag …' is chosen, with the arrows or a click", async () => {
    const { user, network, onClose } = setup();
    const input = await field();
    await user.type(input, 'needs');
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(highlighted()).toHaveTextContent("Create tag 'needs'");
    await user.keyboard('{Enter}');
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(network.writes()).toEqual([
      { method: 'POST', path: '/tags', body: { name: 'needs' } },
      { method: 'POST', path: '/studenttags', body: { student: 7, tag: 3 } },
    ]);
    expect(
      await screen.findByText('Created the tag “needs” and tagged Ada Lovelace with it'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Undo' })).toBeInTheDocument();
  });

  it('creates a new tag with a click on its option; Enter alone never creates one', async () => {
    const { user, network, onClose } = setup();
    await user.type(await field(), 'night owl{Enter}');
    expect(screen.queryByRole('option', { selected: true })).not.toBeInTheDocument();
    expect(network.writes()).toEqual([]);
    await user.click(screen.getByRole('option', { name: "Create tag 'night owl'" }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(network.writes()).toEqual([
      { method: 'POST', path: '/tags', body: { name: 'night owl' } },
      { method: 'POST', path: '/studenttags', body: { student: 7, tag: 3 } },
    ]);
  });

  it('moves the highlight with the arrows, wrapping round and skipping a tag the learner wears', async () => {
    const { user } = setup();
    const input = await field();
    // An empty field highlights nothing: Enter there does nothing.
    expect(screen.queryByRole('option', { selected: true })).not.toBeInTheDocument();
    await user.keyboard('{ArrowDown}');
    // 'lighthouse' is worn, so the first choosable tag is next.
    expect(highlighted()).toHaveTextContent('needs pairing');
    await user.keyboard('{ArrowUp}');
    expect(highlighted()).toHaveTextContent('needs review');
    await user.type(input, 'e');
    // Starts-with matches come first; the first choosable match is highlighted.
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'lighthouse (already tagged)',
      'needs pairing',
      'needs review',
      "Create tag 'e'",
    ]);
    expect(highlighted()).toHaveTextContent('needs pairing');
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(highlighted()).toHaveTextContent("Create tag 'e'");
    await user.keyboard('{ArrowDown}');
    expect(highlighted()).toHaveTextContent('needs pairing');
    // Up from the first choosable one skips the worn tag above it and wraps to the end.
    await user.keyboard('{ArrowUp}');
    expect(highlighted()).toHaveTextContent("Create tag 'e'");
  });

  it('is a combobox a screen reader can follow: its listbox, options and the highlighted one', async () => {
    const { user, network } = setup();
    const input = await field();
    expect(input).toHaveFocus();
    expect(input).toHaveAttribute('aria-autocomplete', 'list');
    expect(input).toHaveAttribute('aria-expanded', 'true');
    const listbox = screen.getByRole('listbox', { name: 'Tags' });
    expect(input).toHaveAttribute('aria-controls', listbox.id);
    expect(within(listbox).getAllByRole('option')).toHaveLength(3);
    expect(input).not.toHaveAttribute('aria-activedescendant');
    await user.type(input, 'review');
    const option = screen.getByRole('option', { name: 'needs review' });
    expect(option).toHaveAttribute('aria-selected', 'true');
    expect(input).toHaveAttribute('aria-activedescendant', option.id);
    // Focus stays in the field while the highlight moves.
    expect(input).toHaveFocus();
    // A tag the learner wears is listed but cannot be chosen; its exact name offers no creation.
    await user.clear(input);
    await user.type(input, 'Lighthouse{Enter}');
    const worn = screen.getByRole('option', { name: 'lighthouse (already tagged)' });
    expect(worn).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getAllByRole('option')).toHaveLength(1);
    await user.click(worn);
    expect(network.writes()).toEqual([]);
  });

  it('deletes no tag here, but links to the tag list that does', async () => {
    setup();
    await field();
    expect(screen.queryByRole('button', { name: /Delete tag/ })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Manage tags/ })).toHaveAttribute('href', '/tags');
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
