// Through the learner overlay, where staff see the section: the Undo comes from the learner's
// history as for other removals.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LearnerOverlay } from '@/features/learners';
import { learner } from '@/features/learners/testing';
import { type Answer, type Call, fakeNetwork } from '@/test/fake-network.ts';
import { renderWithProviders } from '@/test/render.tsx';
import { resetToasts } from '@/ui/toasts/toast-store.ts';
import { activityPage, glassdale, kennels } from '../testing/fixtures.ts';

function Host() {
  const [open, setOpen] = useState(true);
  return <LearnerOverlay learnerId={7} open={open} onClose={() => setOpen(false)} />;
}

const undone = (message: string) => ({
  status: 200,
  body: { message, learner: { id: 7, name: 'Ada Lovelace' }, current_cohort: null },
});

function setup(extra: Record<string, Answer | ((call: Call) => Answer)> = {}) {
  const network = fakeNetwork({
    'GET /students/7': { status: 200, body: learner },
    'GET /coreskillrecords': { status: 200, body: [] },
    'GET /weights': { status: 200, body: [] },
    'GET /students/7/history': { status: 200, body: [] },
    'GET /students/7/activity': { status: 200, body: activityPage([]) },
    'GET /students/7/repositories': { status: 200, body: [kennels, glassdale] },
    ...extra,
  });
  return { ...renderWithProviders(<Host />), network };
}

const section = async () =>
  (await screen.findByRole('heading', { name: 'Repositories' })).closest('section')!;

describe('Repositories in the learner overlay', () => {
  beforeEach(() => {
    resetToasts();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-03-15T02:00:00Z'));
  });
  afterEach(() => {
    vi.useRealTimers();
    resetToasts();
  });

  it('lists each repository with its source, project, latest push and checks', async () => {
    setup();
    const list = await screen.findByRole('list', { name: 'Repositories' });
    const [first, second] = within(list).getAllByRole('listitem');
    expect(within(first!).getByRole('link', { name: 'ada-codes/kennels' })).toHaveAttribute(
      'href',
      'https://github.com/ada-codes/kennels',
    );
    expect(first).toHaveTextContent('From the project template');
    expect(first).toHaveTextContent('Checks failing');
    expect(first).toHaveTextContent('Project: Kennels · Last push 2 days ago');
    expect(second).toHaveTextContent('Team');
    expect(second).toHaveTextContent('No checks');
    expect(second).toHaveTextContent('Project: Glassdale · Nothing pushed yet');
    expect(await screen.findByText('No activity yet')).toBeInTheDocument();
  });

  it('says when no repository is linked', async () => {
    setup({ 'GET /students/7/repositories': { status: 200, body: [] } });
    expect(await within(await section()).findByText('No repositories linked')).toBeInTheDocument();
  });

  it('links a repository to the current project by default, and the toast offers Undo', async () => {
    let linked = false;
    const { user, network } = setup({
      'GET /students/7/repositories': () => ({
        status: 200,
        body: linked
          ? [{ ...kennels, id: 60, full_name: 'ada-codes/walkers' }, kennels]
          : [kennels],
      }),
      'POST /students/7/repositories': () => {
        linked = true;
        return {
          status: 201,
          body: { ...kennels, id: 60, full_name: 'ada-codes/walkers', source: 'staff' },
          headers: { 'history-id': '61' },
        };
      },
      'POST /students/7/history/61/undo': undone('Repository unlinked'),
    });
    const form = within(await screen.findByRole('form', { name: 'Link a repository' }));
    await user.type(form.getByLabelText('Repository URL'), 'https://github.com/ada-codes/walkers');
    await user.click(form.getByRole('button', { name: 'Link repository' }));
    expect(await screen.findByText('Linked ada-codes/walkers to Ada Lovelace')).toBeInTheDocument();
    expect(network.writes()).toEqual([
      {
        method: 'POST',
        path: '/students/7/repositories',
        body: { url: 'https://github.com/ada-codes/walkers' },
      },
    ]);
    expect(form.getByLabelText('Repository URL')).toHaveValue('');
    expect(await screen.findByRole('link', { name: 'ada-codes/walkers' })).toBeInTheDocument();
    // The toast sits under the modal's pointer-events: none in jsdom (no style sheets).
    fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
    expect(await screen.findByText('Repository unlinked: Ada Lovelace')).toBeInTheDocument();
    expect(network.writes().at(-1)).toMatchObject({ path: '/students/7/history/61/undo' });
  });

  it('links to another project when staff choose one', async () => {
    const { user, network } = setup({
      'POST /students/7/repositories': { status: 201, body: glassdale },
    });
    const form = within(await screen.findByRole('form', { name: 'Link a repository' }));
    await user.type(
      form.getByLabelText('Repository URL'),
      'https://github.com/day-cohort-72/glassdale',
    );
    await user.click(await form.findByRole('combobox', { name: 'Project' }));
    await user.click(await screen.findByRole('option', { name: 'Glassdale' }));
    await user.click(form.getByRole('button', { name: 'Link repository' }));
    await waitFor(() =>
      expect(network.writes()).toEqual([
        {
          method: 'POST',
          path: '/students/7/repositories',
          body: { url: 'https://github.com/day-cohort-72/glassdale', projectId: 2 },
        },
      ]),
    );
  });

  it("shows the server's reason when it refuses the URL", async () => {
    const reason = 'https://gitlab.com/ada/kennels is not a GitHub repository.';
    const { user } = setup({
      'POST /students/7/repositories': { status: 400, body: { message: reason } },
    });
    const form = within(await screen.findByRole('form', { name: 'Link a repository' }));
    const input = form.getByLabelText('Repository URL');
    await user.type(input, 'https://gitlab.com/ada/kennels');
    await user.keyboard('{Enter}');
    expect(await form.findByText(reason)).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription(reason);
    expect(input).toHaveValue('https://gitlab.com/ada/kennels');
  });

  it('unlinks at once, and the toast offers Undo', async () => {
    let unlinked = false;
    const { user, network } = setup({
      'GET /students/7/repositories': () => ({
        status: 200,
        body: unlinked ? [glassdale] : [kennels, glassdale],
      }),
      'DELETE /repository-links/51': () => {
        unlinked = true;
        return { status: 204, headers: { 'history-id': '62' } };
      },
      'POST /students/7/history/62/undo': undone('Repository linked again'),
    });
    await user.click(await screen.findByRole('button', { name: 'Unlink ada-codes/kennels' }));
    expect(
      await screen.findByText('Unlinked ada-codes/kennels from Ada Lovelace'),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('link', { name: 'ada-codes/kennels' })).not.toBeInTheDocument(),
    );
    expect(screen.getByRole('heading', { name: 'Repositories' })).toHaveFocus();
    fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
    expect(await screen.findByText('Repository linked again: Ada Lovelace')).toBeInTheDocument();
    expect(network.writes()).toEqual([
      { method: 'DELETE', path: '/repository-links/51', body: undefined },
      { method: 'POST', path: '/students/7/history/62/undo', body: undefined },
    ]);
  });
});
