import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeNetwork } from '@/test/fake-network.ts';
import { renderWithProviders } from '@/test/render.tsx';
import TeamsPage from './teams-page.tsx';

const savedTeam = {
  id: 11,
  group_name: 'Team 1',
  team_index: 1,
  cohort: 5,
  sprint_team: false,
  group_project: null,
  slack_channel: '',
  students: [
    { id: 1, name: 'Ada Lovelace' },
    { id: 2, name: 'Alan Turing' },
  ],
  repositories: [],
};
const learner = (id: number, name: string) => ({ id, name, score: id });

let teams: unknown[];
let network: ReturnType<typeof fakeNetwork>;

beforeEach(() => {
  window.localStorage.setItem('activeCohort', '5');
  teams = [savedTeam];
  network = fakeNetwork({
    'GET /teams': () => ({ status: 200, body: teams }),
    'GET /students': { status: 200, body: [learner(1, 'Ada Lovelace'), learner(2, 'Alan Turing')] },
    'GET /cohorts/5': { status: 200, body: { id: 5, coaches: [{ id: 90, name: 'Coach' }] } },
    'GET /projects': { status: 200, body: [] },
    'POST /teams/11/migrate': {
      status: 503,
      body: { message: 'GitHub is not configured, so tickets cannot be migrated' },
    },
    'DELETE /teams/reset': () => {
      teams = [];
      return { status: 204 };
    },
  });
});

function renderPage() {
  return renderWithProviders(<TeamsPage />).user;
}

describe('TeamsPage with saved teams', () => {
  it('shows the saved teams; Migrate tickets says the error; delete asks first', async () => {
    const user = renderPage();
    const team = await screen.findByRole('region', { name: 'Team 1' });
    expect(within(team).getByText('Ada Lovelace')).toBeInTheDocument();
    expect(within(team).getByText('Alan Turing')).toBeInTheDocument();
    // Nothing but the note and its actions sits between the banner and the teams: no empty rule.
    expect(screen.queryByRole('separator')).not.toBeInTheDocument();

    await user.click(within(team).getByRole('button', { name: 'Migrate tickets' }));
    expect(
      await screen.findByText('Error: GitHub is not configured, so tickets cannot be migrated'),
    ).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Delete Current Teams' }));
    const dialog = await screen.findByRole('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(network.writes().filter((call) => call.method === 'DELETE')).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Delete Current Teams' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', {
        name: 'Delete Current Teams',
      }),
    );
    expect(await screen.findByText('Teams deleted')).toBeInTheDocument();
    expect(network.writes()).toContainEqual({
      method: 'DELETE',
      path: '/teams/reset',
      body: undefined,
    });
    expect(await screen.findByRole('button', { name: 'Random' })).toBeInTheDocument();
  });

  it('says there is no active cohort instead of spinning', () => {
    window.localStorage.removeItem('activeCohort');
    renderPage();
    expect(screen.getByText('No active cohort')).toBeInTheDocument();
  });
});
