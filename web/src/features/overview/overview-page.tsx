import { Callout, Card, DataList, Text } from '@radix-ui/themes';
import { useStudentProfile } from '../../lib/profile-api.ts';
import { Loading } from '../../ui/loading.tsx';
import { PageLayout } from '../../ui/page-layout.tsx';

/** The learner's start page (a placeholder until the dashboard lands). */
export default function OverviewPage() {
  const profile = useStudentProfile();

  if (profile.isPending) return <Loading label="Loading your profile…" />;
  if (profile.isError || !profile.data) {
    return (
      <PageLayout title="Overview">
        <Callout.Root color="red" role="alert">
          <Callout.Text>
            {profile.error?.message ?? 'There is no learner profile for this account yet.'}
          </Callout.Text>
        </Callout.Root>
      </PageLayout>
    );
  }

  const learner = profile.data;
  const name = `${learner.first_name} ${learner.last_name}`.trim() || learner.name;
  return (
    <PageLayout title="Overview">
      <Card size="2" style={{ maxWidth: 480 }}>
        <DataList.Root>
          <DataList.Item>
            <DataList.Label>Learner</DataList.Label>
            <DataList.Value>{name || 'Name not set'}</DataList.Value>
          </DataList.Item>
          <DataList.Item>
            <DataList.Label>Cohort</DataList.Label>
            <DataList.Value>{learner.current_cohort.name}</DataList.Value>
          </DataList.Item>
        </DataList.Root>
      </Card>
      <Text as="p" size="2" color="gray" mt="3">
        Your full dashboard will appear here.
      </Text>
    </PageLayout>
  );
}
