import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeNetwork } from '@/test/fake-network.ts';
import { renderApp } from '@/test/render-app.tsx';
import { bookOf, course, staffSession as session } from '../testing/fixtures.ts';

const books = [bookOf({ projects: 3 })];
const stats = {
  data: [
    {
      bookname: 'Get Started',
      bookindex: 0,
      projectname: 'Kennels',
      projectindex: 0,
      averagestartdelay: 2,
    },
    {
      bookname: 'Get Started',
      bookindex: 0,
      projectname: 'Group: Honey Rae',
      projectindex: 1,
      averagestartdelay: 6.4,
    },
  ],
};

describe('course detail', () => {
  it('lists the books and draws both charts from the course stats', async () => {
    fakeNetwork({
      'GET /courses/3': { status: 200, body: course },
      'GET /books': { status: 200, body: books },
      'GET /courses/3/stats': { status: 200, body: stats },
    });
    renderApp('/courses/3', session);
    const list = await screen.findByRole('list', { name: 'Books' });
    expect(within(list).getByRole('link')).toHaveTextContent('Get Started3 projects');

    const bubble = JSON.parse(
      (await screen.findByRole('img', { name: /bubble chart/ })).textContent ?? '',
    );
    expect(bubble.datasets[0].label).toBe('Time on Project');
    expect(bubble.datasets[0].data).toEqual([
      { x: 2, y: 2, r: 3 * (1 + 4.4), projectname: 'Kennels' },
      { x: 4, y: 6.4, r: 3, projectname: 'Group: Honey Rae' },
    ]);
    const bar = JSON.parse(screen.getByRole('img', { name: /bar chart/ }).textContent ?? '');
    expect(bar.labels).toEqual(['Kennels', 'Group: Honey Rae']);
    expect(bar.datasets[0]).toMatchObject({ label: 'Average Start Delay (days)', data: [2, 6] });
  });

  it('asks before deleting and then goes back to the course list', async () => {
    const network = fakeNetwork({
      'GET /courses/3': { status: 200, body: course },
      'GET /books': { status: 200, body: books },
      'GET /courses/3/stats': { status: 200, body: { data: [] } },
      'DELETE /courses/3': { status: 204 },
      'GET /courses': { status: 200, body: [] },
    });
    const { user } = renderApp('/courses/3', session);
    await user.click(await screen.findByRole('button', { name: 'Delete Course' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(network.writes()).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Delete Course' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/courses');
    expect(network.writes()).toEqual([{ method: 'DELETE', path: '/courses/3', body: undefined }]);
  });
});
