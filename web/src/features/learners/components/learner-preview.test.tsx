import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type Answer, fakeNetwork } from '@/test/fake-network.ts';
import { renderWithProviders } from '@/test/render.tsx';
import { learner } from '../testing/fixtures.ts';
import { LearnerOverlay } from './learner-overlay.tsx';

const preview = { name: 'Ada Lovelace', score: 42, project: 'Martian Aquarium' };

describe('LearnerOverlay opened from the board', () => {
  it("shows the card's name, score and project while the record loads, and the panels load alongside", async () => {
    let sendRecord: (answer: Answer) => void = () => {};
    const network = fakeNetwork({
      'GET /students/7': () =>
        new Promise<Answer>((resolve) => {
          sendRecord = resolve;
        }),
      'GET /coreskillrecords': { status: 200, body: [] },
      'GET /weights': { status: 200, body: [] },
      'GET /students/7/history': { status: 200, body: [] },
    });
    renderWithProviders(<LearnerOverlay learnerId={7} open onClose={() => {}} preview={preview} />);
    const dialog = await screen.findByRole('dialog', { name: 'Learner: Ada Lovelace' });
    expect(within(dialog).getByRole('heading', { name: 'Ada Lovelace' })).toBeInTheDocument();
    expect(within(dialog).getByText('Score', { exact: false }).parentElement).toHaveTextContent(
      'Score 42',
    );
    expect(within(dialog).getByText('Project: Martian Aquarium')).toBeInTheDocument();
    expect(within(dialog).getByText("Loading the learner's record…")).toBeInTheDocument();
    expect(
      await within(dialog).findByRole('button', { name: 'Start Tracking Core Skills' }),
    ).toBeInTheDocument();
    expect(network.calls.map((call) => call.path)).toEqual(
      expect.arrayContaining(['/students/7', '/coreskillrecords', '/weights']),
    );

    sendRecord({ status: 200, body: learner });
    expect(await within(dialog).findByText('Cohort: Day Cohort 72')).toBeInTheDocument();
    expect(within(dialog).queryByText("Loading the learner's record…")).not.toBeInTheDocument();
  });
});
