import type { BoardProposal } from '@lp/contract/board';
import { describe, expect, it } from 'vitest';
import { learner } from '@/features/board/testing';
import { groupProposals, mvpCounter, PROPOSAL_GROUPS, proposalGroupOf } from './proposals.ts';

const proposal = (
  statusId: number | null,
  status: string | null,
  course = 'Python',
): BoardProposal => ({
  id: Math.floor(Math.random() * 1e6),
  status,
  current_status_id: statusId,
  proposal_url: 'https://docs.example.com/proposal',
  created_on: null,
  course_name: course,
});

const cohort = [
  learner('Zed Approved', 101, { proposals: [proposal(3, 'Approved')] }),
  learner('Amy Submitted', 101, { proposals: [proposal(null, null)] }),
  learner('Bea Review', 101, { proposals: [proposal(1, 'In Review')] }),
  learner('Cal Changes', 101, { proposals: [proposal(2, 'Requires Changes')] }),
  learner('Dee Mvp', 101, { proposals: [proposal(4, 'MVP')] }),
  learner('Eve Nothing', 101),
  learner('Fay Other Course', 101, { proposals: [proposal(4, 'MVP', 'JavaScript')] }),
  learner('Abe Approved', 101, {
    proposals: [proposal(3, 'Approved'), proposal(4, 'MVP', 'JavaScript')],
  }),
];

describe('capstone proposal groups', () => {
  it('groups by the status of the proposal for the active course, in the spec order', () => {
    const groups = groupProposals(cohort, 'Python');
    expect(groups.map((group) => [group.name, group.rows.map((row) => row.learner.name)])).toEqual([
      ['Submitted', ['Amy Submitted']],
      ['Being Reviewed', ['Bea Review']],
      ['Requires Changes', ['Cal Changes']],
      ['Approved', ['Abe Approved', 'Zed Approved']],
      ['Not Submitted', ['Eve Nothing', 'Fay Other Course']],
      ['MVP', ['Dee Mvp']],
    ]);
    expect(PROPOSAL_GROUPS).toEqual([
      'Submitted',
      'Being Reviewed',
      'Requires Changes',
      'Approved',
      'Not Submitted',
      'MVP',
    ]);
  });

  it('hides the status selector for Not Submitted and MVP', () => {
    const shown = Object.fromEntries(
      groupProposals(cohort, 'Python').map((group) => [group.name, group.showsStatusSelector]),
    );
    expect(shown).toEqual({
      Submitted: true,
      'Being Reviewed': true,
      'Requires Changes': true,
      Approved: true,
      'Not Submitted': false,
      MVP: false,
    });
  });

  it('leaves out empty groups', () => {
    expect(groupProposals([cohort[5]!], 'Python').map((group) => group.name)).toEqual([
      'Not Submitted',
    ]);
    expect(groupProposals([], 'Python')).toEqual([]);
  });

  it('falls back to the status text, and treats an unknown status as Submitted', () => {
    expect(proposalGroupOf(proposal(null, 'Approved'))).toBe('Approved');
    expect(proposalGroupOf(proposal(null, 'Something new'))).toBe('Submitted');
    expect(proposalGroupOf(undefined)).toBe('Not Submitted');
  });

  it("counts learners at MVP for the active course: 'N / total @ MVP'", () => {
    expect(mvpCounter(cohort, 'Python')).toBe('1 / 8 @ MVP');
    expect(mvpCounter(cohort, 'JavaScript')).toBe('2 / 8 @ MVP');
  });
});
