import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeNetwork } from '@/test/fake-network.ts';
import { renderWithProviders } from '@/test/render.tsx';
import { skillRecords } from '../testing/fixtures.ts';
import { CoreSkillsPanel } from './core-skills-panel.tsx';

const skills = {
  count: 4,
  next: null,
  previous: null,
  results: [1, 2, 3, 4].map((id) => ({ id, label: `Skill ${id}` })),
};

const undone = (message: string) => ({
  message,
  learner: { id: 7, name: 'Ada Lovelace' },
  current_cohort: null,
});

describe('CoreSkillsPanel', () => {
  it("offers 'Start Tracking Core Skills' without records, creating one per skill at level 1", async () => {
    let tracked = false;
    const network = fakeNetwork({
      'GET /coreskillrecords': () => ({ status: 200, body: tracked ? skillRecords : [] }),
      'GET /coreskills': { status: 200, body: skills },
      'POST /coreskillrecords': ({ body }) => {
        tracked = true;
        const skill = (body as { skill: number }).skill;
        return { status: 201, body, headers: { 'history-id': String(60 + skill) } };
      },
      'POST /students/7/history/61/undo': () => {
        tracked = false;
        return { status: 200, body: undone('Core skill no longer tracked') };
      },
      'POST /students/7/history/62/undo': {
        status: 200,
        body: undone('Core skill no longer tracked'),
      },
      'POST /students/7/history/63/undo': {
        status: 200,
        body: undone('Core skill no longer tracked'),
      },
      'POST /students/7/history/64/undo': {
        status: 200,
        body: undone('Core skill no longer tracked'),
      },
    });
    const { user } = renderWithProviders(<CoreSkillsPanel learnerId={7} />);
    await user.click(await screen.findByRole('button', { name: 'Start Tracking Core Skills' }));
    expect(
      await screen.findByRole('heading', { name: 'Algorithmic Thinking (3)' }),
    ).toBeInTheDocument();
    expect(network.writes()).toEqual(
      [1, 2, 3, 4].map((skill) => ({
        method: 'POST',
        path: '/coreskillrecords',
        body: { student: 7, skill, level: 1, note: 'Initial record' },
      })),
    );
    // One Undo takes all four back, newest first, and says so once.
    expect(await screen.findByText('Started tracking 4 core skills')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
    expect(
      await screen.findByText('Core skill no longer tracked: Ada Lovelace'),
    ).toBeInTheDocument();
    expect(
      network
        .writes()
        .slice(4)
        .map((write) => write.path),
    ).toEqual([64, 63, 62, 61].map((id) => `/students/7/history/${id}/undo`));
    expect(
      await screen.findByRole('button', { name: 'Start Tracking Core Skills' }),
    ).toBeInTheDocument();
  });

  it('saves a level changed from the keyboard once, when the change is committed', async () => {
    const network = fakeNetwork({
      'GET /coreskillrecords': { status: 200, body: skillRecords },
      'PUT /coreskillrecords/21': { status: 204, headers: { 'history-id': '70' } },
      'POST /students/7/history/70/undo': {
        status: 200,
        body: undone('Core skill level put back'),
      },
    });
    const { user } = renderWithProviders(<CoreSkillsPanel learnerId={7} />);
    await screen.findByRole('heading', { name: 'Algorithmic Thinking (3)' });
    const [slider] = screen.getAllByRole('slider');
    slider!.focus();
    await user.keyboard('{ArrowRight}');
    expect(
      await screen.findByRole('heading', { name: 'Algorithmic Thinking (4)' }),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(network.writes()).toEqual([
        {
          method: 'PUT',
          path: '/coreskillrecords/21',
          body: { student_id: 7, skill_id: 2, level: 4 },
        },
      ]),
    );
    expect(slider).toHaveAttribute('aria-valuemin', '1');
    expect(slider).toHaveAttribute('aria-valuemax', '10');
    // The toast's Undo puts the level before back.
    expect(await screen.findByText('Algorithmic Thinking set to 4')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
    expect(await screen.findByText('Core skill level put back: Ada Lovelace')).toBeInTheDocument();
    expect(network.writes().at(-1)).toMatchObject({ path: '/students/7/history/70/undo' });
  });

  it('puts the level back and says why when saving fails', async () => {
    fakeNetwork({
      'GET /coreskillrecords': { status: 200, body: skillRecords },
      'PUT /coreskillrecords/22': { status: 400, body: { message: 'body.level must be <= 10' } },
    });
    const { user } = renderWithProviders(<CoreSkillsPanel learnerId={7} />);
    await screen.findByRole('heading', { name: 'Analytical Thinking (5)' });
    screen.getAllByRole('slider')[1]!.focus();
    await user.keyboard('{ArrowLeft}');
    expect(await screen.findByText('body.level must be <= 10')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Analytical Thinking (5)' })).toBeInTheDocument();
  });
});
