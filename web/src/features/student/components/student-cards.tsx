import type { StudentProfile } from '@lp/contract/profile';
import { BookmarkIcon, IdCardIcon, RocketIcon } from '@radix-ui/react-icons';
import { Badge, Button, Card, Flex, Grid, Heading, Link, Text } from '@radix-ui/themes';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { SchoolLinkAction } from '@/features/auth';
import { proposalCourse } from '../model/proposal.ts';
import { displayDate } from '../model/timeline.ts';

/**
 * The proposal template the 'Get Proposal Template' button opens. The product's Google Docs
 * template is set per deployment (VITE_PROPOSAL_TEMPLATE_URL); without it the button opens the
 * requirements page, which lists what a proposal holds.
 */
export const PROPOSAL_TEMPLATE_URL: string =
  (import.meta.env as Record<string, string | undefined>).VITE_PROPOSAL_TEMPLATE_URL ??
  '/assessment/client';

type BadgeColor = React.ComponentProps<typeof Badge>['color'];

const ASSESSMENT_STATUS_COLORS: Record<string, BadgeColor> = {
  'In Progress': 'blue',
  'Ready for Review': 'amber',
  'Reviewed and Complete': 'green',
  'Reviewed and Incomplete': 'red',
};

// The spec pairs each capstone status with an assessment status's styling.
const CAPSTONE_STATUS_COLORS: Record<string, BadgeColor> = {
  Approved: ASSESSMENT_STATUS_COLORS['In Progress'],
  'In Review': ASSESSMENT_STATUS_COLORS['Ready for Review'],
  MVP: ASSESSMENT_STATUS_COLORS['Reviewed and Complete'],
  'Requires Changes': ASSESSMENT_STATUS_COLORS['Reviewed and Incomplete'],
};

export function CardHeading({ icon, children }: { icon?: ReactNode; children: ReactNode }) {
  return (
    <Flex align="center" gap="2" mb="3">
      {icon}
      <Heading as="h2" size="3">
        {children}
      </Heading>
    </Flex>
  );
}

/**
 * 'Student Information': Slack ID (with Update), the current project, and the GitHub login and
 * email the account has, label beside value as on the timeline card next to it, so the two read
 * as one band.
 */
export function StudentInfoCard({ profile }: { profile: StudentProfile }) {
  const project = profile.project;
  return (
    <Card size="2" data-testid="student-information">
      <CardHeading icon={<IdCardIcon aria-hidden />}>Student Information</CardHeading>
      <Grid columns="max-content 1fr" gapX="3" gapY="2" align="baseline">
        <Text size="2" weight="medium">
          Slack ID:
        </Text>
        <Flex gap="3" align="baseline" wrap="wrap">
          <Text size="2" color={profile.slack_handle ? undefined : 'gray'} data-testid="slack-id">
            {profile.slack_handle || 'Not set'}
          </Text>
          <Button asChild variant="ghost" size="1">
            <RouterLink to="/slackUpdate">Update</RouterLink>
          </Button>
        </Flex>
        <Text size="2" weight="medium">
          Current Project:
        </Text>
        <Text size="2">
          {project.id === 0 ? 'None' : `${project.book_name ?? ''}: ${project.name}`}
        </Text>
        <Text size="2" weight="medium">
          GitHub:
        </Text>
        <Text size="2" color={profile.github ? undefined : 'gray'}>
          {profile.github || 'Not set'}
        </Text>
        <Text size="2" weight="medium">
          Email:
        </Text>
        <Text size="2" color={profile.email ? undefined : 'gray'} className="lp-student__email">
          {profile.email || 'Not set'}
        </Text>
      </Grid>
      <SchoolLinkAction spaced />
    </Card>
  );
}

/** 'Capstone Project': each proposal with its statuses, and the way to submit one. */
export function CapstoneCard({ profile }: { profile: StudentProfile }) {
  const { course, sent } = proposalCourse(profile);
  return (
    <Card size="2">
      <CardHeading icon={<RocketIcon aria-hidden />}>Capstone Project</CardHeading>
      <Text as="p" size="2" weight="medium" mb="1">
        Current Status
      </Text>
      {profile.capstones.length === 0 ? (
        <Text as="p" size="2" color="gray" mb="3">
          No capstone proposals submitted yet
        </Text>
      ) : (
        <Flex asChild direction="column" gap="2" mb="3">
          <ul className="lp-student__list" aria-label="Capstone proposals">
            {profile.capstones.map((capstone) => (
              <li key={capstone.capstone__id}>
                <Flex gap="2" align="center" wrap="wrap">
                  <Link size="2" href={capstone.proposal} target="_blank" rel="noreferrer">
                    {capstone.course}
                  </Link>
                  {capstone.statuses.length === 0 ? (
                    <Badge color="sky">Submitted</Badge>
                  ) : (
                    capstone.statuses.map((status) => (
                      <Badge
                        key={`${status.status__status}-${status.date}`}
                        color={CAPSTONE_STATUS_COLORS[status.status__status] ?? 'gray'}
                      >
                        {status.status__status} on {displayDate(status.date)}
                      </Badge>
                    ))
                  )}
                </Flex>
              </li>
            ))}
          </ul>
        </Flex>
      )}
      {course && sent ? (
        <Text as="p" size="2" color="gray">
          Your proposal for {course.course__name} is sent: its status shows above.
        </Text>
      ) : (
        <>
          <Text as="p" size="2" mb="3">
            Start your proposal from the template, fill in every section, then send us the link.
          </Text>
          <Flex gap="2" wrap="wrap" mb="2">
            <Button asChild color="iris">
              <a href={PROPOSAL_TEMPLATE_URL} target="_blank" rel="noreferrer">
                Get Proposal Template
              </a>
            </Button>
            <Button asChild color="grass">
              <RouterLink to="/proposal/client">Submit Proposal</RouterLink>
            </Button>
          </Flex>
          <Text as="p" size="1" color="gray">
            When your proposal document is complete, click "Submit Proposal" to send it for review.
          </Text>
        </>
      )}
    </Card>
  );
}

/** 'Book Assessment Status': each self-assessment with its status. */
export function AssessmentStatusCard({ profile }: { profile: StudentProfile }) {
  return (
    <Card size="2">
      <CardHeading icon={<BookmarkIcon aria-hidden />}>Book Assessment Status</CardHeading>
      {profile.assessment_overview.length === 0 ? (
        <Text as="p" size="2" color="gray">
          No self-assessments submitted yet
        </Text>
      ) : (
        <Flex asChild direction="column" gap="2">
          <ul className="lp-student__list" aria-label="Self-assessments">
            {profile.assessment_overview.map((item) => (
              <li key={item.id}>
                <Flex justify="between" gap="2" align="center" wrap="wrap">
                  <Text size="2">{item.name}</Text>
                  <Badge color={ASSESSMENT_STATUS_COLORS[item.status] ?? 'gray'}>
                    {item.status}
                  </Badge>
                </Flex>
              </li>
            ))}
          </ul>
        </Flex>
      )}
    </Card>
  );
}
