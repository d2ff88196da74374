import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeNetwork } from '@/test/fake-network.ts';
import { renderApp } from '@/test/render-app.tsx';
import { bookOf, projectOf, staffSession as session } from '../testing/fixtures.ts';

const book = (hasAssessment: boolean) =>
  bookOf({
    has_assessment: hasAssessment,
    projects: 4,
    assessments: hasAssessment ? [{ id: 21, name: 'Get Started check' }] : [],
  });

const projects = [
  projectOf({ id: 1, name: 'Kennels' }),
  projectOf({ id: 2, name: 'Group: Honey Rae', is_group_project: true }),
  projectOf({ id: 3, name: 'Old Kennels', active: false }),
];

describe('book detail', () => {
  it('sorts projects into core, group and deprecated, and offers Add Self-Assessment', async () => {
    fakeNetwork({
      'GET /books/11': { status: 200, body: book(false) },
      'GET /projects': { status: 200, body: projects },
    });
    renderApp('/books/11', session);
    const core = await screen.findByRole('list', { name: 'Core Projects' });
    expect(within(core).getByRole('link').textContent).toBe('Kennels');
    const group = screen.getByRole('list', { name: 'Group Project' });
    expect(within(group).getByRole('link').textContent).toBe('Group: Honey Rae');
    const deprecated = screen.getByRole('list', { name: 'Deprecated Projects' });
    expect(within(deprecated).getByRole('link')).toHaveAttribute('href', '/projects/3');
    expect(screen.queryByRole('list', { name: 'Assessment' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add Self-Assessment' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'JavaScript' })).toHaveAttribute('href', '/courses/3');
  });

  it('shows the assessment and hides Add Self-Assessment once the book has one', async () => {
    fakeNetwork({
      'GET /books/11': { status: 200, body: book(true) },
      'GET /projects': { status: 200, body: projects },
    });
    renderApp('/books/11', session);
    const assessment = await screen.findByRole('list', { name: 'Assessment' });
    expect(within(assessment).getByRole('link', { name: 'Get Started check' })).toHaveAttribute(
      'href',
      '/assessments/edit/21',
    );
    expect(screen.queryByRole('link', { name: 'Add Self-Assessment' })).not.toBeInTheDocument();
  });

  it('says so when the book does not exist', async () => {
    fakeNetwork({ 'GET /books/99': { status: 404, body: { message: 'Book not found.' } } });
    renderApp('/books/99', session);
    expect(await screen.findByRole('alert')).toHaveTextContent('This book does not exist');
  });

  it('deletes the book after confirmation, returns to its course and does not read it again', async () => {
    const net = fakeNetwork({
      'GET /books/11': { status: 200, body: book(false) },
      'GET /projects': { status: 200, body: projects },
      'DELETE /books/11': { status: 204 },
    });
    const { user } = renderApp('/books/11', session);
    await user.click(await screen.findByRole('button', { name: 'Delete Book' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete Book' }),
    );
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/courses/3'));
    expect(await screen.findByText('Get Started deleted.')).toBeInTheDocument();
    expect(net.writes()).toEqual([{ method: 'DELETE', path: '/books/11', body: undefined }]);
    // The deleted book is never asked for again (that read would answer 404).
    const reads = net.calls.filter((call) => call.method === 'GET' && call.path === '/books/11');
    expect(reads).toHaveLength(1);
  });
});
