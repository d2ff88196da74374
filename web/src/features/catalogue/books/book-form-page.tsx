import type { Book } from '@lp/contract/books';
import { Flex, Heading, TextArea, TextField } from '@radix-ui/themes';
import { type FormEvent, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { errorText } from '@/lib/api-client.ts';
import { idParam } from '@/lib/urls.ts';
import { ErrorCallout } from '@/ui/error-callout.tsx';
import { FormField, showFieldErrors } from '@/ui/form-field.tsx';
import { Loading } from '@/ui/loading.tsx';
import { PageLayout } from '@/ui/page-layout.tsx';
import { useToast } from '@/ui/toasts/index.ts';
import {
  deleteBook,
  getBook,
  updateBook,
  useBook,
  useBooks,
  useCreateBook,
  useUpdateBook,
} from '../api/books.ts';
import { useCourse } from '../api/courses.ts';
import { FormActions } from '../components/catalogue-ui.tsx';
import { useCatalogueChange } from '../components/catalogue-undo.ts';

interface BookFormValues {
  name: string;
  description: string;
  index: string;
}

function BookForm({
  title,
  initial,
  saving,
  onSave,
  onCancel,
}: {
  title: string;
  initial: BookFormValues;
  saving: boolean;
  onSave: (values: { name: string; description: string; index: number }) => void;
  onCancel: () => void;
}) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<{ name?: string; index?: string }>({});
  const set = (patch: Partial<BookFormValues>) => {
    setValues({ ...values, ...patch });
    setErrors({});
  };

  function submit(event: FormEvent) {
    event.preventDefault();
    const index = Number(values.index);
    const found = {
      ...(!values.name.trim() && { name: 'Please give the book a name.' }),
      ...((values.index.trim() === '' || !Number.isInteger(index) || index < 0) && {
        index: 'The position is a whole number from 0.',
      }),
    };
    if (found.name || found.index) {
      showFieldErrors(event.currentTarget as HTMLFormElement, () => setErrors(found));
      return;
    }
    onSave({ name: values.name.trim(), description: values.description.trim(), index });
  }

  return (
    <form onSubmit={submit} className="lp-catalogue-form" noValidate>
      <Heading as="h2" size="5" mb="4">
        {title}
      </Heading>
      <Flex direction="column" gap="4">
        <FormField label="Book name" error={errors.name}>
          {(control) => (
            <TextField.Root
              {...control}
              autoFocus
              required
              maxLength={75}
              value={values.name}
              onChange={(event) => set({ name: event.target.value })}
            />
          )}
        </FormField>
        <FormField label="Description">
          {(control) => (
            <TextArea
              {...control}
              value={values.description}
              maxLength={5000}
              onChange={(event) => set({ description: event.target.value })}
            />
          )}
        </FormField>
        <FormField
          label="Position in course"
          error={errors.index}
          note="Order in course starting at 0"
        >
          {(control) => (
            <TextField.Root
              {...control}
              type="number"
              min={0}
              style={{ width: '6rem' }}
              value={values.index}
              onChange={(event) => set({ index: event.target.value })}
            />
          )}
        </FormField>
        <FormActions saving={saving} onCancel={onCancel} />
      </Flex>
    </form>
  );
}

const nextIndex = (books: Book[]) =>
  books.reduce((highest, book) => Math.max(highest, book.index + 1), 0);

/** Undoes adding a book while it is still empty: deleting it would take what was added since. */
async function removeNewBook(id: number) {
  const book = await getBook(id);
  if (book.projects > 0 || book.has_assessment)
    throw new Error(`${book.name} has projects or a self-assessment now: delete those first.`);
  await deleteBook(id);
}

function NewBook({ courseId }: { courseId: number }) {
  const course = useCourse(courseId);
  const books = useBooks(courseId);
  const create = useCreateBook();
  const navigate = useNavigate();
  const toast = useToast();
  const showChange = useCatalogueChange();
  if (course.isPending || books.isPending) return <Loading label="Loading the course…" />;
  if (course.isError) return <ErrorCallout error={course.error} what="course" />;
  if (books.isError) return <ErrorCallout error={books.error} what="books" />;
  return (
    <BookForm
      title={`New Book for ${course.data.name} Course`}
      initial={{ name: '', description: '', index: String(nextIndex(books.data)) }}
      saving={create.isPending}
      onCancel={() => navigate(`/courses/${courseId}`)}
      onSave={(values) =>
        create.mutate(
          { ...values, course: courseId },
          {
            onSuccess: (book) => {
              showChange({
                done: `${book.name} added.`,
                undo: () => removeNewBook(book.id),
                undone: `${book.name} removed again.`,
              });
              navigate(`/courses/${courseId}`);
            },
            onError: (error) => toast.show(errorText(error), { type: 'error' }),
          },
        )
      }
    />
  );
}

function EditBook({ bookId }: { bookId: number }) {
  const book = useBook(bookId);
  const update = useUpdateBook();
  const navigate = useNavigate();
  const toast = useToast();
  const showChange = useCatalogueChange();
  if (book.isPending) return <Loading label="Loading the book…" />;
  if (book.isError) return <ErrorCallout error={book.error} what="book" />;
  const courseId = book.data.course.id;
  const { name, description, index } = book.data;
  return (
    <BookForm
      title="Update Book"
      initial={{
        name: book.data.name,
        description: book.data.description,
        index: String(book.data.index),
      }}
      saving={update.isPending}
      onCancel={() => navigate(`/courses/${courseId}`)}
      onSave={(values) =>
        update.mutate(
          { id: bookId, ...values },
          {
            onSuccess: () => {
              showChange({
                done: 'Book saved.',
                undo: () => updateBook({ id: bookId, name, description, index }),
                undone: `${name}: changes undone.`,
              });
              navigate(`/courses/${courseId}`);
            },
            onError: (error) => toast.show(errorText(error), { type: 'error' }),
          },
        )
      }
    />
  );
}

/** /books/new/:courseId and /books/edit/:bookId; after saving, back to the course. */
export default function BookFormPage() {
  const params = useParams();
  const courseId = idParam(params.courseId);
  const bookId = idParam(params.bookId);
  let body = <ErrorCallout error={null} what="book" />;
  if (params.courseId !== undefined && Number.isInteger(courseId))
    body = <NewBook courseId={courseId} />;
  if (params.bookId !== undefined && Number.isInteger(bookId)) body = <EditBook bookId={bookId} />;
  const screen = params.bookId !== undefined ? 'Edit Book' : 'New Book';
  return (
    <PageLayout title="Books" documentTitle={screen}>
      {body}
    </PageLayout>
  );
}
