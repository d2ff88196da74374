// A learner's GitHub activity, newest first, a page at a time ('Show more' adds the next).
import type { ActivityItem, ActivityKind } from '@lp/contract/github';
import { ChatBubbleIcon, CheckboxIcon, Share1Icon, UploadIcon } from '@radix-ui/react-icons';
import { Box, Button, Flex, Heading, Link, Text } from '@radix-ui/themes';
import { type ReactNode, useId } from 'react';
import { formatDateTime } from '@/lib/dates.ts';
import { EmptyState } from '@/ui/empty-state.tsx';
import { ErrorCallout } from '@/ui/error-callout.tsx';
import { Loading } from '@/ui/loading.tsx';
import { useActivity } from '../api/activity.ts';
import { activityText, KIND_LABELS, NO_ACTIVITY, relativeTime } from '../model/texts.ts';
import './github.css';

const KIND_ICONS: Record<ActivityKind, typeof UploadIcon> = {
  push: UploadIcon,
  pull_request: Share1Icon,
  review: ChatBubbleIcon,
  check: CheckboxIcon,
};

function ActivityRow({ item }: { item: ActivityItem }) {
  const Icon = KIND_ICONS[item.kind];
  const text = activityText(item);
  return (
    <li>
      <Flex gap="2" align="start">
        <Icon className="lp-github-activity__icon" aria-hidden />
        <Box>
          <Text as="p" size="2">
            <Text color="gray" weight="medium">
              {KIND_LABELS[item.kind]}:
            </Text>{' '}
            {item.url ? (
              <Link href={item.url} target="_blank" rel="noreferrer">
                {text}
              </Link>
            ) : (
              text
            )}
          </Text>
          <Text as="p" size="1" color="gray">
            {item.repository}
            {item.actor ? ` · ${item.actor}` : ''}
            {' · '}
            <time dateTime={item.occurred_at} title={formatDateTime(item.occurred_at)}>
              {relativeTime(item.occurred_at)}
            </time>
          </Text>
        </Box>
      </Flex>
    </li>
  );
}

export function ActivitySection({ learnerId }: { learnerId: number }) {
  const activity = useActivity(learnerId);
  const headingId = useId();
  const items = activity.data?.pages.flatMap((page) => page.results) ?? [];
  const count = activity.data?.pages[0]?.count ?? 0;

  let body: ReactNode;
  if (activity.isPending) body = <Loading label="Loading activity…" />;
  else if (activity.isError && items.length === 0)
    body = <ErrorCallout error={activity.error} retry={() => activity.refetch()} compact />;
  else if (items.length === 0) body = <EmptyState title={NO_ACTIVITY} />;
  else
    body = (
      <>
        <ul className="lp-github-list" aria-label="Activity">
          {items.map((item) => (
            <ActivityRow key={item.id} item={item} />
          ))}
        </ul>
        <Flex gap="3" align="center" mt="2" wrap="wrap">
          <Text size="1" color="gray" aria-live="polite">
            Showing {items.length} of {count}
          </Text>
          {activity.hasNextPage && (
            <Button
              size="1"
              variant="soft"
              loading={activity.isFetchingNextPage}
              onClick={() => void activity.fetchNextPage()}
            >
              Show more
            </Button>
          )}
        </Flex>
        {activity.isFetchNextPageError && (
          <ErrorCallout error={activity.error} retry={() => activity.fetchNextPage()} compact />
        )}
      </>
    );

  return (
    <Box asChild mb="4">
      <section aria-labelledby={headingId}>
        <Heading as="h3" size="3" mb="2" id={headingId}>
          Activity
        </Heading>
        {body}
      </section>
    </Box>
  );
}
