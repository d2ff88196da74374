import type { BoardProposal } from '@lp/contract/board';
import type { Capstone } from '@lp/contract/capstones';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { learner } from '@/features/board/testing';
import { fakeNetwork } from '@/test/fake-network.ts';
import { renderWithProviders } from '@/test/render.tsx';
import { ProposalList } from './proposal-list.tsx';

const proposal = (
  id: number,
  statusId: number | null,
  status: string | null,
  course = 'Python',
): BoardProposal => ({
  id,
  status,
  current_status_id: statusId,
  proposal_url: `https://docs.example.com/${id}`,
  created_on: null,
  course_name: course,
});

const learners = [
  learner('Zoe Approved', 301, {
    id: 1,
    proposals: [proposal(11, 3, 'Approved'), proposal(19, 4, 'MVP', 'JavaScript')],
  }),
  learner('Sam Submitted', 301, { id: 2, proposals: [proposal(12, null, null)] }),
  learner('Rita Review', 301, { id: 3, proposals: [proposal(13, 1, 'In Review')] }),
  learner('Ned Nothing', 301, { id: 4 }),
  learner('Max Mvp', 301, { id: 5, proposals: [proposal(15, 4, 'MVP')] }),
];

const capstones: Capstone[] = [
  {
    id: 11,
    student_id: 1,
    name: 'Zoe Approved',
    course_id: 2,
    course: 'Python',
    proposal_url: 'https://docs.example.com/11',
    repo_url: '',
    description: '',
    statuses: [
      { id: 101, status: 'In Review', status_id: 1, date: '2026-02-01T10:00:00Z' },
      { id: 102, status: 'Approved', status_id: 3, date: '2026-02-03T10:00:00Z' },
    ],
  },
];

const proposalStatuses = {
  count: 4,
  next: null,
  previous: null,
  results: [
    { id: 1, status: 'In Review' },
    { id: 2, status: 'Requires Changes' },
    { id: 3, status: 'Approved' },
    { id: 4, status: 'MVP' },
  ],
};

function renderList(search = '') {
  const dialogs = { openOverlay: vi.fn(), openNotes: vi.fn(), openTags: vi.fn() };
  const view = renderWithProviders(
    <ProposalList
      cohortId={70}
      courseName="Python"
      learners={learners}
      search={search}
      dialogs={dialogs}
    />,
  );
  return { ...view, dialogs };
}

function network(extra = {}) {
  return fakeNetwork({
    'GET /proposalstatuses': { status: 200, body: proposalStatuses },
    'GET /capstones': { status: 200, body: capstones },
    ...extra,
  });
}

describe('capstone proposal list', () => {
  it('groups learners by their proposal for the active course, in the spec order, under the four columns', async () => {
    network();
    renderList();
    const list = await screen.findByRole('region', { name: 'Capstone proposals' });
    const header = list.querySelector('.lp-proposals__header');
    expect([...(header?.children ?? [])].map((cell) => cell.textContent)).toEqual([
      'Student',
      'Status',
      'Actions',
      'Proposal Links',
    ]);
    const columns = within(list).getAllByRole('columnheader').slice(0, 4);
    expect(columns.map((cell) => cell.textContent)).toEqual([
      'Student',
      'Status',
      'Actions',
      'Proposal Links',
    ]);
    const groups = within(list)
      .getAllByRole('heading', { level: 3 })
      .map((heading) => heading.textContent);
    expect(groups).toEqual([
      'Submitted (1)',
      'Being Reviewed (1)',
      'Approved (1)',
      'Not Submitted (1)',
      'MVP (1)',
    ]);
  });

  it('hides the status selector for Not Submitted and MVP', async () => {
    network();
    renderList();
    await screen.findByRole('region', { name: 'Capstone proposals' });
    expect(screen.getByRole('combobox', { name: 'Proposal status of Sam Submitted' })).toHaveValue(
      '0',
    );
    expect(screen.getByRole('combobox', { name: 'Proposal status of Zoe Approved' })).toHaveValue(
      '3',
    );
    expect(
      screen.queryByRole('combobox', { name: 'Proposal status of Ned Nothing' }),
    ).not.toBeInTheDocument();
    expect(
      screen.queryByRole('combobox', { name: 'Proposal status of Max Mvp' }),
    ).not.toBeInTheDocument();
  });

  it('adds a timeline entry when a status is chosen', async () => {
    const calls = network({
      'POST /timelines': {
        status: 201,
        body: { id: 200, capstone: 12, status: 1, date: '' },
        headers: { 'history-id': '43' },
      },
      'POST /students/2/history/43/undo': {
        status: 200,
        body: {
          message: 'Capstone step undone',
          learner: { id: 2, name: 'Sam Submitted' },
          current_cohort: null,
        },
      },
    });
    const { user } = renderList();
    const select = await screen.findByRole('combobox', {
      name: 'Proposal status of Sam Submitted',
    });
    await waitFor(() => expect(within(select).getAllByRole('option')).toHaveLength(5));
    await user.selectOptions(select, 'In Review');
    await waitFor(() => expect(calls.writes()).toHaveLength(1));
    expect(calls.writes()[0]).toMatchObject({
      method: 'POST',
      path: '/timelines',
      body: { capstone: 12, status: 1 },
    });
    expect(await screen.findByText('Sam Submitted: In Review')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Undo' }));
    expect(await screen.findByText('Capstone step undone: Sam Submitted')).toBeInTheDocument();
  });

  it('revokes an approval after confirming, by deleting its timeline entry, with Undo', async () => {
    const calls = network({
      'DELETE /timelines/102': { status: 204, headers: { 'history-id': '44' } },
      'POST /students/1/history/44/undo': {
        status: 200,
        body: {
          message: 'Capstone step restored',
          learner: { id: 1, name: 'Zoe Approved' },
          current_cohort: null,
        },
      },
    });
    const { user } = renderList();
    const revoke = await screen.findByRole('button', { name: 'Revoke' });
    await waitFor(() => expect(revoke).toBeEnabled());
    await user.click(revoke);
    await user.click(await screen.findByRole('button', { name: 'Revoke approval' }));
    await waitFor(() => expect(calls.writes()).toHaveLength(1));
    expect(calls.writes()[0]).toMatchObject({ method: 'DELETE', path: '/timelines/102' });
    expect(
      await screen.findByText("Approval of Zoe Approved's proposal revoked"),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Undo' }));
    expect(await screen.findByText('Capstone step restored: Zoe Approved')).toBeInTheDocument();
  });

  it('links every proposal and opens the notes and the overlay', async () => {
    network();
    const { user, dialogs } = renderList();
    await screen.findByRole('region', { name: 'Capstone proposals' });
    expect(screen.getByRole('link', { name: 'JavaScript' })).toHaveAttribute(
      'href',
      'https://docs.example.com/19',
    );
    const row = screen.getByRole('button', { name: 'Zoe Approved' }).closest('tr')!;
    await user.click(within(row).getByRole('button', { name: 'Notes' }));
    expect(dialogs.openNotes).toHaveBeenCalledWith(
      expect.objectContaining({ name: 'Zoe Approved' }),
    );
    await user.click(screen.getByRole('button', { name: 'Zoe Approved' }));
    expect(dialogs.openOverlay).toHaveBeenCalledTimes(1);
  });

  it('searches names and tags as plain text', async () => {
    network();
    renderList('rit');
    await screen.findByRole('region', { name: 'Capstone proposals' });
    expect(screen.getByRole('button', { name: 'Rita Review' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Zoe Approved' })).not.toBeInTheDocument();
  });
});
