import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeNetwork } from '@/test/fake-network.ts';
import { staffProfile } from '@/test/fixtures.ts';
import { renderApp } from '@/test/render-app.tsx';

const pairing = { id: 1, name: 'needs pairing', learners: 4 };
const owl = { id: 2, name: 'night owl', learners: 1 };
const list = (results: object[]) => ({
  count: results.length,
  next: null,
  previous: null,
  results,
});

/** The tag list as the server has it: the deleted tag goes, and comes back with its restore. */
function tagServer() {
  let deleted = false;
  return fakeNetwork({
    'GET /profile': { status: 200, body: staffProfile },
    'GET /courses': { status: 200, body: [] },
    'GET /tags': () => ({ status: 200, body: list(deleted ? [owl] : [pairing, owl]) }),
    'DELETE /tags/1': () => {
      deleted = true;
      return { status: 204 };
    },
    'POST /tags/1/restore': () => {
      deleted = false;
      return {
        status: 200,
        body: {
          message: "Tag 'needs pairing' restored on 4 learners",
          tag: { id: 1, name: 'needs pairing' },
          learners: 4,
        },
      };
    },
  });
}

const rows = () => screen.getAllByRole('row').slice(1);

describe('the staff tag list', () => {
  it('is reached from Courses and lists every tag with how many learners wear it', async () => {
    tagServer();
    renderApp('/courses', { profile: staffProfile, token: 'tok' });
    await userEvent.click(await screen.findByRole('link', { name: 'Tags' }));
    expect(await screen.findByRole('heading', { name: 'Tags' })).toBeVisible();
    await screen.findByRole('rowheader', { name: 'needs pairing' });
    expect(rows().map((row) => row.textContent)).toEqual([
      'needs pairing4 learnersDelete',
      'night owl1 learnerDelete',
    ]);
  });

  it('deletes a tag for everyone only once confirmed, and Undo brings it back', async () => {
    const network = tagServer();
    renderApp('/tags', { profile: staffProfile, token: 'tok' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete tag needs pairing' }));
    const confirm = await screen.findByRole('alertdialog');
    expect(confirm).toHaveTextContent('taken off the 4 learners who have it');
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(network.writes()).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Delete tag needs pairing' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete tag' }),
    );
    expect(
      await screen.findByText('Deleted the tag “needs pairing” (4 learners had it)'),
    ).toBeVisible();
    await waitFor(() =>
      expect(screen.queryByRole('rowheader', { name: 'needs pairing' })).not.toBeInTheDocument(),
    );
    // The focus went to the next row's Delete, not to the page's body.
    expect(screen.getByRole('button', { name: 'Delete tag night owl' })).toHaveFocus();

    await user.click(screen.getByRole('button', { name: 'Undo' }));
    expect(await screen.findByText("Tag 'needs pairing' restored on 4 learners")).toBeVisible();
    expect(await screen.findByRole('rowheader', { name: 'needs pairing' })).toBeVisible();
    expect(network.writes()).toEqual([
      { method: 'DELETE', path: '/tags/1', body: undefined },
      { method: 'POST', path: '/tags/1/restore', body: undefined },
    ]);
  });
});
