import type { CurrentCohort } from '@lp/contract/profile';
import { CalendarIcon, GitHubLogoIcon, ReaderIcon, StarFilledIcon } from '@radix-ui/react-icons';
import { Box, Card, Flex, Grid, Heading, Link, Text } from '@radix-ui/themes';
import { cohortTimeline, longDate } from '../model/timeline.ts';

function CardTitle({ icon, children }: { icon: React.ReactNode; children: React.ReactNode }) {
  return (
    <Flex align="center" gap="2" mb="3">
      {icon}
      <Heading as="h2" size="3">
        {children}
      </Heading>
    </Flex>
  );
}

/** '{cohort} Timeline': start, end and the days completed / remaining. */
export function TimelineCard({ cohort, today }: { cohort: CurrentCohort; today?: string }) {
  const timeline =
    cohort.start && cohort.end ? cohortTimeline(cohort.start, cohort.end, today) : null;
  return (
    <Card size="2">
      <CardTitle icon={<CalendarIcon aria-hidden />}>{cohort.name} Timeline</CardTitle>
      <Grid columns="80px 1fr" gapX="2" gapY="1">
        <Text size="2" weight="medium">
          Start Date:
        </Text>
        <Text size="2">
          {cohort.start ? <time dateTime={cohort.start}>{longDate(cohort.start)}</time> : '—'}
        </Text>
        <Text size="2" weight="medium">
          End Date:
        </Text>
        <Text size="2">
          {cohort.end ? <time dateTime={cohort.end}>{longDate(cohort.end)}</time> : '—'}
        </Text>
      </Grid>
      {timeline && (
        <Box
          mt="3"
          p="2"
          data-testid="cohort-timeline"
          style={{
            borderRadius: 'var(--radius-2)',
            background: timeline.graduated ? 'var(--green-3)' : 'var(--blue-3)',
          }}
        >
          <Flex as="span" gap="2" align="center">
            {timeline.graduated ? <StarFilledIcon aria-hidden /> : <ReaderIcon aria-hidden />}
            <Text size="2">
              {timeline.graduated
                ? 'You have graduated!'
                : `${timeline.completed} days completed and ${timeline.remaining} days remaining`}
            </Text>
          </Flex>
        </Box>
      )}
    </Card>
  );
}

/** 'Repositories': the coursework and the cohort's GitHub organization. */
export function RepositoriesCard({ cohort }: { cohort: CurrentCohort }) {
  const links = [
    { label: 'Client side coursework', url: cohort.client_course },
    { label: 'Server side coursework', url: cohort.server_course },
    { label: `${cohort.name} Github Organization`, url: cohort.github_org },
  ];
  return (
    <Card size="2">
      <CardTitle icon={<GitHubLogoIcon aria-hidden />}>Repositories</CardTitle>
      <Flex direction="column" gap="2">
        {links.map(({ label, url }) =>
          url ? (
            <Link key={label} size="2" href={url} target="_blank" rel="noreferrer">
              {label}
            </Link>
          ) : (
            <Text key={label} size="2" color="gray">
              {label} (not set yet)
            </Text>
          ),
        )}
      </Flex>
    </Card>
  );
}
