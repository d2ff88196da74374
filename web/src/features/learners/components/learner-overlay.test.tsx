import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type Answer, type Call, fakeNetwork } from '@/test/fake-network.ts';
import { afterEachCommit } from '@/test/react-commits.ts';
import { renderWithProviders } from '@/test/render.tsx';
import { learner } from '../testing/fixtures.ts';
import { LearnerOverlay } from './learner-overlay.tsx';

const objectives = [
  { id: 31, label: 'Uses array methods', weight: 10, tier: 1 },
  { id: 32, label: 'Writes SQL joins', weight: 20, tier: 2 },
];

/** The board closes the overlay when it asks to be closed. */
function Host({ onClose }: { onClose: () => void }) {
  const [open, setOpen] = useState(true);
  return (
    <LearnerOverlay
      learnerId={7}
      open={open}
      onClose={() => {
        onClose();
        setOpen(false);
      }}
    />
  );
}

function setup(extra: Record<string, Answer | ((call: Call) => Answer)> = {}) {
  const network = fakeNetwork({
    'GET /students/7': { status: 200, body: learner },
    'GET /coreskillrecords': { status: 200, body: [] },
    'GET /weights': { status: 200, body: objectives },
    'GET /students/7/history': { status: 200, body: [] },
    'GET /cohorts': {
      status: 200,
      body: [
        { id: 72, name: 'Day Cohort 72' },
        { id: 70, name: 'Day Cohort 70' },
      ],
    },
    ...extra,
  });
  const onClose = vi.fn();
  const view = renderWithProviders(<Host onClose={onClose} />);
  return { ...view, network, onClose };
}

