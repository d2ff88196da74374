import { GitHubLogoIcon } from '@radix-ui/react-icons';
import { Box, Callout, Card, Flex, Grid, Text } from '@radix-ui/themes';
import { UpcomingEventsPanel } from '@/features/calendar';
import { YourRepositories } from '@/features/github';
import { useStudentProfile } from '@/lib/profile-api.ts';
import { PageLayout } from '@/ui/page-layout.tsx';
import { RepositoriesCard, TimelineCard } from '../components/cohort-cards.tsx';
import {
  MissingNameForm,
  NoCohortToView,
  NotInCohortYet,
  OrgInvitationPrompt,
} from '../components/gates.tsx';
import { SelfAssessmentCard } from '../components/self-assessment-card.tsx';
import {
  AssessmentStatusCard,
  CapstoneCard,
  CardHeading,
  StudentInfoCard,
} from '../components/student-cards.tsx';
import '../student.css';

/**
 * The learner's start page (spec §2 Student view, §4 gates): loading, then the GitHub
 * organization invitation, then a missing name, then the dashboard. Staff viewing it see a cohort
 * they coach; the invitation gate is a learner's, so it never stops them, and with no cohort to
 * show they are told so, once.
 */
export default function OverviewPage() {
  const profile = useStudentProfile();

  if (profile.isPending) {
    return (
      <Flex justify="center" py="9" role="status">
        <Text size="3">Loading...</Text>
      </Flex>
    );
  }
  if (profile.isError || !profile.data) {
    return (
      <Box p="5">
        <Callout.Root color="red" role="alert">
          <Callout.Text>
            {profile.error?.message ?? 'There is no learner profile for this account yet.'}
          </Callout.Text>
        </Callout.Root>
      </Box>
    );
  }

  const learner = profile.data;
  if (learner.current_cohort.id === undefined)
    return learner.staff ? <NoCohortToView /> : <NotInCohortYet />;
  if (!learner.staff && learner.github_org_status !== 'active') {
    return (
      <OrgInvitationPrompt
        orgUrl={learner.current_cohort.github_org}
        status={learner.github_org_status}
        login={learner.github}
      />
    );
  }
  if (`${learner.first_name}${learner.last_name}`.replace(/\s/g, '') === '') {
    return <MissingNameForm />;
  }

  const cohort = learner.current_cohort;
  const name = `${learner.first_name} ${learner.last_name}`.trim();
  return (
    <PageLayout title="Overview">
      <Flex gap="2" align="baseline" wrap="wrap" mb="4" mt="-2">
        <Text size="3" weight="bold">
          {name}
        </Text>
        <Text size="2" color="gray">
          {cohort.name}
        </Text>
      </Flex>
      {/*
        Two columns from 1024 px: what the learner is told about first (their details and the
        cohort's timeline, side by side and of one height), then their work on the left and the
        cohort's on the right. Each column is wide enough for a long date on one line.
      */}
      <Flex direction="column" gap="4" className="lp-student" data-testid="student-dashboard">
        <Grid className="lp-two-columns-md" gap="4">
          <StudentInfoCard profile={learner} />
          <TimelineCard cohort={cohort} />
        </Grid>
        <Grid className="lp-two-columns-md" gap="4" align="start">
          <Flex direction="column" gap="4">
            <SelfAssessmentCard profile={learner} />
            <AssessmentStatusCard profile={learner} />
            <CapstoneCard profile={learner} />
          </Flex>
          <Flex direction="column" gap="4">
            {cohort.id !== undefined && (
              <Card size="2">
                <UpcomingEventsPanel cohortId={cohort.id} />
              </Card>
            )}
            <RepositoriesCard cohort={cohort} />
            {/* Staff in mimic mode see a profile built from their cohort: no learner's links. */}
            {!learner.staff && (
              <Card size="2">
                <CardHeading icon={<GitHubLogoIcon aria-hidden />}>Your work on GitHub</CardHeading>
                <YourRepositories
                  learnerId={learner.id}
                  currentProject={learner.project.id > 0 ? learner.project : null}
                />
              </Card>
            )}
          </Flex>
        </Grid>
      </Flex>
    </PageLayout>
  );
}
