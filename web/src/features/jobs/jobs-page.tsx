import type { Job } from '@lp/contract/jobs';
import { Badge, Table, Text } from '@radix-ui/themes';
import { formatDateTime } from '@/lib/dates.ts';
import { getActiveCohort } from '@/lib/session.ts';
import { EmptyState } from '@/ui/empty-state.tsx';
import { PageLayout } from '@/ui/page-layout.tsx';
import { QueryView } from '@/ui/query-view.tsx';
import { useCohortJobs, useJobIntegrations } from './api/jobs-api.ts';
import { FailedStep } from './components/failed-step.tsx';
import { durationText, waitingStep } from './model/progress.ts';
import './components/jobs.css';

const kindWords: Record<Job['kind'], string> = {
  'team-save': 'Team channels and repositories',
  'team-reset': 'Archiving team channels',
  'ticket-migration': 'Ticket migration',
  'self-assessment': 'Self-assessment repository',
  'organisation-invitation': 'Organisation invitation',
  'slack-messages': 'Slack messages',
  'cohort-digest': 'Weekly digest',
  'github-deliveries': 'GitHub activity',
  'template-repository': 'Repository from the project template',
  'github-backfill': 'Repository history from GitHub',
  'webhook-deliveries': 'Webhook deliveries',
  'lti-grades': 'Grades to the LMS',
};

const statusColor = { queued: 'gray', running: 'blue', done: 'green', failed: 'red' } as const;

/** What went wrong: the failed steps with Retry, or the step a job waits to try again. */
function Problems({ job }: { job: Job }) {
  const failures = job.steps.filter((step) => step.status === 'failed');
  const waiting = waitingStep(job);
  if (failures.length === 0 && !waiting) return <Text color="gray">None</Text>;
  return (
    <ul className="job-steps">
      {waiting && (
        <li>
          <Text size="2" color="amber">
            Waiting to try {waiting.label} again
            {job.next_attempt_at ? ` (${formatDateTime(job.next_attempt_at)})` : ''}:{' '}
            {waiting.error}
          </Text>
        </li>
      )}
      {failures.map((step) => (
        <FailedStep key={step.id} job={job} step={step} canRetry />
      ))}
    </ul>
  );
}

function JobRow({ job }: { job: Job }) {
  return (
    <Table.Row>
      <Table.RowHeaderCell>{kindWords[job.kind]}</Table.RowHeaderCell>
      <Table.Cell>{formatDateTime(job.created_at)}</Table.Cell>
      <Table.Cell>
        <Badge color={statusColor[job.status]}>{job.status}</Badge>
      </Table.Cell>
      <Table.Cell>{durationText(job.duration_ms)}</Table.Cell>
      <Table.Cell>
        <Problems job={job} />
      </Table.Cell>
    </Table.Row>
  );
}

/** Why the list is empty: without Slack and GitHub, saving teams and the like make no jobs. */
function NoJobsReason() {
  const integrations = useJobIntegrations();
  const { slack, github } = integrations.data ?? { slack: true, github: true };
  if (!slack && !github)
    return 'Slack and GitHub are not configured on this server, so saving teams and migrating tickets change nothing there and make no jobs. The README says how to configure them.';
  const missing = !slack ? 'Slack is' : !github ? 'GitHub is' : null;
  return `Saving teams and migrating tickets make their Slack and GitHub changes here.${missing ? ` ${missing} not configured on this server: nothing is done there.` : ''}`;
}

function CohortJobs({ cohortId }: { cohortId: number }) {
  const jobs = useCohortJobs(cohortId);
  return (
    <QueryView query={jobs} what="jobs">
      {(list) =>
        list.length === 0 ? (
          <EmptyState title="No jobs yet" description={<NoJobsReason />} />
        ) : (
          <Table.Root>
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeaderCell>Job</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>Started</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>Status</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>Duration</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>Problems</Table.ColumnHeaderCell>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {list.map((job) => (
                <JobRow key={job.id} job={job} />
              ))}
            </Table.Body>
          </Table.Root>
        )
      }
    </QueryView>
  );
}

/**
 * Recent jobs of the active cohort (/jobs, in the staff menu): what ran at Slack and GitHub, what
 * failed (with Retry, as after a save) and what waits out an outage.
 */
export default function JobsPage() {
  const cohortId = getActiveCohort();
  return (
    <PageLayout title="Jobs">
      {cohortId === null ? (
        <EmptyState
          title="No active cohort"
          description="Choose a cohort on the Cohorts page first; jobs are listed per cohort."
        />
      ) : (
        <CohortJobs cohortId={cohortId} />
      )}
    </PageLayout>
  );
}