describe('LearnerOverlay', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-03-15T02:00:00Z')); // March 14 in Chicago
  });
  afterEach(() => vi.useRealTimers());

  it('shows name, score, GitHub profile link and cohort', async () => {
    setup();
    expect(await screen.findByRole('heading', { name: 'Ada Lovelace' })).toBeInTheDocument();
    expect(screen.getByText('Score', { exact: false }).parentElement).toHaveTextContent('Score 42');
    expect(screen.getByRole('link', { name: 'https://www.github.com/ada-codes' })).toHaveAttribute(
      'href',
      'https://www.github.com/ada-codes',
    );
    expect(screen.getByText('Cohort: Day Cohort 72')).toBeInTheDocument();
    expect(
      await screen.findByRole('button', { name: 'Start Tracking Core Skills' }),
    ).toBeInTheDocument();
  });

  it("shows the record's header before the parts only the record has", async () => {
    // What the page shows after each of React's commits.
    const shown: { header: boolean; repositories: boolean }[] = [];
    const stop = afterEachCommit(() =>
      shown.push({
        header: screen.queryByText('Cohort: Day Cohort 72') !== null,
        repositories: screen.queryByRole('heading', { name: 'Repositories' }) !== null,
      }),
    );
    setup({
      'GET /students/7/repositories': { status: 200, body: [] },
      'GET /students/7/activity': { status: 200, body: { items: [], next: null } },
    });
    await screen.findByRole('heading', { name: 'Repositories' });
    stop();
    expect(shown).toContainEqual({ header: true, repositories: false });
  });

  it('marks an objective achieved with a new record, and it leaves the panel', async () => {
    let achieved = false;
    const { user, network } = setup({
      'GET /weights': () => ({ status: 200, body: achieved ? objectives.slice(1) : objectives }),
      'GET /records': { status: 200, body: [] },
      'POST /records': () => {
        achieved = true;
        return { status: 201, body: {}, headers: { 'history-id': '42' } };
      },
      'POST /students/7/history/42/undo': {
        status: 200,
        body: {
          message: 'Objective no longer achieved',
          learner: { id: 7, name: 'Ada Lovelace' },
          current_cohort: null,
        },
      },
    });
    const panel = await screen.findByRole('list', { name: 'Learning Objectives Remaining' });
    await user.click(await within(panel).findByRole('button', { name: 'Uses array methods' }));
    await waitFor(() =>
      expect(
        within(panel).queryByRole('button', { name: 'Uses array methods' }),
      ).not.toBeInTheDocument(),
    );
    await waitFor(() =>
      expect(network.writes()).toEqual([
        {
          method: 'POST',
          path: '/records',
          body: { student: 7, weight: 31, achieved: true, note: 'Achieved on 3/14/2026' },
        },
      ]),
    );
    // Still one click; the toast takes it back (jsdom has no style sheets: the toast stays
    // under the modal's pointer-events: none there, so the click is dispatched directly).
    fireEvent.click(await screen.findByRole('button', { name: 'Undo' }));
    expect(
      await screen.findByText('Objective no longer achieved: Ada Lovelace'),
    ).toBeInTheDocument();
    expect(network.writes().at(-1)).toMatchObject({ path: '/students/7/history/42/undo' });
  });

  it('updates the existing record when the learner has one for the objective', async () => {
    const record = {
      id: 5,
      student: 7,
      objective: 32,
      label: 'Writes SQL joins',
      score: 20,
      achieved: false,
      entries: [],
    };
    const { user, network } = setup({
      'GET /records': { status: 200, body: [record] },
      'PUT /records/5': { status: 204 },
    });
    await user.click(await screen.findByRole('button', { name: 'Writes SQL joins' }));
    await waitFor(() =>
      expect(network.writes()).toEqual([
        {
          method: 'PUT',
          path: '/records/5',
          body: { ...record, achieved: true, note: 'Achieved on 3/14/2026' },
        },
      ]),
    );
  });

  it('clears the learner after the spec confirmation, and the toast offers Undo', async () => {
    const { user, network, onClose } = setup({
      'DELETE /students/7': ({ query }) => ({
        status: query.get('soft') === 'true' ? 200 : 500,
        body: {
          message: "Ada Lovelace's data was cleared.",
          learner: { id: 7, name: 'Ada Lovelace' },
          left_cohort: { id: 72, name: 'Day Cohort 72' },
          removed: {
            projects: 3,
            assessments: 0,
            learning_records: 2,
            learning_record_entries: 2,
            core_skill_records: 0,
            core_skill_record_entries: 0,
            capstones: 0,
            capstone_timelines: 0,
            tags: 1,
            cohort_memberships: 1,
          },
          history_id: 900,
          undo_until: '2026-04-14T02:00:00.000Z',
        },
      }),
      'POST /students/7/history/900/undo': {
        status: 200,
        body: {
          message: 'Student data restored',
          learner: { id: 7, name: 'Ada Lovelace' },
          current_cohort: { id: 72, name: 'Day Cohort 72' },
        },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Clear Student Data' }));
    expect(
      await screen.findByText('Are you sure you want erase all previous data about this student?'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(network.writes()).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Clear Student Data' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', {
        name: 'Clear Student Data',
      }),
    );
    expect(
      await screen.findByText(/Removed 3 projects, 2 learning records, 1 tag\./),
    ).toBeInTheDocument();
    expect(onClose).toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Undo' }));
    expect(
      await screen.findByText('Student data restored: Ada Lovelace (Day Cohort 72)'),
    ).toBeInTheDocument();
    expect(network.writes().map((call) => `${call.method} ${call.path}`)).toEqual([
      'DELETE /students/7',
      'POST /students/7/history/900/undo',
    ]);
  });

  it('says so when there was nothing left to clear, and offers no Undo', async () => {
    const zero = { projects: 0, assessments: 0, learning_records: 0, tags: 0 };
    const { user } = setup({
      'DELETE /students/7': {
        status: 200,
        body: {
          message: 'Ada Lovelace has no data left to clear: nothing was changed.',
          learner: { id: 7, name: 'Ada Lovelace' },
          left_cohort: null,
          removed: zero,
          history_id: null,
          undo_until: null,
        },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Clear Student Data' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', {
        name: 'Clear Student Data',
      }),
    );
    expect(
      await screen.findByText('Ada Lovelace has no data left to clear: nothing was changed.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Undo' })).not.toBeInTheDocument();
  });

  it('deletes permanently only after the spec confirmation, and closes without a 404', async () => {
    const { user, network, onClose } = setup({
      'DELETE /students/7': {
        status: 200,
        body: {
          message: 'Ada Lovelace was removed from the Learning Platform.',
          learner: { id: 7, name: 'Ada Lovelace' },
          removed: { notes: 4 },
        },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Delete Student Permanently' }));
    expect(
      await screen.findByText(
        'Are you sure you want to completely remove this student from the Learning Platform?',
      ),
    ).toBeInTheDocument();
    await user.click(
      within(screen.getByRole('alertdialog')).getByRole('button', {
        name: 'Delete Student Permanently',
      }),
    );
    expect(
      await screen.findByText(/was removed from the Learning Platform\. Removed 4 notes\./),
    ).toBeInTheDocument();
    expect(network.writes()).toEqual([{ method: 'DELETE', path: '/students/7', body: undefined }]);
    expect(network.calls.find((call) => call.method === 'DELETE')?.query.has('soft')).toBe(false);
    expect(onClose).toHaveBeenCalled();
    // The deleted learner's record is not asked for again.
    const reads = network.calls.filter(
      (call) => call.method === 'GET' && call.path === '/students/7',
    );
    expect(reads).toHaveLength(1);
  });

  it("transfers through 'Choose Cohort', offers Undo and closes on the learner gone", async () => {
    const { user, network, onClose } = setup({
      'POST /students/7/transfer': {
        status: 200,
        body: {
          message: 'Student transferred',
          learner: { id: 7, name: 'Ada Lovelace' },
          from: { id: 72, name: 'Day Cohort 72' },
          to: { id: 70, name: 'Day Cohort 70' },
          assigned_project: null,
          history_id: 901,
          undo_until: '2026-04-14T02:00:00.000Z',
        },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Transfer Student' }));
    const dialog = await screen.findByRole('dialog', { name: 'Choose Cohort' });
    expect(
      within(dialog).getByText('Select the cohort to which the student is transferring.'),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Transfer' })).toBeDisabled();
    await user.click(within(dialog).getByRole('combobox'));
    expect(screen.queryByRole('option', { name: 'Day Cohort 72' })).not.toBeInTheDocument();
    await user.click(await screen.findByRole('option', { name: 'Day Cohort 70' }));
    await user.click(within(dialog).getByRole('button', { name: 'Transfer' }));
    expect(
      await screen.findByText('Student transferred: Ada Lovelace to Day Cohort 70'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Undo' })).toBeInTheDocument();
    expect(network.writes()).toEqual([
      { method: 'POST', path: '/students/7/transfer', body: { cohortId: 70 } },
    ]);
    // The learner has left this cohort's board: the overlay does not stay open on them.
    expect(onClose).toHaveBeenCalled();
  });
});
