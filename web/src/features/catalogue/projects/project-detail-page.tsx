import { Badge, Button, DataList, Flex, Link } from '@radix-ui/themes';
import { Link as RouterLink, useParams } from 'react-router';
import { idParam } from '@/lib/urls.ts';
import { ErrorCallout } from '@/ui/error-callout.tsx';
import { PageLayout } from '@/ui/page-layout.tsx';
import { QueryView } from '@/ui/query-view.tsx';
import {
  type ExpandedProject,
  restoreProject,
  useDeleteProject,
  useProject,
} from '../api/projects.ts';
import { Breadcrumb } from '../components/catalogue-ui.tsx';
import { useConfirmedDelete } from '../components/use-confirmed-delete.ts';

function UrlItem({ label, url }: { label: string; url: string }) {
  return (
    <DataList.Item>
      <DataList.Label>{label}</DataList.Label>
      <DataList.Value>
        <Link href={url} target="_blank" rel="noreferrer">
          {url}
        </Link>
      </DataList.Value>
    </DataList.Item>
  );
}

function ProjectInfo({ project }: { project: ExpandedProject }) {
  return (
    <DataList.Root mb="5">
      <DataList.Item>
        <DataList.Label>Name:</DataList.Label>
        <DataList.Value>{project.name}</DataList.Value>
      </DataList.Item>
      <DataList.Item>
        <DataList.Label>Type:</DataList.Label>
        <DataList.Value>
          <Flex gap="2" align="center">
            <span>{project.is_group_project ? 'Group project' : 'Book project'}</span>
            {project.is_group_project && project.is_full_stack && <Badge>Full stack</Badge>}
            {!project.active && <Badge color="red">Deprecated</Badge>}
          </Flex>
        </DataList.Value>
      </DataList.Item>
      <DataList.Item>
        <DataList.Label>Position in book:</DataList.Label>
        <DataList.Value>{project.index}</DataList.Value>
      </DataList.Item>
      {project.is_group_project && project.client_template_url && (
        <UrlItem label="Client side template URL" url={project.client_template_url} />
      )}
      {project.is_group_project && project.api_template_url && (
        <UrlItem label="API template URL" url={project.api_template_url} />
      )}
      {project.implementation_url && (
        <UrlItem label="Implementation URL" url={project.implementation_url} />
      )}
    </DataList.Root>
  );
}

export default function ProjectDetailPage() {
  const projectId = idParam(useParams().projectId);
  const valid = Number.isInteger(projectId);
  const remove = useDeleteProject();
  // Once deleted, the project is not read again while the page navigates away (it would be a 404).
  const project = useProject(projectId, valid && !remove.isSuccess);
  const confirmedDelete = useConfirmedDelete();
  if (!valid) return <ErrorCallout error={null} what="project" />;

  const onDelete = (data: ExpandedProject) =>
    confirmedDelete({
      confirm: {
        title: `Delete ${data.name}?`,
        description:
          'A project that learners were assigned to cannot be deleted: untick Active on its edit ' +
          'screen to deprecate it instead.',
        confirmLabel: 'Delete Project',
      },
      run: () => remove.mutateAsync(data.id),
      done: `${data.name} deleted.`,
      next: `/books/${data.book.id}`,
      failedTitle: 'The project was not deleted',
      undo: { run: () => restoreProject(data.id), done: `${data.name} is back.` },
    });

  return (
    <QueryView query={project} what="project">
      {(data) => (
        <PageLayout
          documentTitle={`Project: ${data.name}`}
          title={
            <Breadcrumb
              items={[
                { label: data.course.name, to: `/courses/${data.course.id}` },
                { label: data.book.name, to: `/books/${data.book.id}` },
                { label: data.name },
              ]}
            />
          }
        >
          <ProjectInfo project={data} />
          <Flex gap="3">
            <Button asChild color="amber" variant="soft">
              <RouterLink to={`/projects/edit/${data.id}`}>Edit Project</RouterLink>
            </Button>
            <Button color="red" loading={remove.isPending} onClick={() => onDelete(data)}>
              Delete Project
            </Button>
          </Flex>
        </PageLayout>
      )}
    </QueryView>
  );
}
