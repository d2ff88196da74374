import { INTERVENTION_KIND_LABELS } from '@lp/contract/constants';
import type {
  AtRiskLearner,
  InterventionOutcome,
  LearnerHealth,
  OutcomeCounts,
  ReviewQueueEntry,
} from '@lp/contract/health';
import { Button, Flex, Link, Table, Text } from '@radix-ui/themes';
import { Link as RouterLink } from 'react-router';
import { formatDateTime } from '@/lib/dates.ts';
import { chooseActiveCohort } from '@/lib/session.ts';
import { EmptyState } from '@/ui/empty-state.tsx';

const days = (count: number) => `${count} ${count === 1 ? 'day' : 'days'}`;

function LearnerLink({ id, name }: { id: number; name: string }) {
  return (
    <Link asChild weight="medium">
      <RouterLink to={`/learners/${id}`}>{name}</RouterLink>
    </Link>
  );
}

const LEVEL_LISTS = {
  act_now: {
    label: 'Learners to act on now',
    empty: 'Nobody needs acting on today.',
    description: 'No learner has a strong reason backed by more evidence.',
  },
  watch: {
    label: 'Learners to watch',
    empty: 'Nobody to watch.',
    description: 'No learner has a strong reason, or two supporting ones.',
  },
} as const;

/**
 * The learners at one level of attention, strongest evidence first, each with every reason in
 * words (strong reasons first).
 */
export type LearnerAction = 'overlay' | 'notes' | 'reach-out';

export function AtRiskList({
  learners,
  level,
  onAction,
}: {
  learners: readonly AtRiskLearner[];
  level: AtRiskLearner['level'];
  /** Opens the learner's record, their notes or "I reached out". */
  onAction: (learner: AtRiskLearner, action: LearnerAction) => void;
}) {
  const list = LEVEL_LISTS[level];
  const shown = learners.filter((learner) => learner.level === level);
  if (shown.length === 0) return <EmptyState title={list.empty} description={list.description} />;
  return (
    <ul className="lp-health__at-risk" aria-label={list.label}>
      {shown.map((learner) => (
        <li key={learner.student_id}>
          <Flex align="center" gap="2" wrap="wrap">
            <LearnerLink id={learner.student_id} name={learner.name} />
            <Button
              size="1"
              variant="soft"
              onClick={() => onAction(learner, 'overlay')}
              aria-label={`Open ${learner.name}`}
            >
              Open
            </Button>
            <Button
              size="1"
              variant="soft"
              onClick={() => onAction(learner, 'notes')}
              aria-label={`Add note on ${learner.name}`}
            >
              Add note
            </Button>
            <Button
              size="1"
              onClick={() => onAction(learner, 'reach-out')}
              aria-label={`I reached out to ${learner.name}`}
            >
              I reached out
            </Button>
          </Flex>
          <ul>
            {learner.reasons.map((reason) => (
              <li key={reason}>
                <Text size="2">{reason}</Text>
              </li>
            ))}
          </ul>
        </li>
      ))}
    </ul>
  );
}

/**
 * Self-assessments waiting for review, the longest waiting first (as the server sends them); a
 * self-assessment opens its evaluation on the cohort's board.
 */
export function ReviewQueue({
  cohortId,
  entries,
}: {
  cohortId: number;
  entries: readonly ReviewQueueEntry[];
}) {
  if (entries.length === 0) return <EmptyState title="Nothing is waiting for review." />;
  return (
    <Table.Root size="1" variant="surface">
      <Table.Header>
        <Table.Row>
          <Table.ColumnHeaderCell>Learner</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>Self-assessment</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>Waiting</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>Ready since</Table.ColumnHeaderCell>
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {entries.map((entry) => (
          <Table.Row key={`${entry.student_id}-${entry.assessment_id}`}>
            <Table.RowHeaderCell>
              <LearnerLink id={entry.student_id} name={entry.name} />
            </Table.RowHeaderCell>
            <Table.Cell>
              <Link asChild>
                <RouterLink
                  to={`/?evaluate=${entry.student_id}`}
                  aria-label={`Evaluate ${entry.name}'s ${entry.assessment}`}
                  onClick={() => chooseActiveCohort(cohortId)}
                >
                  {entry.assessment}
                </RouterLink>
              </Link>
            </Table.Cell>
            <Table.Cell>{days(entry.waiting_days)}</Table.Cell>
            <Table.Cell>{formatDateTime(entry.since)}</Table.Cell>
          </Table.Row>
        ))}
      </Table.Body>
    </Table.Root>
  );
}

/** Learners whose flag rests after an intervention: what was done, by whom, and until when. */
export function RestingList({ learners }: { learners: readonly LearnerHealth[] }) {
  const resting = learners.filter((learner) => learner.resting_until && learner.reached_out);
  if (resting.length === 0) return null;
  return (
    <ul className="lp-health__at-risk" aria-label="Learners resting after an intervention">
      {resting.map((learner) => (
        <li key={learner.student_id}>
          <LearnerLink id={learner.student_id} name={learner.name} />
          <Text as="p" size="2" color="gray">
            {INTERVENTION_KIND_LABELS[learner.reached_out!.kind]}
            {learner.reached_out!.by ? ` by ${learner.reached_out!.by}` : ''},{' '}
            {formatDateTime(learner.reached_out!.at)}; resting until{' '}
            {formatDateTime(learner.resting_until!)} unless a new strong reason appears
          </Text>
        </li>
      ))}
    </ul>
  );
}

/** "2 of 3 (67%)", or a dash when none is judged yet. */
function share(counts: OutcomeCounts, within: number) {
  if (counts.judged === 0) return '—';
  return `${within} of ${counts.judged} (${Math.round((within / counts.judged) * 100)}%)`;
}

/**
 * What helped: for each kind of intervention, how many learners moved on (a project move, a
 * self-assessment change or a push) within 7 and 14 days, in this cohort and in all cohorts.
 */
export function WhatHelped({ outcomes }: { outcomes: readonly InterventionOutcome[] }) {
  if (outcomes.every((row) => row.all_cohorts.judged === 0))
    return (
      <EmptyState
        title="Nothing to show yet."
        description="Once staff record “I reached out” and 14 days pass or the learner moves on, each kind of intervention shows how often it helped."
      />
    );
  return (
    <Table.Root size="1" variant="surface">
      <Table.Header>
        <Table.Row>
          <Table.ColumnHeaderCell>Intervention</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>This cohort: moved on in 7 days</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>In 14 days</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>All cohorts: in 7 days</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>In 14 days</Table.ColumnHeaderCell>
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {outcomes.map((row) => (
          <Table.Row key={row.kind}>
            <Table.RowHeaderCell>{INTERVENTION_KIND_LABELS[row.kind]}</Table.RowHeaderCell>
            <Table.Cell>{share(row.cohort, row.cohort.within_7_days)}</Table.Cell>
            <Table.Cell>{share(row.cohort, row.cohort.within_14_days)}</Table.Cell>
            <Table.Cell>{share(row.all_cohorts, row.all_cohorts.within_7_days)}</Table.Cell>
            <Table.Cell>{share(row.all_cohorts, row.all_cohorts.within_14_days)}</Table.Cell>
          </Table.Row>
        ))}
      </Table.Body>
    </Table.Root>
  );
}
