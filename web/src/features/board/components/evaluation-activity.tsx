// The evaluation dialog's view of the learner's repository: its last pushed commit and that
// commit's checks (page 1 of GET /students/{id}/activity), so the work can be opened beside the
// objectives, and whether anything was pushed since the self-assessment started.
import { Callout, Flex, Link, Text } from '@radix-ui/themes';
import type { ReactNode } from 'react';
import { formatDateTime } from '@/lib/dates.ts';
import { Loading } from '@/ui/loading.tsx';
import { useStudentActivity } from '../api/get-student-activity.ts';
import {
  checkState,
  checksOf,
  latestPush,
  NO_REPOSITORY_TEXT,
  nothingPushedSinceAssessment,
  REPOSITORY_DELETED_TEXT,
} from '../model/activity.ts';
import type { BoardLearner } from '../model/types.ts';
import { ChecksIcon } from './icons.tsx';

export const NOTHING_PUSHED_SINCE = 'Nothing pushed since this self-assessment started';

export function EvaluationActivity({
  learner,
  startedAt,
}: {
  learner: BoardLearner;
  /** When the self-assessment under evaluation started; null when there is none. */
  startedAt: string | null;
}) {
  const { activity } = learner;
  // Without a linked repository there is no activity to read.
  const page = useStudentActivity(activity === null ? null : learner.id);
  const stale = nothingPushedSinceAssessment(activity, startedAt);

  let body: ReactNode;
  if (activity === null) {
    body = (
      <Text size="2" color="gray">
        {NO_REPOSITORY_TEXT}.
      </Text>
    );
  } else if (page.isPending) {
    body = <Loading label="Loading the last commit…" />;
  } else if (page.isError) {
    body = (
      <Callout.Root color="red" role="alert" size="1">
        <Callout.Text>Could not load the last commit: {page.error.message}</Callout.Text>
      </Callout.Root>
    );
  } else {
    const push = latestPush(page.data.results);
    const checks = checksOf(page.data.results, push?.head_sha ?? null);
    body = (
      <Flex direction="column" gap="1">
        {push ? (
          <Text size="2">
            Last commit:{' '}
            {push.url ? (
              <Link href={push.url} target="_blank" rel="noreferrer">
                {push.title}
              </Link>
            ) : (
              push.title
            )}{' '}
            <Text color="gray">
              · <time dateTime={push.occurred_at}>{formatDateTime(push.occurred_at)}</time>
            </Text>
          </Text>
        ) : (
          <Text size="2" color="gray">
            {activity.last_push_at === null
              ? 'Nothing pushed yet.'
              : 'No push among the latest activity.'}
          </Text>
        )}
        {checks.length > 0 && (
          <ul className="lp-eval-activity__checks" aria-label="Checks">
            {checks.map((check) => {
              const state = checkState(check.state);
              const words = `${check.title}: ${check.state.replaceAll('_', ' ')}`;
              return (
                <li key={check.id} className="lp-eval-activity__check">
                  {state && (
                    <span className={`lp-activity__mark lp-activity__mark--${state}`}>
                      <ChecksIcon state={state} />
                    </span>
                  )}
                  <Text size="1">
                    {check.url ? (
                      <Link href={check.url} target="_blank" rel="noreferrer">
                        {words}
                      </Link>
                    ) : (
                      words
                    )}
                  </Text>
                </li>
              );
            })}
          </ul>
        )}
      </Flex>
    );
  }

  return (
    <section aria-label="Repository">
      <Flex direction="column" gap="1">
        {activity && (
          <Text size="2">
            <Link href={activity.repository.url} target="_blank" rel="noreferrer">
              {activity.repository.full_name}
            </Link>
            {activity.repository.deleted && <Text color="gray"> · {REPOSITORY_DELETED_TEXT}</Text>}
          </Text>
        )}
        {body}
        {stale === true && (
          <Text size="2" color="amber" weight="medium">
            {NOTHING_PUSHED_SINCE}
          </Text>
        )}
      </Flex>
    </section>
  );
}
