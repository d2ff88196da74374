import type { Cohort } from '@lp/contract/cohorts';
import { Badge, Button, Callout, Flex, Heading, Switch, Text } from '@radix-ui/themes';
import { useNavigate } from 'react-router';
import { AddLearnerButton } from '@/features/accounts';
import { CohortCalendar } from '@/features/calendar';
import { ExportCsvButton, RosterImportButton } from '@/features/roster';
import { chooseActiveCohort } from '@/lib/session.ts';
import { AppDialog, useConfirm } from '@/ui/dialog/index.ts';
import { Loading } from '@/ui/loading.tsx';
import { useToast } from '@/ui/toasts/index.ts';
import {
  setCohortActive,
  undoMigration,
  updateCohort,
  useActiveCohorts,
  useCohort,
  useMigrateCohort,
  useSetCohortActive,
  useUpdateCohort,
} from '../api/cohorts-api.ts';
import { CohortDates } from './cohort-dates.tsx';
import { CohortLinksForm } from './cohort-links-form.tsx';
import { useCohortChange } from './cohort-undo.ts';
import { FindStudentDialog } from './find-student-dialog.tsx';
import { SecretLinks } from './secret-links.tsx';

export const MIGRATE_CONFIRMATION =
  'Verify that you want to migrate this cohort to server side mode. All students will be assigned to the first project of the server side course.';

interface CohortOverlayProps {
  cohortId: number | null;
  onClose(): void;
}

/** The cohort detail overlay: dates, switches, links, courses, learners and the calendar. */
export function CohortOverlay({ cohortId, onClose }: CohortOverlayProps) {
  const cohort = useCohort(cohortId);
  return (
    <AppDialog
      open={cohortId !== null}
      onOpenChange={(open) => !open && onClose()}
      title={cohort.data?.name ?? 'Cohort'}
      maxWidth="min(1400px, 96vw)"
    >
      {cohort.isPending && <Loading />}
      {cohort.isError && (
        <Callout.Root color="red" role="alert">
          <Callout.Text>Could not load the cohort: {cohort.error.message}</Callout.Text>
        </Callout.Root>
      )}
      {cohort.data && <CohortDetails cohort={cohort.data} />}
    </AppDialog>
  );
}

function CohortDetails({ cohort }: { cohort: Cohort }) {
  const toast = useToast();
  const confirm = useConfirm();
  const navigate = useNavigate();
  const setActive = useSetCohortActive();
  const update = useUpdateCohort();
  const migrate = useMigrateCohort();
  const activeCohorts = useActiveCohorts();
  const clientCourseActive = cohort.courses.some((course) => course.index === 0 && course.active);

  const showChange = useCohortChange();
  const failed = (error: Error) => toast.show(error.message, { type: 'error', duration: 'normal' });

  async function onMigrate() {
    const sure = await confirm({
      title: 'Migrate to server-side',
      description: MIGRATE_CONFIRMATION,
      confirmLabel: 'Migrate',
    });
    if (!sure) return;
    migrate.mutate(cohort.id, {
      onSuccess: () => {
        showChange({
          done: `${cohort.name} is now on its server side course`,
          undo: () => undoMigration(cohort.id),
          undone: `${cohort.name} is back on its client side course, each learner on their project.`,
        });
        // Land on the migrated cohort's board, not on whichever cohort was active before.
        chooseActiveCohort(cohort.id);
        navigate('/');
      },
      onError: failed,
    });
  }

  return (
    <Flex direction="column" gap="4">
      <SecretLinks cohort={cohort} />
      <div className="lp-cohort-overlay__columns">
        <Flex direction="column" gap="3">
          <CohortDates cohort={cohort} />
          <Text as="label" size="2">
            <Flex gap="2" align="center">
              Active:
              <Switch
                color="crimson"
                variant="surface"
                radius="full"
                checked={cohort.active}
                disabled={setActive.isPending}
                onCheckedChange={(active) =>
                  setActive.mutate(
                    { id: cohort.id, active },
                    {
                      onSuccess: () =>
                        showChange({
                          done: `${cohort.name} is ${active ? 'active' : 'inactive'} now.`,
                          undo: () => setCohortActive({ id: cohort.id, active: !active }),
                          undone: `${cohort.name} is ${active ? 'inactive' : 'active'} again.`,
                        }),
                      onError: failed,
                    },
                  )
                }
              />
            </Flex>
          </Text>
          <Text as="label" size="2">
            <Flex gap="2" align="center">
              Capstone:
              <Switch
                color="lime"
                variant="surface"
                radius="full"
                checked={cohort.capstone}
                disabled={update.isPending}
                onCheckedChange={(capstone) =>
                  update.mutate(
                    { id: cohort.id, capstone },
                    {
                      onSuccess: () =>
                        showChange({
                          done: `${cohort.name} is ${capstone ? 'a capstone cohort' : 'no longer a capstone cohort'} now.`,
                          undo: () => updateCohort({ id: cohort.id, capstone: !capstone }),
                          undone: `${cohort.name} is ${capstone ? 'not a capstone cohort' : 'a capstone cohort'} again.`,
                        }),
                      onError: failed,
                    },
                  )
                }
              />
            </Flex>
          </Text>
        </Flex>
        <CohortLinksForm cohort={cohort} />
        <Flex direction="column" gap="3" align="start">
          <Heading as="h3" size="3">
            Courses
          </Heading>
          <Flex gap="2" wrap="wrap">
            {cohort.courses.length === 0 && <Text size="2">No courses.</Text>}
            {cohort.courses.map((course) => (
              <Badge
                key={course.id}
                size="2"
                color="gray"
                className={`lp-course-badge${course.active ? ' is-active' : ''}`}
                title={course.active ? 'Active course' : undefined}
              >
                {course.course.name}
              </Badge>
            ))}
          </Flex>
          {clientCourseActive && (
            <Button color="cyan" loading={migrate.isPending} onClick={onMigrate}>
              Migrate to server-side
            </Button>
          )}
          <FindStudentDialog cohortId={cohort.id} cohortName={cohort.name} />
          <Flex gap="2" wrap="wrap">
            <AddLearnerButton
              cohort={{ id: cohort.id, name: cohort.name }}
              cohorts={activeCohorts.data ?? []}
            />
            <RosterImportButton cohortId={cohort.id} cohortName={cohort.name} />
            <ExportCsvButton cohortId={cohort.id} />
          </Flex>
        </Flex>
      </div>
      <CohortCalendar
        cohortId={cohort.id}
        startDate={cohort.start_date}
        endDate={cohort.end_date}
        canEdit={cohort.is_instructor === 1}
      />
    </Flex>
  );
}
