import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeNetwork } from '@/test/fake-network.ts';
import { staffProfile } from '@/test/fixtures.ts';
import { renderApp } from '@/test/render-app.tsx';

const session = { profile: staffProfile, token: 'tok' };

const kennels = {
  id: 7,
  name: 'Kennels',
  index: 1,
  active: true,
  is_group_project: false,
  is_full_stack: false,
  client_template_url: '',
  api_template_url: '',
  book: { id: 11, name: 'Get Started' },
  course: { id: 3, name: 'JavaScript' },
};

describe('project detail', () => {
  it('deletes the project after confirmation, returns to its book and does not read it again', async () => {
    const net = fakeNetwork({
      'GET /projects/7': { status: 200, body: kennels },
      'DELETE /projects/7': { status: 204 },
      'GET /books/11': {
        status: 200,
        body: { id: 11, name: 'Get Started', course: kennels.course },
      },
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
  });
});
