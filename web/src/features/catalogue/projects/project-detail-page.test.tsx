import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeNetwork } from '@/test/fake-network.ts';
import { renderApp } from '@/test/render-app.tsx';
import { bookOf, projectOf, staffSession as session } from '../testing/fixtures.ts';

const kennels = projectOf({ id: 7, name: 'Kennels', index: 1 });

describe('project detail', () => {
  it('deletes the project after confirmation, returns to its book, does not read it again, and brings it back on Undo', async () => {
    const net = fakeNetwork({
      'GET /projects/7': { status: 200, body: kennels },
      'DELETE /projects/7': { status: 204 },
      'POST /projects/7/restore': { status: 200, body: kennels },
      'GET /books/11': { status: 200, body: bookOf() },
      'GET /projects': { status: 200, body: [] },
    });
    const { user } = renderApp('/projects/7', session);
    await user.click(await screen.findByRole('button', { name: 'Delete Project' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', {
        name: 'Delete Project',
      }),
    );
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/books/11'));
    expect(await screen.findByText('Kennels deleted.')).toBeInTheDocument();
    expect(net.writes()).toEqual([{ method: 'DELETE', path: '/projects/7', body: undefined }]);
    // The deleted project is never asked for again (that read would answer 404).
    await screen.findByRole('heading', { name: /Get Started/ });
    const reads = net.calls.filter((call) => call.method === 'GET' && call.path === '/projects/7');
    expect(reads).toHaveLength(1);

    // Undo brings the very project back, with its id.
    const toast = (await screen.findByText('Kennels deleted.')).closest('li');
    await user.click(within(toast as HTMLElement).getByRole('button', { name: 'Undo' }));
    expect(await screen.findByText('Kennels is back.')).toBeInTheDocument();
    expect(net.writes().at(-1)).toEqual({
      method: 'POST',
      path: '/projects/7/restore',
      body: undefined,
    });
  });
});
