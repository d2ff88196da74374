import { screen, waitFor, within } from '@testing-library/react';
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
      return { status: 204, headers: { 'history-id': '77' } };
    },
    'POST /teams/history/77/undo': () => {
      teams = [savedTeam];
      return {
        status: 200,
        body: {
          message: 'Delete undone: the 1 team of Day Cohort 5 is back.',
          teams,
          job_id: null,
        },
      };
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

  it('offers Undo after a delete: the teams are back and the Undo goes', async () => {
    const user = renderPage();
    await screen.findByRole('region', { name: 'Team 1' });
    await user.click(screen.getByRole('button', { name: 'Delete Current Teams' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', {
        name: 'Delete Current Teams',
      }),
    );
    const deleted = (await screen.findByText('1 team deleted.')).closest('.lp-toast');
    expect(await screen.findByRole('button', { name: 'Random' })).toBeInTheDocument();
    await user.click(within(deleted as HTMLElement).getByRole('button', { name: 'Undo' }));
    expect(
      await screen.findByText('Delete undone: the 1 team of Day Cohort 5 is back.'),
    ).toBeInTheDocument();
    expect(network.writes().map((call) => `${call.method} ${call.path}`)).toEqual([
      'DELETE /teams/reset',
      'POST /teams/history/77/undo',
    ]);
    expect(await screen.findByRole('region', { name: 'Team 1' })).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Undo' })).not.toBeInTheDocument(),
    );
  });

  it('offers Undo after a save, with what Slack and GitHub will not do', async () => {
    teams = [];
    network.answer('POST /teams/batch', (call) => {
      teams = [{ ...savedTeam, id: 12 }];
      const body = call.body as { teams: unknown[] };
      return {
        status: 201,
        headers: { 'history-id': '78' },
        body: {
          teams: body.teams.map(() => teams[0]),
          message: 'Teams saved. Slack is not configured, so no Slack channel was created.',
          job_id: null,
        },
      };
    });
    network.answer('POST /teams/history/78/undo', () => {
      teams = [];
      return {
        status: 200,
        body: {
          message: 'Save undone: the 1 team saved for Day Cohort 5 is removed again.',
          teams,
          job_id: null,
        },
      };
    });
    const user = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Random' }));
    await user.type(screen.getByLabelText('Slack channel prefix'), 'week1');
    await user.click(screen.getByRole('button', { name: /^Save$/ }));
    const toast = (
      await screen.findByText(
        '1 team saved. Slack is not configured, so no Slack channel was created.',
      )
    ).closest('.lp-toast');
    await screen.findByRole('region', { name: 'Team 1' });
    await user.click(within(toast as HTMLElement).getByRole('button', { name: 'Undo' }));
    await screen.findByText('Save undone: the 1 team saved for Day Cohort 5 is removed again.');
    expect(await screen.findByRole('button', { name: 'Random' })).toBeInTheDocument();
  });

  it('says there is no active cohort instead of spinning', () => {
    window.localStorage.removeItem('activeCohort');
    renderPage();
    expect(screen.getByText('No active cohort')).toBeInTheDocument();
  });
});
