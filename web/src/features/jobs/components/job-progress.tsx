import type { Job } from '@lp/contract/jobs';
import { Callout, Card, Flex, Progress, Text } from '@radix-ui/themes';
import { useEffect, useRef } from 'react';
import { QueryView } from '@/ui/query-view.tsx';
import { useJob } from '../api/jobs-api.ts';
import { progressOf } from '../model/progress.ts';
import { FailedStep } from './failed-step.tsx';
import './jobs.css';

function Outcome({ job, canRetry }: { job: Job; canRetry: boolean }) {
  const progress = progressOf(job);
  return (
    <Flex direction="column" gap="2">
      <Progress value={progress.percent} aria-label="Progress of the work at Slack and GitHub" />
      <Text size="2" role="status" aria-live="polite">
        {progress.words}
      </Text>
      {progress.failed.length > 0 && (
        <Flex asChild direction="column" gap="1" aria-label="Failed">
          <ul className="job-steps">
            {progress.failed.map((step) => (
              <FailedStep key={step.id} job={job} step={step} canRetry={canRetry} />
            ))}
          </ul>
        </Flex>
      )}
      {progress.succeeded.length > 0 && (
        <details>
          <summary>
            <Text size="2">Succeeded ({progress.succeeded.length})</Text>
          </summary>
          <ul className="job-steps">
            {progress.succeeded.map((step) => (
              <li key={step.id}>
                <Text size="2">
                  {step.label}
                  {step.summary ? `: ${step.summary}` : ''}
                </Text>
              </li>
            ))}
          </ul>
        </details>
      )}
    </Flex>
  );
}

/**
 * Follows one job: a progress bar with the step in words, then what succeeded and what failed,
 * each failure with 'Retry' (for staff). `onProgress` hears each time another step has run (the screen
 * refreshes what the steps made).
 */
export function JobProgress({
  jobId,
  title,
  onProgress,
  canRetry = true,
}: {
  jobId: number;
  title: string;
  onProgress?: () => void;
  /** Staff retry failed steps; a learner following their own job sees them only. */
  canRetry?: boolean;
}) {
  const job = useJob(jobId);
  const ran = job.data?.steps.filter((step) => step.status !== 'pending').length ?? 0;
  const heard = useRef(0);
  useEffect(() => {
    if (ran === heard.current) return;
    heard.current = ran;
    onProgress?.();
  }, [ran, onProgress]);
  return (
    <Card asChild>
      <Flex asChild direction="column" gap="2">
        <section aria-label={title}>
          <Text weight="bold" size="2">
            {title}
          </Text>
          <QueryView query={job} what="job">
            {(data) =>
              data.steps.length === 0 ? (
                <Callout.Root size="1">
                  <Callout.Text>Nothing to do at Slack or GitHub.</Callout.Text>
                </Callout.Root>
              ) : (
                <Outcome job={data} canRetry={canRetry} />
              )
            }
          </QueryView>
        </section>
      </Flex>
    </Card>
  );
}
