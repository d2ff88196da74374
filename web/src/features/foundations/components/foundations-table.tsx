import type { FoundationsLearner } from '@lp/contract/foundations';
import { Button, Table } from '@radix-ui/themes';
import { Fragment, useState } from 'react';
import { isUnassignedCohort, summarize } from '../model/foundations-model.ts';
import { CohortAssign } from './cohort-assign.tsx';
import { ExerciseDetails } from './exercise-details.tsx';

interface FoundationsTableProps {
  learners: FoundationsLearner[];
  /** Staff may assign cohorts to unassigned learners. */
  canAssign: boolean;
}

const rowKey = (learner: FoundationsLearner, index: number) =>
  learner.learner_github_id ?? `${index}-${learner.learner_name}`;

export function FoundationsTable({ learners, canAssign }: FoundationsTableProps) {
  const [open, setOpen] = useState<Set<string>>(new Set());
  const toggle = (key: string) =>
    setOpen((current) => {
      const next = new Set(current);
      if (!next.delete(key)) next.add(key);
      return next;
    });

  return (
    <Table.Root variant="surface" className="lp-foundations__table">
      <Table.Header>
        <Table.Row>
          <Table.ColumnHeaderCell>Learner</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>Cohort</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>Completed</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>Incomplete</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>Total</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>Action</Table.ColumnHeaderCell>
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {learners.map((learner, index) => {
          const key = rowKey(learner, index);
          const expanded = open.has(key);
          const summary = summarize(learner);
          const githubId = learner.learner_github_id;
          return (
            <Fragment key={key}>
              {/* The Action button is the keyboard path; a click anywhere on the row also toggles. */}
              <Table.Row className="lp-foundations__learner" onClick={() => toggle(key)}>
                <Table.RowHeaderCell>{learner.learner_name}</Table.RowHeaderCell>
                <Table.Cell>
                  {canAssign && githubId && isUnassignedCohort(learner.cohort) ? (
                    <CohortAssign githubId={githubId} name={learner.learner_name} />
                  ) : (
                    learner.cohort
                  )}
                </Table.Cell>
                <Table.Cell>{summary.completed}</Table.Cell>
                <Table.Cell>{summary.incomplete}</Table.Cell>
                <Table.Cell>{summary.total}</Table.Cell>
                <Table.Cell>
                  <Button
                    size="1"
                    variant="soft"
                    aria-expanded={expanded}
                    onClick={(event) => {
                      event.stopPropagation();
                      toggle(key);
                    }}
                  >
                    {expanded ? '▼ Hide Details' : '► Show Details'}
                  </Button>
                </Table.Cell>
              </Table.Row>
              {expanded && (
                <Table.Row>
                  <Table.Cell colSpan={6}>
                    <ExerciseDetails exercises={learner.exercises} />
                  </Table.Cell>
                </Table.Row>
              )}
            </Fragment>
          );
        })}
      </Table.Body>
    </Table.Root>
  );
}
