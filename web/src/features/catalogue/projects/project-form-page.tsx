import { useNavigate, useParams } from 'react-router';
import { errorText } from '@/lib/api-client.ts';
import { idParam } from '@/lib/urls.ts';
import { ErrorCallout } from '@/ui/error-callout.tsx';
import { Loading } from '@/ui/loading.tsx';
import { PageLayout } from '@/ui/page-layout.tsx';
import { useToast } from '@/ui/toasts/index.ts';
import { useBook } from '../api/books.ts';
import {
  deleteProject,
  updateProject,
  useCreateProject,
  useProject,
  useUpdateProject,
} from '../api/projects.ts';
import { useCatalogueChange } from '../components/catalogue-undo.ts';
import { ProjectForm } from './project-form.tsx';
import { EMPTY_PROJECT, formValues, projectFields } from './project-form-model.ts';

function NewProject({ bookId }: { bookId: number }) {
  const book = useBook(bookId);
  const create = useCreateProject();
  const navigate = useNavigate();
  const toast = useToast();
  const showChange = useCatalogueChange();
  if (book.isPending) return <Loading label="Loading the book…" />;
  if (book.isError) return <ErrorCallout error={book.error} what="book" />;
  return (
    <ProjectForm
      title={`${book.data.course.name} > ${book.data.name} > New Project`}
      initial={EMPTY_PROJECT}
      saving={create.isPending}
      onCancel={() => navigate(`/books/${bookId}`)}
      onSave={(fields) =>
        create.mutate(
          { ...fields, book: bookId },
          {
            onSuccess: (project) => {
              showChange({
                done: `${project.name} added.`,
                undo: () => deleteProject(project.id),
                undone: `${project.name} removed again.`,
              });
              navigate(`/books/${bookId}`);
            },
            onError: (error) => toast.show(errorText(error), { type: 'error' }),
          },
        )
      }
    />
  );
}

function EditProject({ projectId }: { projectId: number }) {
  const project = useProject(projectId);
  const update = useUpdateProject();
  const navigate = useNavigate();
  const toast = useToast();
  const showChange = useCatalogueChange();
  if (project.isPending) return <Loading label="Loading the project…" />;
  if (project.isError) return <ErrorCallout error={project.error} what="project" />;
  const { book, course } = project.data;
  const before = formValues(project.data);
  return (
    <ProjectForm
      title={`${course.name} > ${book.name} > Edit ${project.data.name}`}
      initial={before}
      saving={update.isPending}
      onCancel={() => navigate(`/books/${book.id}`)}
      onSave={(fields) =>
        update.mutate(
          { id: projectId, ...fields },
          {
            onSuccess: () => {
              showChange({
                done: 'Project saved.',
                undo: () => updateProject({ id: projectId, ...projectFields(before) }),
                undone: `${before.name}: changes undone.`,
              });
              navigate(`/books/${book.id}`);
            },
            onError: (error) => toast.show(errorText(error), { type: 'error' }),
          },
        )
      }
    />
  );
}

/** /projects/new/:bookId and /projects/edit/:projectId; after saving, back to the book. */
export default function ProjectFormPage() {
  const params = useParams();
  const bookId = idParam(params.bookId);
  const projectId = idParam(params.projectId);
  let body = <ErrorCallout error={null} what="project" />;
  if (params.bookId !== undefined && Number.isInteger(bookId))
    body = <NewProject bookId={bookId} />;
  if (params.projectId !== undefined && Number.isInteger(projectId))
    body = <EditProject projectId={projectId} />;
  const screen = params.projectId !== undefined ? 'Edit Project' : 'New Project';
  return (
    <PageLayout title="Projects" documentTitle={screen}>
      {body}
    </PageLayout>
  );
}
