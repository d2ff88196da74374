import type { StudentAssessment } from '@lp/contract/assessments';
import type { ActivityItem } from '@lp/contract/github';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeNetwork } from '@/test/fake-network.ts';
import { renderWithProviders } from '@/test/render.tsx';
import { cardActivity, course, learner } from '../model/fixtures.ts';
import type { BoardLearner } from '../model/types.ts';
import { renderBoard } from '../testing/render-board.tsx';
import { NOTHING_PUSHED_SINCE } from './evaluation-activity.tsx';
import { EvaluationDialog } from './evaluation-dialog.tsx';

const flowers = (id: number): StudentAssessment => ({
  id,
  assessment: {
    id: 1,
    name: 'Flowers',
    objectives: [
      { id: 11, label: 'JavaScript data types' },
      { id: 12, label: 'Array iteration' },
    ],
  },
  status: 'Ready for Review',
  url: 'https://github.com/org/flowers',
  started_at: '2026-03-01T12:00:00.000Z',
});

const ada = learner('Ada Lovelace', 102, { id: 1, assessment_status_id: 2 });
const grace = learner('Grace Hopper', 102, { id: 2, assessment_status_id: 2 });

function Host({
  onSave,
}: {
  onSave: (learner: BoardLearner, feedback: string) => Promise<unknown>;
}) {
  const [current, setCurrent] = useState<BoardLearner | null>(ada);
  return (
    <>
      <button type="button" onClick={() => setCurrent(grace)}>
        Evaluate Grace
      </button>
      <EvaluationDialog
        learner={current}
        course={course}
        onClose={() => setCurrent(null)}
        onSave={onSave}
      />
    </>
  );
}

