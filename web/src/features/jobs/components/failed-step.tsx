import type { Job, JobStep } from '@lp/contract/jobs';
import { Button, Flex, Text } from '@radix-ui/themes';
import { errorText } from '@/lib/api-client.ts';
import { useToast } from '@/ui/toasts/index.ts';
import { useRetryJob } from '../api/jobs-api.ts';

/** A failed step in words, with 'Retry' (for staff), which tries that step again. */
export function FailedStep({
  job,
  step,
  canRetry,
}: {
  job: Job;
  step: JobStep;
  canRetry: boolean;
}) {
  const retry = useRetryJob();
  const toast = useToast();
  return (
    <Flex asChild align="center" gap="2" wrap="wrap">
      <li>
        <Text size="2" color="red">
          {step.label}: {step.error ?? 'failed'}
        </Text>
        {canRetry && (
          <Button
            size="1"
            variant="soft"
            loading={retry.isPending}
            aria-label={`Retry ${step.label}`}
            onClick={() =>
              retry.mutate(
                { id: job.id, step: step.id },
                {
                  onSuccess: () => toast.show(`Trying ${step.label} again`, { type: 'info' }),
                  onError: (error) => toast.show(errorText(error), { type: 'error' }),
                },
              )
            }
          >
            Retry
          </Button>
        )}
      </li>
    </Flex>
  );
}
