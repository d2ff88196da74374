import type { BookAssessment } from '@lp/contract/assessments';
import { useLocation, useNavigate, useParams } from 'react-router';
import { errorText } from '@/lib/api-client.ts';
import { idParam } from '@/lib/urls.ts';
import { ErrorCallout } from '@/ui/error-callout.tsx';
import { Loading } from '@/ui/loading.tsx';
import { PageLayout } from '@/ui/page-layout.tsx';
import { useToast } from '@/ui/toasts/index.ts';
import {
  deleteAssessment,
  updateBookAssessment,
  useBookAssessment,
  useCreateAssessment,
  useUpdateBookAssessment,
} from '../api/assessments.ts';
import { useBooks } from '../api/books.ts';
import { useObjectives } from '../api/objectives.ts';
import { useCatalogueChange } from '../components/catalogue-undo.ts';
import { AssessmentForm, type AssessmentFormValues } from './assessment-form.tsx';

/** /assessments/new (the book may come as navigation state) and /assessments/edit/:assessmentId */
export default function AssessmentFormPage() {
  const param = useParams().assessmentId;
  const assessmentId = idParam(param);
  const editing = param !== undefined;
  const presetBook = (useLocation().state as { bookId?: unknown } | null)?.bookId;
  const books = useBooks();
  const objectives = useObjectives();
  const existing = useBookAssessment(assessmentId, editing && Number.isInteger(assessmentId));
  const create = useCreateAssessment();
  const update = useUpdateBookAssessment();
  const navigate = useNavigate();
  const toast = useToast();
  const showChange = useCatalogueChange();

  const title = editing ? 'Edit Assessment' : 'New Assessment';
  const leave = (bookId: number) => navigate(bookId ? `/books/${bookId}` : '/assessments');

  function content() {
    if (editing && !Number.isInteger(assessmentId))
      return <ErrorCallout error={null} what="assessment" />;
    if (books.isPending || objectives.isPending || (editing && existing.isPending))
      return <Loading label="Loading the form…" />;
    if (books.isError) return <ErrorCallout error={books.error} what="books" />;
    if (objectives.isError)
      return <ErrorCallout error={objectives.error} what="learning objectives" />;
    if (editing && existing.isError)
      return <ErrorCallout error={existing.error} what="assessment" />;

    const initial: AssessmentFormValues =
      editing && existing.data
        ? {
            bookId: existing.data.assigned_book.id,
            name: existing.data.name,
            sourceURL: existing.data.source_url,
            objectives: existing.data.objectives.map((objective) => objective.id),
          }
        : {
            bookId: typeof presetBook === 'number' ? presetBook : 0,
            name: '',
            sourceURL: '',
            objectives: [],
          };

    const onError = (error: unknown) => toast.show(errorText(error), { type: 'error' });
    const updated = (bookId: number) => ({
      onSuccess: () => {
        showChange({
          done: 'Assessment updated.',
          undo: () => updateBookAssessment({ id: assessmentId, ...initial }),
          undone: `${initial.name}: changes undone.`,
        });
        leave(bookId);
      },
      onError,
    });
    const created = (bookId: number) => ({
      onSuccess: (assessment: BookAssessment) => {
        showChange({
          done: 'Assessment created.',
          undo: () => deleteAssessment(assessment.id),
          undone: `${assessment.name} removed again.`,
        });
        leave(bookId);
      },
      onError,
    });

    return (
      <AssessmentForm
        editing={editing}
        initial={initial}
        books={books.data}
        objectives={objectives.data}
        saving={create.isPending || update.isPending}
        onCancel={leave}
        onSave={(values) =>
          editing
            ? update.mutate({ id: assessmentId, ...values }, updated(values.bookId))
            : create.mutate(values, created(values.bookId))
        }
      />
    );
  }

  return <PageLayout title={title}>{content()}</PageLayout>;
}
