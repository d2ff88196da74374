import type { CardConflict } from '@lp/contract/board';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeNetwork } from '@/test/fake-network.ts';
import { learner } from '../model/fixtures.ts';
import { renderBoard } from '../testing/render-board.tsx';

type User = ReturnType<typeof renderBoard>['user'];

async function openMenu(user: User, name: string) {
  await user.click(screen.getByRole('button', { name: `Actions for ${name}` }));
  return screen.findByRole('menu');
}

/** Menus are driven from the keyboard: jsdom has no layout for pointer paths into submenus. */
async function openSub(user: User, label: string) {
  const trigger = await screen.findByRole('menuitem', { name: label });
  trigger.focus();
  await user.keyboard('{ArrowRight}');
}

async function choose(user: User, label: string | RegExp) {
  const item = await screen.findByRole('menuitem', { name: label });
  item.focus();
  await user.keyboard('{Enter}');
}

const region = (name: string) => screen.getByRole('region', { name });

describe('a board change on a card someone else changed meanwhile', () => {
  it("says who moved the learner, not 'Could not assign', and shows the board as it is now", async () => {
    const ada = learner('Ada Lovelace', 101, { id: 7, version: 'drawn-7' });
    const elsewhere = learner('Ada Lovelace', 103, { id: 7, version: 'now-7' });
    const conflict: CardConflict = {
      message: 'Ann Coach moved Ada Lovelace to Group: Cider Falls since you loaded the board.',
      current: {
        version: 'now-7',
        project_id: 103,
        project_name: 'Group: Cider Falls',
        assessment_status_id: 0,
      },
    };
    const network = fakeNetwork({
      'POST /students/7/project': { status: 412, body: conflict },
      'GET /students': { status: 200, body: [elsewhere] },
    });
    const { user } = renderBoard([ada]);
    await openMenu(user, 'Ada Lovelace');
    await openSub(user, 'Assign to project');
    await openSub(user, 'Book 1');
    await choose(user, "Leonid's Toys");

    expect(await screen.findByText(conflict.message)).toBeInTheDocument();
    expect(screen.queryByText('Could not assign student to that project.')).not.toBeInTheDocument();
    const sent = network.calls.find((call) => call.method === 'POST');
    expect(sent?.headers.get('If-Match')).toBe('"drawn-7"');
    await waitFor(() =>
      expect(within(region('Book 1, Group: Cider Falls')).getByText('Ada Lovelace')).toBeVisible(),
    );
  });

  it('shows the review another coach made instead of overwriting it', async () => {
    const ready = learner('Ready', 102, { id: 1, assessment_status_id: 2, version: 'drawn-1' });
    const message =
      "Ann Coach set Ready's Flowers self-assessment to Reviewed and Incomplete since you loaded the board.";
    const network = fakeNetwork({
      'PUT /students/1/assess': {
        status: 412,
        body: {
          message,
          current: {
            version: 'now-1',
            project_id: 102,
            project_name: "Leonid's Toys",
            assessment_status_id: 3,
          },
        },
      },
      'GET /students': {
        status: 200,
        body: [{ ...ready, assessment_status_id: 3, version: 'now-1' }],
      },
    });
    const { user } = renderBoard([ready]);
    await openMenu(user, 'Ready');
    await openSub(user, 'Assessment status');
    await choose(user, 'Reviewed and Incomplete');

    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(network.calls.find((call) => call.method === 'PUT')?.headers.get('If-Match')).toBe(
      '"drawn-1"',
    );
    expect(screen.queryByText('Ready: Reviewed and Incomplete')).not.toBeInTheDocument();
    await waitFor(() =>
      expect(
        within(screen.getByRole('group', { name: 'Ready' })).getByText(/^Reviewed and Incomplete/),
      ).toBeInTheDocument(),
    );
  });

  it('sends no version for a card this tab has just changed and not read again', async () => {
    const network = fakeNetwork({
      'POST /students/7/project': { status: 201, body: { message: 'Success' } },
      // The board is not read back in time for the next change.
      'GET /students': () => new Promise(() => {}),
      'POST /students/7/assess': { status: 201, body: { message: 'Success', id: 1, url: '' } },
    });
    const { user } = renderBoard([learner('Ada Lovelace', 101, { id: 7, version: 'drawn-7' })]);
    await openMenu(user, 'Ada Lovelace');
    await openSub(user, 'Assign to project');
    await openSub(user, 'Book 1');
    await choose(user, "Leonid's Toys");
    expect(await screen.findByText("Ada Lovelace assigned to Leonid's Toys")).toBeInTheDocument();

    await openMenu(user, 'Ada Lovelace');
    await openSub(user, 'Assign to project');
    await openSub(user, 'Book 1');
    await choose(user, /Cider Falls/);
    await waitFor(() => expect(network.writes()).toHaveLength(2));
    const [first, second] = network.calls.filter((call) => call.method === 'POST');
    expect(first?.headers.get('If-Match')).toBe('"drawn-7"');
    expect(second?.headers.has('If-Match')).toBe(false);
  });
});
