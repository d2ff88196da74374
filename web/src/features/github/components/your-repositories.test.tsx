import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fakeNetwork } from '@/test/fake-network.ts';
import { renderWithProviders } from '@/test/render.tsx';
import { resetToasts } from '@/ui/toasts/toast-store.ts';
import { glassdale, kennels } from '../testing/fixtures.ts';
import { YourRepositories } from './your-repositories.tsx';

const current = { id: 3, name: 'Kennels' };

describe("YourRepositories (the learner's dashboard)", () => {
  beforeEach(() => resetToasts());
  afterEach(() => resetToasts());

  it("lists the learner's repositories, their current project's checks first", async () => {
    fakeNetwork({ 'GET /students/42/repositories': { status: 200, body: [kennels, glassdale] } });
    renderWithProviders(<YourRepositories learnerId={42} currentProject={current} />);
    const summary = await screen.findByTestId('current-repository');
    expect(summary).toHaveTextContent('Kennels:ada-codes/kennelsChecks failing');
    const list = screen.getByRole('list', { name: 'Repositories' });
    expect(
      within(list)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['ada-codes/kennels', 'day-cohort-72/glassdale']);
    // Unlinking is staff's.
    expect(screen.queryByRole('button', { name: /Unlink/ })).not.toBeInTheDocument();
    // The learner links to their current project: no project to choose.
    expect(screen.queryByRole('combobox')).not.toBeInTheDocument();
  });

  it('says when none is linked', async () => {
    fakeNetwork({ 'GET /students/42/repositories': { status: 200, body: [] } });
    renderWithProviders(<YourRepositories learnerId={42} currentProject={current} />);
    expect(await screen.findByText('No repositories linked')).toBeInTheDocument();
  });

  it("links one of the learner's repositories, and shows the server's refusal", async () => {
    const reason =
      'The repository must belong to your GitHub login (sam-learner) or your cohort organisation (evening-31).';
    let linked = false;
    const network = fakeNetwork({
      'GET /students/42/repositories': () => ({
        status: 200,
        body: linked ? [{ ...kennels, source: 'learner', checks: 'passing' }] : [],
      }),
      'POST /students/42/repositories': ({ body }) => {
        if ((body as { url: string }).url.includes('someone-else'))
          return { status: 400, body: { message: reason } };
        linked = true;
        return { status: 201, body: kennels, headers: { 'history-id': '70' } };
      },
    });
    const { user } = renderWithProviders(
      <YourRepositories learnerId={42} currentProject={current} />,
    );
    const input = await screen.findByLabelText('Repository URL');
    await user.type(input, 'https://github.com/someone-else/kennels');
    await user.click(screen.getByRole('button', { name: 'Link repository' }));
    expect(await screen.findByText(reason)).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-invalid', 'true');

    await user.clear(input);
    await user.type(input, 'https://github.com/ada-codes/kennels');
    await user.click(screen.getByRole('button', { name: 'Link repository' }));
    expect(await screen.findByText('Linked ada-codes/kennels')).toBeInTheDocument();
    expect(screen.queryByText(reason)).not.toBeInTheDocument();
    // The learner cannot undo from the history (staff's): no Undo.
    expect(screen.queryByRole('button', { name: 'Undo' })).not.toBeInTheDocument();
    expect(await screen.findByTestId('current-repository')).toHaveTextContent('Checks passing');
    expect(network.writes().map((call) => call.body)).toEqual([
      { url: 'https://github.com/someone-else/kennels' },
      { url: 'https://github.com/ada-codes/kennels' },
    ]);
  });
});
