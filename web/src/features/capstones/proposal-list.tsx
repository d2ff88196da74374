// The capstone proposal list (spec §2 Dashboard, §4; client.md §7.12): learners grouped by the
// status of their proposal for the active course. Changing a status adds a timeline entry; an
// approval can be revoked (its timeline entry is deleted).
import { PROPOSAL_STATUS } from '@lp/contract/constants';
import { Button, Heading, Link, Text } from '@radix-ui/themes';
import { useMemo } from 'react';
import type { BoardLearner, LearnerDialogActions } from '@/features/board';
import { learnerFilter } from '@/features/board';
import { useConfirm } from '@/ui/dialog/index.ts';
import { EmptyState } from '@/ui/empty-state.tsx';
import { Loading } from '@/ui/loading.tsx';

import { useCohortCapstones } from './api/get-capstones.ts';
import { useProposalStatuses } from './api/get-proposal-statuses.ts';
import { useRevokeTimeline, useSetProposalStatus } from './api/timelines.ts';
import { groupProposals, type ProposalRow } from './model/proposals.ts';
import './proposal-list.css';

interface ProposalListProps {
  cohortId: number;
  courseName: string;
  learners: readonly BoardLearner[];
  search: string;
  dialogs: LearnerDialogActions;
}

export function ProposalList({
  cohortId,
  courseName,
  learners,
  search,
  dialogs,
}: ProposalListProps) {
  const statuses = useProposalStatuses();
  const capstones = useCohortCapstones(cohortId);
  const setStatus = useSetProposalStatus();
  const revoke = useRevokeTimeline();
  const confirm = useConfirm();
  const groups = useMemo(
    () => groupProposals(learners.filter(learnerFilter(search, false)), courseName),
    [learners, search, courseName],
  );

  /** The timeline entry that approved this proposal, if its current status is Approved. */
  const approvalOf = (capstoneId: number) => {
    const entries = capstones.data?.find((capstone) => capstone.id === capstoneId)?.statuses ?? [];
    const last = entries[entries.length - 1];
    return last?.status_id === PROPOSAL_STATUS.approved ? last : undefined;
  };

  const onRevoke = async (row: ProposalRow) => {
    const approval = row.proposal && approvalOf(row.proposal.id);
    if (!approval) return;
    const yes = await confirm({
      title: 'Revoke approval?',
      description: `${row.learner.name}'s ${courseName} proposal goes back to its previous status.`,
      confirmLabel: 'Revoke approval',
    });
    if (yes)
      revoke.mutate({
        timelineId: approval.id,
        learnerId: row.learner.id,
        learnerName: row.learner.name,
      });
  };

  if (statuses.isPending) return <Loading label="Loading the proposals…" />;
  if (learners.length === 0) return <EmptyState title="No learners in this cohort yet." />;
  return (
    <section className="lp-proposals" aria-label="Capstone proposals">
      <div className="lp-proposals__header" aria-hidden>
        <span>Student</span>
        <span>Status</span>
        <span>Actions</span>
        <span>Proposal Links</span>
      </div>
      {groups.length === 0 && <EmptyState title="No learners match the search." />}
      {groups.map((group) => (
        <section
          key={group.name}
          className="lp-proposals__group"
          aria-label={`${group.name}, ${group.rows.length}`}
        >
          <Heading as="h3" size="3" mt="3" mb="1">
            {group.name}{' '}
            <Text color="gray" size="2">
              ({group.rows.length})
            </Text>
          </Heading>
          <table className="lp-proposals__table">
            <thead className="lp-visually-hidden">
              <tr>
                <th scope="col">Student</th>
                <th scope="col">Status</th>
                <th scope="col">Actions</th>
                <th scope="col">Proposal Links</th>
              </tr>
            </thead>
            <tbody>
              {group.rows.map((row) => (
                <tr key={row.learner.id}>
                  <td>
                    <button
                      type="button"
                      className="lp-proposals__name"
                      onClick={() => dialogs.openOverlay(row.learner)}
                    >
                      {row.learner.name}
                    </button>
                  </td>
                  <td>
                    {group.showsStatusSelector && row.proposal && (
                      <select
                        aria-label={`Proposal status of ${row.learner.name}`}
                        value={row.proposal.current_status_id ?? 0}
                        disabled={setStatus.isPending}
                        onChange={(event) => {
                          const status = Number(event.target.value);
                          const name =
                            statuses.data?.find((item) => item.id === status)?.status ?? '';
                          if (row.proposal && status > 0) {
                            setStatus.mutate({
                              capstone: row.proposal.id,
                              status,
                              learnerId: row.learner.id,
                              learnerName: row.learner.name,
                              statusName: name,
                            });
                          }
                        }}
                      >
                        <option value={0} disabled>
                          -- choose status --
                        </option>
                        {(statuses.data ?? []).map((status) => (
                          <option key={status.id} value={status.id}>
                            {status.status}
                          </option>
                        ))}
                      </select>
                    )}
                  </td>
                  <td className="lp-proposals__actions">
                    <Button size="1" variant="ghost" onClick={() => dialogs.openNotes(row.learner)}>
                      Notes
                    </Button>
                    {group.name === 'Approved' && (
                      <Button
                        size="1"
                        variant="soft"
                        color="red"
                        disabled={!row.proposal || !approvalOf(row.proposal.id) || revoke.isPending}
                        onClick={() => onRevoke(row)}
                      >
                        Revoke
                      </Button>
                    )}
                  </td>
                  <td>
                    {row.learner.proposals.map((proposal) => (
                      <Link
                        key={proposal.id}
                        href={proposal.proposal_url}
                        target="_blank"
                        rel="noreferrer"
                        size="2"
                        mr="2"
                      >
                        {proposal.course_name}
                      </Link>
                    ))}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      ))}
    </section>
  );
}
