import type { CohortDigest, DigestDelivery } from '@lp/contract/digest';
import { Badge, Button, Card, Flex, Heading, Text } from '@radix-ui/themes';
import { useId, useState } from 'react';
import { JobProgress } from '@/features/jobs';
import { errorText } from '@/lib/api-client.ts';
import { formatDateTime, formatInstant, formatWallTime } from '@/lib/dates.ts';
import { QueryView } from '@/ui/query-view.tsx';
import { useToast } from '@/ui/toasts/index.ts';
import { useCohortDigest, useRefreshDigest, useSendDigest } from '../api/digest-api.ts';
import './digest-panel.css';

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

const capitalised = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/** Why 'Send digest now' cannot work, or null when it can. */
export function sendBlocker(digest: CohortDigest): string | null {
  if (!digest.slack_configured) return 'Slack is not configured on this server';
  if (!digest.channel && !digest.recipients.some((coach) => coach.has_slack))
    return 'This cohort has no instructor Slack channel and no coach with a Slack member ID';
  return null;
}

function lastSentText(last: DigestDelivery | null): string {
  if (!last) return 'Not sent yet';
  const by = last.sent_by ? `by ${last.sent_by.name}` : 'by the weekly schedule';
  const when = formatDateTime(last.sent_at);
  if (last.channel)
    return last.result === 'failed'
      ? `${when} ${by}: Slack did not accept it in the instructor channel ${last.channel}`
      : `${when} ${by}, to the instructor channel ${last.channel}`;
  if (last.result === 'failed') return `${when} ${by}: Slack accepted it for no coach`;
  const to =
    last.delivered === last.recipients
      ? plural(last.delivered, 'coach', 'coaches')
      : `${last.delivered} of ${plural(last.recipients, 'coach', 'coaches')}`;
  return `${when} ${by}, to ${to}`;
}

/** Where the digest goes: the instructor channel, or without one each coach directly. */
function goesTo(digest: CohortDigest): string {
  if (digest.channel) return `the instructor Slack channel ${digest.channel}`;
  if (!digest.recipients.some((coach) => coach.has_slack))
    return 'nobody: the cohort has no instructor Slack channel and no coach with a Slack member ID';
  const coaches = digest.recipients
    .map((coach) => (coach.has_slack ? coach.name : `${coach.name} (no Slack member ID)`))
    .join(', ');
  return `${coaches}, by direct message (the cohort has no instructor Slack channel)`;
}

function Schedule({ digest }: { digest: CohortDigest }) {
  const { day, hour, next_send_at: next } = digest.schedule;
  const weekly = `Every ${capitalised(day)} at ${formatWallTime(`${hour}:00`)} (Chicago time)`;
  return (
    <Flex direction="column" gap="1">
      <Text size="2">
        <Text weight="medium">Next send: </Text>
        {next
          ? `${formatInstant(next, 'EEEE, MMM d, h:mm aaa')}. ${weekly}.`
          : digest.slack_configured
            ? 'None: the cohort is not current (active, within its dates).'
            : 'None: Slack is not configured on this server.'}
      </Text>
      <Text size="2">
        <Text weight="medium">Last sent: </Text>
        {lastSentText(digest.last_sent)}
      </Text>
      <Text size="2">
        <Text weight="medium">Goes to: </Text>
        {goesTo(digest)}
      </Text>
    </Flex>
  );
}

