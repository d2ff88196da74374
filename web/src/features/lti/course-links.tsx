import type { LtiContext } from '@lp/contract/lti';
import { Table, Text } from '@radix-ui/themes';
import { useQueryClient } from '@tanstack/react-query';
import { useActiveCohorts } from '@/features/cohorts';
import { errorText } from '@/lib/api-client.ts';
import { formatDateTime } from '@/lib/dates.ts';
import { EmptyState } from '@/ui/empty-state.tsx';
import { QueryView } from '@/ui/query-view.tsx';
import { toast } from '@/ui/toasts/index.ts';
import { invalidateLti, linkContext, useLtiContexts } from './api.ts';
import { RosterSyncButton } from './roster-sync.tsx';

type CohortChoice = { id: number; name: string };

function CourseRow({ course, cohorts }: { course: LtiContext; cohorts: CohortChoice[] }) {
  const queryClient = useQueryClient();
  // The linked cohort stays a choice even when it is no longer active.
  const choices =
    course.cohort_id !== null && !cohorts.some((cohort) => cohort.id === course.cohort_id)
      ? [
          ...cohorts,
          { id: course.cohort_id, name: course.cohort_name ?? `Cohort ${course.cohort_id}` },
        ]
      : cohorts;
  const nameOf = (id: number | null) => choices.find((cohort) => cohort.id === id)?.name;

  async function link(cohortId: number | null, previous: number | null, undo = false) {
    try {
      await linkContext(course.id, cohortId);
      const said =
        cohortId === null
          ? `${course.title} is linked to no cohort`
          : `Linked ${course.title} to ${nameOf(cohortId)}`;
      toast.show(undo ? `Undone: ${said}` : said, {
        type: 'done',
        ...(undo
          ? {}
          : { action: { label: 'Undo', onClick: () => void link(previous, cohortId, true) } }),
      });
    } catch (error) {
      toast.show(errorText(error), { type: 'error', title: 'The course was not linked' });
    }
    await invalidateLti(queryClient);
  }

  return (
    <Table.Row>
      <Table.RowHeaderCell>
        {course.title}
        <Text as="div" size="1" color="gray">
          {course.platform_name} · {course.context_id}
        </Text>
      </Table.RowHeaderCell>
      <Table.Cell>{formatDateTime(course.last_launch_at)}</Table.Cell>
      <Table.Cell>
        <select
          className="lp-lti-select"
          aria-label={`Cohort of ${course.title}`}
          value={course.cohort_id ?? ''}
          onChange={(event) => {
            const value = event.target.value;
            void link(value === '' ? null : Number(value), course.cohort_id);
          }}
        >
          <option value="">No cohort</option>
          {choices.map((cohort) => (
            <option key={cohort.id} value={cohort.id}>
              {cohort.name}
            </option>
          ))}
        </select>
      </Table.Cell>
      <Table.Cell justify="end">
        <RosterSyncButton course={course} />
      </Table.Cell>
    </Table.Row>
  );
}

/** The LMS courses that launched us, each linked once to the cohort its people join. */
export function CourseLinks() {
  const courses = useLtiContexts();
  const cohorts = useActiveCohorts();
  return (
    <QueryView query={courses} what="LMS courses">
      {(list) =>
        list.length === 0 ? (
          <EmptyState
            title="No LMS courses yet"
            description="A course appears here after its first launch of this tool."
          />
        ) : (
          <Table.Root variant="surface">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeaderCell>Course</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>Last launch</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>Cohort</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell justify="end">Roster</Table.ColumnHeaderCell>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {list.map((course) => (
                <CourseRow key={course.id} course={course} cohorts={cohorts.data ?? []} />
              ))}
            </Table.Body>
          </Table.Root>
        )
      }
    </QueryView>
  );
}
