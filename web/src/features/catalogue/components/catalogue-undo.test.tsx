import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeNetwork } from '@/test/fake-network.ts';
import { renderApp } from '@/test/render-app.tsx';
import { bookOf, course, projectOf, staffSession as session } from '../testing/fixtures.ts';

const kennels = projectOf({
  id: 7,
  name: 'Kennels',
  index: 1,
  is_group_project: true,
  client_template_url: 'https://github.com/templates/kennels-client',
});
const getStarted = bookOf();

const toastOf = (text: string) => screen.findByText(text).then((found) => found.closest('li'));

describe('undo of a catalogue change, from its toast', () => {
  it('puts a saved project back as it was, once', async () => {
    const net = fakeNetwork({
      'GET /projects/7': { status: 200, body: kennels },
      'PUT /projects/7': { status: 204 },
      'GET /books/11': { status: 200, body: getStarted },
      'GET /projects': { status: 200, body: [] },
    });
    const { user } = renderApp('/projects/edit/7', session);
    const name = await screen.findByLabelText('Project name');
    await user.clear(name);
    await user.type(name, 'Nashville Kennels');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const saved = await toastOf('Project saved.');
    // A double click: the second lands on the toast as it fades out, and undoes nothing more.
    await user.dblClick(within(saved as HTMLElement).getByRole('button', { name: 'Undo' }));
    expect(await screen.findByText('Kennels: changes undone.')).toBeInTheDocument();
    const puts = net.writes().filter((call) => call.method === 'PUT');
    expect(puts.map((call) => call.body)).toEqual([
      expect.objectContaining({ name: 'Nashville Kennels' }),
      {
        name: 'Kennels',
        index: 1,
        implementation_url: '',
        is_group_project: true,
        is_full_stack: false,
        client_template_url: 'https://github.com/templates/kennels-client',
        api_template_url: '',
        active: true,
      },
    ]);
    await waitFor(() => expect(screen.queryByText('Project saved.')).not.toBeInTheDocument());
  });

  it('removes an added book only while it is empty, and says why not', async () => {
    const added = { ...getStarted, id: 12, name: 'Book Two', index: 1 };
    let projects = 0;
    const net = fakeNetwork({
      'GET /courses/3': { status: 200, body: course },
      'GET /books': { status: 200, body: [getStarted] },
      'POST /books': { status: 201, body: added },
      'GET /books/12': () => ({ status: 200, body: { ...added, projects } }),
      'DELETE /books/12': { status: 204 },
    });
    const { user } = renderApp('/books/new/3', session);
    await user.type(await screen.findByLabelText('Book name'), 'Book Two');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/courses/3'));
    projects = 2;
    const toast = await toastOf('Book Two added.');
    await user.click(within(toast as HTMLElement).getByRole('button', { name: 'Undo' }));
    expect(
      await screen.findByText(
        'Book Two has projects or a self-assessment now: delete those first.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByText('Not undone')).toBeInTheDocument();
    expect(net.writes().filter((call) => call.method === 'DELETE')).toEqual([]);
  });

  it('brings a deleted self-assessment back, with its id and objectives', async () => {
    const components = {
      id: 5,
      name: 'Components check',
      source_url: 'https://github.com/templates/components-check',
      assigned_book: { id: 11, name: 'Get Started' },
      course: { id: 3, name: 'JavaScript' },
      objectives: [
        { id: 2, label: 'Props' },
        { id: 9, label: 'State' },
      ],
    };
    const net = fakeNetwork({
      'GET /assessments': { status: 200, body: [components] },
      'DELETE /assessments/5': { status: 204 },
      'POST /assessments/5/restore': { status: 200, body: components },
    });
    const { user } = renderApp('/assessments', session);
    const card = await screen.findByRole('article', { name: 'Components check' });
    await user.click(within(card).getByRole('button', { name: /Delete/ }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', {
        name: 'Delete Assessment',
      }),
    );
    const deleted = await toastOf('Components check deleted.');
    await user.click(within(deleted as HTMLElement).getByRole('button', { name: 'Undo' }));
    expect(
      await screen.findByText('Components check is back, with its objectives.'),
    ).toBeInTheDocument();
    expect(net.writes().at(-1)).toEqual({
      method: 'POST',
      path: '/assessments/5/restore',
      body: undefined,
    });
  });

  it('brings a deleted book back, with its projects and self-assessment', async () => {
    const deletedBook = bookOf({ projects: 2 });
    const net = fakeNetwork({
      'GET /books/11': { status: 200, body: deletedBook },
      'GET /projects': { status: 200, body: [] },
      'DELETE /books/11': { status: 204 },
      'GET /courses/3': { status: 200, body: course },
      'GET /books': { status: 200, body: [] },
      'POST /books/11/restore': { status: 200, body: deletedBook },
    });
    const { user } = renderApp('/books/11', session);
    await user.click(await screen.findByRole('button', { name: 'Delete Book' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete Book' }),
    );
    const deleted = await toastOf('Get Started deleted.');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/courses/3'));
    await user.click(within(deleted as HTMLElement).getByRole('button', { name: 'Undo' }));
    expect(
      await screen.findByText('Get Started is back, with its projects and self-assessment.'),
    ).toBeInTheDocument();
    expect(net.writes().map((call) => `${call.method} ${call.path}`)).toEqual([
      'DELETE /books/11',
      'POST /books/11/restore',
    ]);
  });

  it('brings a deleted objective back, and says so when it cannot', async () => {
    const objectives = [
      { id: 2, label: 'Props', weight: 3, tier: 1 },
      { id: 9, label: 'State', weight: 5, tier: 2 },
    ];
    const net = fakeNetwork({
      'GET /weights': { status: 200, body: objectives },
      'DELETE /weights/2': { status: 204 },
      'DELETE /weights/9': { status: 204 },
      'POST /weights/2/restore': { status: 200, body: objectives[0] },
      'POST /weights/9/restore': {
        status: 409,
        body: { message: "A learning objective labelled 'State' already exists." },
      },
    });
    const { user } = renderApp('/objectives', session);
    const remove = async (label: string) => {
      await user.click(await screen.findByRole('button', { name: `Delete ${label}` }));
      await user.click(
        within(await screen.findByRole('alertdialog')).getByRole('button', {
          name: 'Delete Objective',
        }),
      );
      const toast = await toastOf(`${label} deleted.`);
      await user.click(within(toast as HTMLElement).getByRole('button', { name: 'Undo' }));
    };
    await remove('Props');
    expect(
      await screen.findByText('Props is back, in the self-assessments that listed it.'),
    ).toBeInTheDocument();
    await remove('State');
    expect(
      await screen.findByText("A learning objective labelled 'State' already exists."),
    ).toBeInTheDocument();
    expect(net.writes().map((call) => `${call.method} ${call.path}`)).toEqual([
      'DELETE /weights/2',
      'POST /weights/2/restore',
      'DELETE /weights/9',
      'POST /weights/9/restore',
    ]);
  });
});
