import { Callout, Heading } from '@radix-ui/themes';
import { useStudentProfile } from '@/lib/profile-api.ts';
import { EmptyState } from '@/ui/empty-state.tsx';
import { Loading } from '@/ui/loading.tsx';
import { PageLayout } from '@/ui/page-layout.tsx';
import { CohortCalendar } from './components/cohort-calendar.tsx';

/** The student /calendar: the learner's cohort calendar, read-only. */
export default function CalendarPage() {
  const profile = useStudentProfile();
  const cohort = profile.data?.current_cohort;
  return (
    <PageLayout title="Calendar">
      {profile.isPending && <Loading />}
      {profile.isError && (
        <Callout.Root color="red" role="alert">
          <Callout.Text>Could not load your cohort: {profile.error.message}</Callout.Text>
        </Callout.Root>
      )}
      {profile.isSuccess &&
        (cohort?.id && cohort.start && cohort.end ? (
          <>
            <Heading as="h2" size="4" mb="3">
              {cohort.name}
            </Heading>
            <CohortCalendar
              cohortId={cohort.id}
              startDate={cohort.start}
              endDate={cohort.end}
              canEdit={false}
            />
          </>
        ) : (
          <EmptyState
            title="No cohort calendar yet"
            description="Your calendar appears here once you join a cohort."
          />
        ))}
    </PageLayout>
  );
}
