import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeNetwork } from '@/test/fake-network.ts';
import { learner } from '../model/fixtures.ts';
import { renderBoard } from '../testing/render-board.tsx';

async function openMenu(user: ReturnType<typeof renderBoard>['user'], name: string) {
  await user.click(screen.getByRole('button', { name: `Actions for ${name}` }));
  return screen.findByRole('menu');
}

/** Menus are driven from the keyboard here: jsdom has no layout for pointer paths into submenus. */
async function openSub(user: ReturnType<typeof renderBoard>['user'], label: string) {
  const trigger = await screen.findByRole('menuitem', { name: label });
  trigger.focus();
  await user.keyboard('{ArrowRight}');
}

async function choose(user: ReturnType<typeof renderBoard>['user'], label: string) {
  const item = await screen.findByRole('menuitem', { name: label });
  item.focus();
  await user.keyboard('{Enter}');
}

describe('learner card menu', () => {
  it('offers notes and tags, which open the learners dialogs', async () => {
    fakeNetwork({});
    const { user, dialogs } = renderBoard([learner('Ada Lovelace', 101)]);
    await openMenu(user, 'Ada Lovelace');
    await user.click(screen.getByRole('menuitem', { name: 'Learner Notes' }));
    expect(dialogs.openNotes).toHaveBeenCalledWith(
      expect.objectContaining({ name: 'Ada Lovelace' }),
    );
    await openMenu(user, 'Ada Lovelace');
    await user.click(screen.getByRole('menuitem', { name: 'Tag Learner' }));
    expect(dialogs.openTags).toHaveBeenCalledTimes(1);
  });

  it('opens from the keyboard on its first use, and gives focus back to its button', async () => {
    fakeNetwork({});
    const { user } = renderBoard([learner('Ada Lovelace', 101)]);
    screen.getByRole('button', { name: 'Actions for Ada Lovelace' }).focus();
    await user.keyboard('{Enter}');
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByRole('menuitem', { name: 'Learner Notes' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Actions for Ada Lovelace' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('menu')).toBeInTheDocument();
  });

  it("shows 'Book Assessment' once a self-assessment exists", async () => {
    fakeNetwork({});
    const { user } = renderBoard([
      learner('Idle', 100, { assessment_status_id: 0 }),
      learner('Working', 101, { assessment_status_id: 1 }),
    ]);
    let menu = await openMenu(user, 'Idle');
    expect(within(menu).queryByText('Book Assessment')).not.toBeInTheDocument();
    expect(within(menu).getByText('Progress Tracking')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    menu = await openMenu(user, 'Working');
    expect(within(menu).getByText('Book Assessment')).toBeInTheDocument();
    await openSub(user, 'Assessment status');
    const items = (await screen.findAllByRole('menuitem')).map((item) => item.textContent);
    expect(items).toContain('Ready for Review');
    expect(items).toContain('Reviewed and Incomplete');
    expect(items).toContain('Reviewed and Complete');
    expect(items).not.toContain('In Progress');
  });

  it("sets 'Reviewed and Incomplete' directly", async () => {
    const network = fakeNetwork({ 'PUT /students/1/assess': { status: 204 } });
    const ready = learner('Ready', 102, { id: 1, assessment_status_id: 2 });
    const { user } = renderBoard([ready]);
    await openMenu(user, 'Ready');
    await openSub(user, 'Assessment status');
    await choose(user, 'Reviewed and Incomplete');
    expect(network.writes()).toEqual([
      expect.objectContaining({ method: 'PUT', path: '/students/1/assess', body: { statusId: 3 } }),
    ]);
    expect(await screen.findByText('Ready: Reviewed and Incomplete')).toBeInTheDocument();
  });

  it("opens the evaluation dialog for 'Reviewed and Complete' without sending anything yet", async () => {
    const network = fakeNetwork({ 'GET /assessments': { status: 200, body: [] } });
    const { user } = renderBoard([learner('Ready', 102, { assessment_status_id: 2 })]);
    await openMenu(user, 'Ready');
    await openSub(user, 'Assessment status');
    await choose(user, 'Reviewed and Complete');
    expect(
      await screen.findByRole('dialog', { name: 'Assessment Evaluation' }),
    ).toBeInTheDocument();
    expect(network.writes()).toEqual([]);
  });

  it('assigns to a project of the same book from Progress Tracking > Assign to project', async () => {
    const network = fakeNetwork({
      'POST /students/7/project': {
        status: 201,
        body: { message: 'Success' },
        headers: { 'history-id': '40' },
      },
      'POST /students/7/history/40/undo': {
        status: 200,
        body: {
          message: 'Move undone',
          learner: { id: 7, name: 'Ada Lovelace' },
          current_cohort: null,
        },
      },
    });
    const { user } = renderBoard([learner('Ada Lovelace', 101, { id: 7 })]);
    await openMenu(user, 'Ada Lovelace');
    await openSub(user, 'Assign to project');
    await openSub(user, 'Book 1');
    const current = await screen.findByRole('menuitem', { name: /Foundations Review/ });
    expect(current).toHaveAttribute('data-disabled');
    await choose(user, "Leonid's Toys");
    expect(network.writes()).toEqual([
      expect.objectContaining({
        method: 'POST',
        path: '/students/7/project',
        body: { projectId: 102 },
      }),
    ]);
    const moved = await screen.findByText("Ada Lovelace assigned to Leonid's Toys");
    // The menu closed and the card moved column: the focus is on the card in its new column.
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Move Ada Lovelace' })).toHaveFocus(),
    );
    // A move one column too far is taken back from its toast.
    await user.click(
      within(moved.closest('li') ?? document.body).getByRole('button', { name: 'Undo' }),
    );
    expect(await screen.findByText('Move undone: Ada Lovelace')).toBeInTheDocument();
    expect(network.writes().at(-1)).toMatchObject({
      method: 'POST',
      path: '/students/7/history/40/undo',
    });
  });

  it('keeps the drop rules: a book whose self-assessment is not complete cannot be left', async () => {
    const network = fakeNetwork({});
    const { user } = renderBoard([learner('Ada Lovelace', 102, { assessment_status_id: 2 })]);
    await openMenu(user, 'Ada Lovelace');
    await openSub(user, 'Assign to project');
    await openSub(user, 'Book 2');
    await choose(user, 'Functionland');
    expect(
      await screen.findByText('Self-assessment for this book not marked as reviewed and complete.'),
    ).toBeInTheDocument();
    expect(network.writes()).toEqual([]);
  });

  it('offers no earlier book, and starts the self-assessment from the own book', async () => {
    const network = fakeNetwork({
      'POST /students/3/assess': {
        status: 201,
        body: { message: 'Success', id: 1, url: '' },
        headers: { 'history-id': '45' },
      },
      'POST /students/3/history/45/undo': {
        status: 200,
        body: {
          message: 'Self-assessment start undone',
          learner: { id: 3, name: 'Grace Hopper' },
          current_cohort: null,
        },
      },
    });
    const { user } = renderBoard([learner('Grace Hopper', 203, { id: 3 })]);
    await openMenu(user, 'Grace Hopper');
    await openSub(user, 'Assign to project');
    const books = (await screen.findAllByRole('menuitem')).map((item) => item.textContent);
    expect(books).not.toContain('Book 1');
    await openSub(user, 'Book 2');
    await choose(user, 'Mortgage Qualifiers (self-assessment)');
    expect(network.writes()).toEqual([
      expect.objectContaining({ method: 'POST', path: '/students/3/assess', body: { bookId: 20 } }),
    ]);
    expect(await screen.findByText('Student assigned to assessment')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Undo' }));
    expect(
      await screen.findByText('Self-assessment start undone: Grace Hopper'),
    ).toBeInTheDocument();
  });

  it('says when the learner had that project before', async () => {
    fakeNetwork({
      'POST /students/7/project': {
        status: 409,
        body: { message: 'duplicate: the student has previously been assigned to that project' },
      },
    });
    const { user } = renderBoard([learner('Ada Lovelace', 102, { id: 7 })]);
    await openMenu(user, 'Ada Lovelace');
    await openSub(user, 'Assign to project');
    await openSub(user, 'Book 1');
    await choose(user, 'Foundations Review');
    expect(
      await screen.findByText('Student has previously been assigned to that project.'),
    ).toBeInTheDocument();
  });

  it('says that an assignment failed for any other reason, and puts the card back', async () => {
    fakeNetwork({ 'POST /students/7/project': { status: 500, body: { message: 'boom' } } });
    const { user } = renderBoard([learner('Ada Lovelace', 102, { id: 7 })]);
    await openMenu(user, 'Ada Lovelace');
    await openSub(user, 'Assign to project');
    await openSub(user, 'Book 1');
    await choose(user, 'Foundations Review');
    expect(
      await screen.findByText('Could not assign student to that project.'),
    ).toBeInTheDocument();
    const column = screen.getByRole('region', { name: "Book 1, Leonid's Toys" });
    expect(within(column).getByText('Ada Lovelace')).toBeInTheDocument();
  });
});