describe('Assessment Evaluation dialog', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('lists the objectives of the self-assessment with a feedback box', async () => {
    fakeNetwork({ 'GET /assessments': { status: 200, body: [flowers(5)] } });
    renderWithProviders(<Host onSave={vi.fn()} />);
    expect(await screen.findByRole('dialog', { name: 'Assessment Evaluation' })).toHaveTextContent(
      'Verify that the student has demonstrated understanding of the following concepts. Then provide feedback on their vocabulary.',
    );
    expect(
      await screen.findByRole('checkbox', { name: 'JavaScript data types' }),
    ).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Array iteration' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Feedback' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
  });

  it('asks for every objective, and the message clears after 3 seconds', async () => {
    fakeNetwork({ 'GET /assessments': { status: 200, body: [flowers(5)] } });
    const onSave = vi.fn();
    const { user } = renderWithProviders(<Host onSave={onSave} />);
    await user.click(await screen.findByRole('checkbox', { name: 'JavaScript data types' }));
    vi.useFakeTimers();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    const message = 'Please validate that Ada Lovelace has met all objectives before saving.';
    expect(screen.getByRole('alert')).toHaveTextContent(message);
    act(() => vi.advanceTimersByTime(2900));
    expect(screen.getByText(message)).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(100));
    expect(screen.queryByText(message)).not.toBeInTheDocument();
    expect(onSave).not.toHaveBeenCalled();
  });

  it('then asks for feedback', async () => {
    fakeNetwork({ 'GET /assessments': { status: 200, body: [flowers(5)] } });
    const onSave = vi.fn();
    const { user } = renderWithProviders(<Host onSave={onSave} />);
    await user.click(await screen.findByRole('checkbox', { name: 'JavaScript data types' }));
    await user.click(screen.getByRole('checkbox', { name: 'Array iteration' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please provide feedback before saving.');
    await user.type(screen.getByRole('textbox', { name: 'Feedback' }), 'Clear');
    expect(screen.queryByText('Please provide feedback before saving.')).not.toBeInTheDocument();
    expect(onSave).not.toHaveBeenCalled();
  });

  it('saves with every objective ticked and feedback, then closes', async () => {
    fakeNetwork({ 'GET /assessments': { status: 200, body: [flowers(5)] } });
    const onSave = vi.fn().mockResolvedValue(undefined);
    const { user } = renderWithProviders(<Host onSave={onSave} />);
    await user.click(await screen.findByRole('checkbox', { name: 'JavaScript data types' }));
    await user.click(screen.getByRole('checkbox', { name: 'Array iteration' }));
    await user.type(screen.getByRole('textbox', { name: 'Feedback' }), '  Precise vocabulary.  ');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSave).toHaveBeenCalledWith(ada, 'Precise vocabulary.');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('stays open with what was typed when saving fails', async () => {
    fakeNetwork({ 'GET /assessments': { status: 200, body: [flowers(5)] } });
    const onSave = vi.fn().mockRejectedValue(new Error('nope'));
    const { user } = renderWithProviders(<Host onSave={onSave} />);
    await user.click(await screen.findByRole('checkbox', { name: 'JavaScript data types' }));
    await user.click(screen.getByRole('checkbox', { name: 'Array iteration' }));
    await user.type(screen.getByRole('textbox', { name: 'Feedback' }), 'Good');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Feedback' })).toHaveValue('Good');
  });

  it('starts fresh for the next learner', async () => {
    fakeNetwork({ 'GET /assessments': { status: 200, body: [flowers(5)] } });
    const { user } = renderWithProviders(<Host onSave={vi.fn()} />);
    await user.click(await screen.findByRole('checkbox', { name: 'JavaScript data types' }));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Evaluate Grace' }));
    expect(
      await screen.findByRole('checkbox', { name: 'JavaScript data types' }),
    ).not.toBeChecked();
  });

  it('sets Reviewed and Complete with the feedback from the board', async () => {
    const network = fakeNetwork({
      'GET /assessments': { status: 200, body: [flowers(5)] },
      'PUT /students/1/assess': { status: 204, headers: { 'history-id': '41' } },
      'POST /students/1/history/41/undo': {
        status: 200,
        body: {
          message: 'Status change undone',
          learner: { id: 1, name: 'Ada Lovelace' },
          current_cohort: null,
        },
      },
    });
    const { user } = renderBoard([ada]);
    await user.click(screen.getByRole('button', { name: 'Actions for Ada Lovelace' }));
    const status = await screen.findByRole('menuitem', { name: 'Assessment status' });
    status.focus();
    await user.keyboard('{ArrowRight}');
    (await screen.findByRole('menuitem', { name: 'Reviewed and Complete' })).focus();
    await user.keyboard('{Enter}');
    await user.click(await screen.findByRole('checkbox', { name: 'JavaScript data types' }));
    await user.click(screen.getByRole('checkbox', { name: 'Array iteration' }));
    await user.type(screen.getByRole('textbox', { name: 'Feedback' }), 'Well explained.');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(network.writes()).toEqual([
      expect.objectContaining({
        method: 'PUT',
        path: '/students/1/assess',
        body: { statusId: 4, instructorNotes: 'Well explained.' },
      }),
    ]);
    expect(network.calls.find((call) => call.path === '/assessments')?.search).toBe('?studentId=1');
    expect(await screen.findByText('Ada Lovelace: Reviewed and Complete')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Undo' }));
    expect(await screen.findByText('Status change undone: Ada Lovelace')).toBeInTheDocument();
    expect(network.writes().at(-1)).toMatchObject({ path: '/students/1/history/41/undo' });
  });
});

const event = (overrides: Partial<ActivityItem>): ActivityItem => ({
  id: 1,
  kind: 'push',
  repository: 'org/flowers',
  occurred_at: '2026-03-02T16:30:00.000Z',
  actor: 'ada',
  title: 'Add the flower list',
  url: 'https://github.com/org/flowers/commit/abc',
  commit_count: 1,
  state: 'pushed',
  head_sha: 'abc',
  ...overrides,
});

const activityPage = (results: ActivityItem[]) => ({
  status: 200,
  body: { count: results.length, next: null, previous: null, results },
});

function Evaluating({ who }: { who: BoardLearner }) {
  return <EvaluationDialog learner={who} course={course} onClose={() => {}} onSave={vi.fn()} />;
}

describe('the repository in the Assessment Evaluation dialog', () => {
  const linked = (overrides: Partial<BoardLearner> = {}) =>
    learner('Ada Lovelace', 102, {
      id: 1,
      assessment_status_id: 2,
      project_duration: 2,
      activity: cardActivity({
        repository: {
          full_name: 'org/flowers',
          url: 'https://github.com/org/flowers',
          deleted: false,
        },
        days_since_push: 1,
      }),
      ...overrides,
    });

  it('shows the last commit with its time and link, and its checks', async () => {
    const network = fakeNetwork({
      'GET /assessments': { status: 200, body: [flowers(5)] },
      'GET /students/1/activity': activityPage([
        event({ id: 4, kind: 'check', title: 'CI', state: 'success', url: null }),
        event({ id: 3, kind: 'check', title: 'CI', state: 'failure', url: null }),
        event({ id: 2 }),
        event({ id: 1, title: 'Start', head_sha: 'old', occurred_at: '2026-03-01T10:00:00Z' }),
      ]),
    });
    renderWithProviders(<Evaluating who={linked()} />);
    const section = await screen.findByRole('region', { name: 'Repository' });
    const commit = await within(section).findByRole('link', { name: 'Add the flower list' });
    expect(commit).toHaveAttribute('href', 'https://github.com/org/flowers/commit/abc');
    expect(commit.parentElement).toHaveTextContent('Mar 2, 2026, 10:30 am');
    expect(within(section).getByRole('link', { name: 'org/flowers' })).toHaveAttribute(
      'href',
      'https://github.com/org/flowers',
    );
    const checks = within(section).getByRole('list', { name: 'Checks' });
    expect(
      within(checks)
        .getAllByRole('listitem')
        .map((check) => check.textContent),
    ).toEqual(['CI: success']);
    expect(within(section).queryByText(NOTHING_PUSHED_SINCE)).not.toBeInTheDocument();
    expect(network.calls.find((call) => call.path === '/students/1/activity')?.search).toBe(
      '?page=1',
    );
  });

  it('says nothing was pushed since the self-assessment started', async () => {
    fakeNetwork({
      'GET /assessments': { status: 200, body: [flowers(5)] },
      'GET /students/1/activity': activityPage([event({ id: 2 })]),
    });
    renderWithProviders(
      <Evaluating
        who={linked({
          activity: cardActivity({ last_push_at: '2026-02-27T15:00:00.000Z', days_since_push: 4 }),
        })}
      />,
    );
    expect(await screen.findByText(NOTHING_PUSHED_SINCE)).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Add the flower list' })).toBeInTheDocument();
  });

  it('shows that it is loading, then what went wrong', async () => {
    let fail: (answer: { status: number; body: unknown }) => void = () => {};
    fakeNetwork({
      'GET /assessments': { status: 200, body: [flowers(5)] },
      'GET /students/1/activity': () =>
        new Promise((resolve) => {
          fail = resolve;
        }),
    });
    renderWithProviders(<Evaluating who={linked()} />);
    expect(await screen.findByText('Loading the last commit…')).toBeInTheDocument();
    fail({ status: 500, body: { message: 'GitHub is down' } });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Could not load the last commit: GitHub is down',
    );
  });

  it('reads nothing for a learner with no repository linked', async () => {
    const network = fakeNetwork({ 'GET /assessments': { status: 200, body: [flowers(5)] } });
    renderWithProviders(<Evaluating who={learner('Grace Hopper', 102, { id: 2 })} />);
    const section = await screen.findByRole('region', { name: 'Repository' });
    expect(section).toHaveTextContent('No repository linked.');
    await screen.findByRole('checkbox', { name: 'JavaScript data types' });
    expect(network.calls.some((call) => call.path.endsWith('/activity'))).toBe(false);
  });
});
