import type { BookAssessment } from '@lp/contract/assessments';
import { Pencil1Icon, TrashIcon } from '@radix-ui/react-icons';
import {
  Badge,
  Button,
  Card,
  Flex,
  Heading,
  IconButton,
  Link,
  Text,
  Tooltip,
} from '@radix-ui/themes';
import { Link as RouterLink } from 'react-router';
import { errorText } from '@/lib/api-client.ts';
import { useConfirm } from '@/ui/dialog/index.ts';
import { EmptyState } from '@/ui/empty-state.tsx';
import { PageLayout } from '@/ui/page-layout.tsx';
import { QueryView } from '@/ui/query-view.tsx';
import { useToast } from '@/ui/toasts/index.ts';
import { ICON_TOOLTIP_DELAY_MS } from '@/ui/tooltip-delay.ts';
import { restoreAssessment, useAssessments, useDeleteAssessment } from '../api/assessments.ts';
import { useCatalogueChange } from '../components/catalogue-undo.ts';

function AssessmentCard({ assessment }: { assessment: BookAssessment }) {
  const remove = useDeleteAssessment();
  const confirm = useConfirm();
  const toast = useToast();
  const showChange = useCatalogueChange();

  async function onDelete() {
    const ok = await confirm({
      title: `Delete ${assessment.name}?`,
      description:
        'The self-assessment is removed from its book. One that learners have started cannot be deleted.',
      confirmLabel: 'Delete Assessment',
    });
    if (!ok) return;
    remove.mutate(assessment.id, {
      onSuccess: () =>
        showChange({
          done: `${assessment.name} deleted.`,
          undo: () => restoreAssessment(assessment.id),
          undone: `${assessment.name} is back, with its objectives.`,
        }),
      onError: (error) =>
        toast.show(errorText(error), { type: 'error', title: 'The assessment was not deleted' }),
    });
  }

  return (
    <Card asChild>
      <article aria-label={assessment.name}>
        <Flex direction="column" gap="2" height="100%">
          <Heading as="h2" size="2">
            <Link href={assessment.source_url} target="_blank" rel="noreferrer">
              {assessment.name}
            </Link>
          </Heading>
          <Heading as="h3" size="2">
            Objectives
          </Heading>
          <Flex wrap="wrap" gap="1" flexGrow="1">
            {assessment.objectives.length === 0 ? (
              <Text size="1" color="gray">
                None yet
              </Text>
            ) : (
              assessment.objectives.map((objective) => (
                <Badge key={objective.id} color="amber" variant="soft">
                  {objective.label}
                </Badge>
              ))
            )}
          </Flex>
          <Flex align="center" gap="4" mt="2">
            <Tooltip content="Edit" delayDuration={ICON_TOOLTIP_DELAY_MS}>
              <IconButton asChild variant="ghost" aria-label={`Edit ${assessment.name}`}>
                <RouterLink to={`/assessments/edit/${assessment.id}`}>
                  <Pencil1Icon />
                </RouterLink>
              </IconButton>
            </Tooltip>
            <Tooltip content="Delete" delayDuration={ICON_TOOLTIP_DELAY_MS}>
              <IconButton
                variant="ghost"
                color="red"
                aria-label={`Delete ${assessment.name}`}
                loading={remove.isPending}
                onClick={onDelete}
              >
                <TrashIcon />
              </IconButton>
            </Tooltip>
            <Text size="1" color="gray" ml="auto">
              {assessment.assigned_book.name} - {assessment.course.name}
            </Text>
          </Flex>
        </Flex>
      </article>
    </Card>
  );
}

export default function AssessmentListPage() {
  const assessments = useAssessments();
  return (
    <PageLayout
      title="Assessments"
      actions={
        <Button asChild>
          <RouterLink to="/assessments/new">Create Assessment</RouterLink>
        </Button>
      }
    >
      <QueryView query={assessments} what="assessments">
        {(list) =>
          list.length === 0 ? (
            <EmptyState
              title="No self-assessments yet"
              description="Create one for a book, or use Add Self-Assessment on the book's page."
            />
          ) : (
            <div className="lp-assessment-cards">
              {list.map((assessment) => (
                <AssessmentCard key={assessment.id} assessment={assessment} />
              ))}
            </div>
          )
        }
      </QueryView>
    </PageLayout>
  );
}
