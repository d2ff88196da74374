// The capstone proposal list (spec §4, client.md §7.12): learners grouped by the status of their
// proposal for the active course, groups in the spec's order, rows by name.
import type { BoardLearner, BoardProposal } from '@lp/contract/board';
import { PROPOSAL_STATUS } from '@lp/contract/constants';

export const PROPOSAL_GROUPS = [
  'Submitted',
  'Being Reviewed',
  'Requires Changes',
  'Approved',
  'Not Submitted',
  'MVP',
] as const;
export type ProposalGroupName = (typeof PROPOSAL_GROUPS)[number];

export interface ProposalRow {
  learner: BoardLearner;
  /** The proposal for the active course, if any. */
  proposal: BoardProposal | undefined;
}

export interface ProposalGroup {
  name: ProposalGroupName;
  rows: ProposalRow[];
  /** The status selector is hidden for Not Submitted and MVP. */
  showsStatusSelector: boolean;
}

const byStatusId: Record<number, ProposalGroupName> = {
  [PROPOSAL_STATUS.inReview]: 'Being Reviewed',
  [PROPOSAL_STATUS.requiresChanges]: 'Requires Changes',
  [PROPOSAL_STATUS.approved]: 'Approved',
  [PROPOSAL_STATUS.mvp]: 'MVP',
};
const byStatusText: Record<string, ProposalGroupName> = {
  'In Review': 'Being Reviewed',
  'Requires Changes': 'Requires Changes',
  Approved: 'Approved',
  MVP: 'MVP',
};

export function proposalFor(
  learner: Pick<BoardLearner, 'proposals'>,
  courseName: string,
): BoardProposal | undefined {
  return learner.proposals.find((proposal) => proposal.course_name === courseName);
}

export function proposalGroupOf(proposal: BoardProposal | undefined): ProposalGroupName {
  if (!proposal) return 'Not Submitted';
  if (proposal.current_status_id !== null) {
    const group = byStatusId[proposal.current_status_id];
    if (group) return group;
  }
  return (proposal.status && byStatusText[proposal.status]) || 'Submitted';
}

/** Non-empty groups in display order; rows sorted by name. */
export function groupProposals(
  learners: readonly BoardLearner[],
  courseName: string,
): ProposalGroup[] {
  const groups = new Map<ProposalGroupName, ProposalRow[]>(
    PROPOSAL_GROUPS.map((name) => [name, []]),
  );
  for (const learner of learners) {
    const proposal = proposalFor(learner, courseName);
    groups.get(proposalGroupOf(proposal))?.push({ learner, proposal });
  }
  return PROPOSAL_GROUPS.map((name) => ({
    name,
    rows: (groups.get(name) ?? []).sort((a, b) => a.learner.name.localeCompare(b.learner.name)),
    showsStatusSelector: name !== 'Not Submitted' && name !== 'MVP',
  })).filter((group) => group.rows.length > 0);
}

/** The capstone counter 'N / total @ MVP': learners at MVP for the active course, of the cohort. */
export function mvpCounter(learners: readonly BoardLearner[], courseName: string): string {
  const atMvp = learners.filter(
    (learner) => proposalGroupOf(proposalFor(learner, courseName)) === 'MVP',
  ).length;
  return `${atMvp} / ${learners.length} @ MVP`;
}
