import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render.tsx';
import { TeamBuilder } from './team-builder.tsx';

const learners = [
  { id: 1, name: 'Ada Lovelace', score: 30 },
  { id: 2, name: 'Alan Turing', score: 20 },
  { id: 3, name: 'Grace Hopper', score: 10 },
  { id: 4, name: 'Edsger Dijkstra', score: 5 },
  { id: 5, name: 'Barbara Liskov', score: 1 },
];

function renderBuilder(onSave = vi.fn(async () => ({}))) {
  const onMessage = vi.fn();
  const { user } = renderWithProviders(
    <TeamBuilder
      cohortId={7}
      learners={learners}
      coachIds={[90]}
      groupProjects={[]}
      onSave={onSave}
      onMessage={onMessage}
    />,
  );
  return { onSave, onMessage, user };
}

describe('TeamBuilder save', () => {
  it('starts with ceil(learners / 4) empty teams and everyone in the pool, by score', () => {
    renderBuilder();
    expect(screen.getByLabelText('How many teams')).toHaveValue(2);
    expect(screen.getByRole('region', { name: 'Team 1' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Team 2' })).toBeInTheDocument();
    const pool = screen.getByRole('region', { name: 'Unassigned learners' });
    expect(
      within(pool)
        .getAllByText(/ /)
        .map((b) => b.textContent),
    ).toEqual(learners.map((l) => l.name));
  });

  it('refuses empty teams, then a zero count, then a missing prefix, without saving', async () => {
    const { onSave, onMessage, user } = renderBuilder();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onMessage).toHaveBeenLastCalledWith('Error: One or more teams are empty');
    await user.clear(screen.getByLabelText('How many teams'));
    await user.type(screen.getByLabelText('How many teams'), '0');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onMessage).toHaveBeenLastCalledWith('Error: Number of teams cannot be 0');
    await user.clear(screen.getByLabelText('How many teams'));
    await user.type(screen.getByLabelText('How many teams'), '2');
    await user.click(screen.getByRole('button', { name: 'Random' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onMessage).toHaveBeenLastCalledWith('Error: Please provide a Slack channel prefix');
    expect(onSave).not.toHaveBeenCalled();
  });

  it('saves all teams at once: prefix lower-cased, numbered from 1, coaches on every team', async () => {
    const { onSave, onMessage, user } = renderBuilder();
    await user.click(screen.getByRole('button', { name: 'Random' }));
    await user.type(screen.getByLabelText('Slack channel prefix'), 'Week3');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onMessage).toHaveBeenLastCalledWith('Teams saved'));
    expect(onSave).toHaveBeenCalledTimes(1);
    const body = (onSave.mock.calls[0] as unknown as [Record<string, unknown>])[0] as {
      cohort: number;
      weeklyPrefix: string;
      groupProject: number | null;
      teams: { teamIndex: number; students: number[] }[];
    };
    expect(body.cohort).toBe(7);
    expect(body.weeklyPrefix).toBe('week3');
    expect(body.groupProject).toBeNull();
    expect(body.teams.map((t) => t.teamIndex)).toEqual([1, 2]);
    expect(body.teams.map((t) => t.students.length)).toEqual([4, 3]);
    expect(body.teams.every((t) => t.students.at(-1) === 90)).toBe(true);
  });

  it("says 'Error: Unable to save teams' when the save fails", async () => {
    const { onMessage, user } = renderBuilder(
      vi.fn(async () => {
        throw new Error('boom');
      }),
    );
    await user.click(screen.getByRole('button', { name: 'Random' }));
    await user.type(screen.getByLabelText('Slack channel prefix'), 'w');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onMessage).toHaveBeenLastCalledWith('Error: Unable to save teams'));
  });
});