function Contents({ digest }: { digest: CohortDigest }) {
  const actNow = digest.at_risk.filter((learner) => learner.level === 'act_now');
  const watch = digest.at_risk.filter((learner) => learner.level === 'watch');
  return (
    <Flex direction="column" gap="3">
      <section aria-labelledby={`digest-at-risk-${digest.cohort.id}`}>
        <Heading as="h3" size="2" mb="1" id={`digest-at-risk-${digest.cohort.id}`}>
          Act now ({actNow.length})
        </Heading>
        {actNow.length === 0 ? (
          <Text size="2" color="gray">
            Nobody needs acting on this week.
          </Text>
        ) : (
          <ul className="digest-list">
            {actNow.map((learner) => (
              <li key={learner.student_id}>
                <Text size="2" weight="medium">
                  {learner.name}
                </Text>
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
        )}
        {watch.length > 0 && (
          <Text as="p" size="2" mt="1">
            <Text weight="medium">To watch: </Text>
            {watch.map((learner) => learner.name).join(', ')}
          </Text>
        )}
      </section>
      <section aria-labelledby={`digest-reviews-${digest.cohort.id}`}>
        <Heading as="h3" size="2" mb="1" id={`digest-reviews-${digest.cohort.id}`}>
          Reviews waiting {plural(digest.review_wait_days, 'day')} or more (
          {digest.overdue_reviews.length})
        </Heading>
        {digest.overdue_reviews.length === 0 ? (
          <Text size="2" color="gray">
            No self-assessment has waited that long.
          </Text>
        ) : (
          <ul className="digest-list">
            {digest.overdue_reviews.map((review) => (
              <li key={`${review.student_id}-${review.assessment_id}`}>
                <Text size="2">
                  <Text weight="medium">{review.name}</Text>: {review.assessment}, waiting{' '}
                  {plural(review.waiting_days, 'day')}
                </Text>
              </li>
            ))}
          </ul>
        )}
      </section>
    </Flex>
  );
}

function SendButton({ digest }: { digest: CohortDigest }) {
  const toast = useToast();
  const send = useSendDigest(digest.cohort.id);
  const refreshDigest = useRefreshDigest(digest.cohort.id);
  const [jobId, setJobId] = useState<number | null>(null);
  const reasonId = useId();
  const blocker = sendBlocker(digest);
  const onSend = () =>
    send.mutate(undefined, {
      onSuccess: (result) => {
        setJobId(result.job_id);
        toast.show(result.message, { type: 'done', duration: 'normal' });
      },
      onError: (error) => toast.show(errorText(error), { type: 'error' }),
    });
  return (
    <Flex direction="column" gap="2">
      <Flex align="center" gap="3" wrap="wrap">
        <Button
          onClick={onSend}
          loading={send.isPending}
          disabled={blocker !== null}
          aria-describedby={blocker ? reasonId : undefined}
        >
          Send digest now
        </Button>
        {blocker && (
          <Text id={reasonId} size="2" color="gray">
            {blocker}
          </Text>
        )}
      </Flex>
      {jobId !== null && (
        // The step writes 'last sent' when it has run: the preview follows each step.
        <JobProgress
          key={jobId}
          jobId={jobId}
          title="Sending the digest"
          onProgress={refreshDigest}
        />
      )}
    </Flex>
  );
}

/**
 * A cohort's weekly digest as its coaches get it by Slack (in the instructor channel, or without
 * one directly): the at-risk learners with their reasons and the overdue reviews, where and when
 * it goes out next and went out last, and 'Send digest now' (disabled, with the reason beside
 * it, when Slack is not configured or there is nowhere to send it), which queues the send and
 * follows its job.
 */
export function DigestPanel({ cohortId }: { cohortId: number }) {
  const digest = useCohortDigest(cohortId);
  // The message repeats the lists above it: shown on demand, so the page stays short.
  const [previewing, setPreviewing] = useState(false);
  const previewId = `digest-preview-${cohortId}`;
  return (
    <Card asChild>
      <section aria-labelledby={`digest-heading-${cohortId}`}>
        <Flex direction="column" gap="3">
          <Flex align="center" gap="2">
            <Heading as="h2" size="4" id={`digest-heading-${cohortId}`}>
              Weekly digest
            </Heading>
            <Badge color="gray">Slack</Badge>
          </Flex>
          <QueryView query={digest} what="digest">
            {(data) => (
              <>
                <Schedule digest={data} />
                <SendButton digest={data} />
                <div>
                  <Button
                    size="1"
                    variant="ghost"
                    aria-expanded={previewing}
                    aria-controls={previewId}
                    onClick={() => setPreviewing((shown) => !shown)}
                  >
                    {previewing ? 'Hide the message' : 'Show the message'}
                  </Button>
                </div>
                <div id={previewId} hidden={!previewing}>
                  {previewing && <Contents digest={data} />}
                </div>
              </>
            )}
          </QueryView>
        </Flex>
      </section>
    </Card>
  );
}
