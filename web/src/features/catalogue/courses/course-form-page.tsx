import { Checkbox, Flex, Heading, Text, TextField } from '@radix-ui/themes';
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
  deactivateCourse,
  updateCourse,
  useCourse,
  useCreateCourse,
  useUpdateCourse,
} from '../api/courses.ts';
import { FormActions } from '../components/catalogue-ui.tsx';
import { useCatalogueChange } from '../components/catalogue-undo.ts';

interface CourseFormValues {
  name: string;
  active: boolean;
}

function CourseForm({
  title,
  initial,
  saving,
  onSave,
  onCancel,
}: {
  title: string;
  initial: CourseFormValues;
  saving: boolean;
  onSave: (values: CourseFormValues) => void;
  onCancel: () => void;
}) {
  const [values, setValues] = useState(initial);
  const [error, setError] = useState('');

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!values.name.trim()) {
      showFieldErrors(event.currentTarget as HTMLFormElement, () =>
        setError('Please give the course a name.'),
      );
      return;
    }
    onSave({ ...values, name: values.name.trim() });
  }

  return (
    <form onSubmit={submit} className="lp-catalogue-form" noValidate>
      <Heading as="h2" size="5" mb="4">
        {title}
      </Heading>
      <Flex direction="column" gap="4">
        <FormField label="Course name" error={error || undefined}>
          {(control) => (
            <TextField.Root
              {...control}
              autoFocus
              required
              maxLength={75}
              value={values.name}
              onChange={(event) => {
                setError('');
                setValues({ ...values, name: event.target.value });
              }}
            />
          )}
        </FormField>
        <Text as="label" size="2">
          <Flex gap="2" align="center">
            <Checkbox
              checked={values.active}
              onCheckedChange={(checked) => setValues({ ...values, active: checked === true })}
            />
            Active
          </Flex>
        </Text>
        <FormActions saving={saving} onCancel={onCancel} />
      </Flex>
    </form>
  );
}

/** /courses/new and /courses/edit/:courseId */
export default function CourseFormPage() {
  const param = useParams().courseId;
  const courseId = idParam(param);
  const editing = param !== undefined;
  const course = useCourse(courseId, editing && Number.isInteger(courseId));
  const create = useCreateCourse();
  const update = useUpdateCourse();
  const navigate = useNavigate();
  const toast = useToast();
  const showChange = useCatalogueChange();

  if (!editing) {
    return (
      <PageLayout title="Courses" documentTitle="New Course">
        <CourseForm
          title="New Course"
          initial={{ name: '', active: true }}
          saving={create.isPending}
          onCancel={() => navigate('/courses')}
          onSave={(values) =>
            create.mutate(values, {
              onSuccess: (created) => {
                // A course is never erased (the API's delete deactivates it): undo leaves it inactive.
                showChange({
                  done: `${created.name} created.`,
                  undo: () => deactivateCourse(created.id),
                  undone: `${created.name} is inactive: courses are kept, never erased.`,
                });
                navigate(`/courses/${created.id}`);
              },
              onError: (error) => toast.show(errorText(error), { type: 'error' }),
            })
          }
        />
      </PageLayout>
    );
  }
  if (!Number.isInteger(courseId)) return <ErrorCallout error={null} what="course" />;
  if (course.isPending) return <Loading label="Loading the course…" />;
  if (course.isError) return <ErrorCallout error={course.error} what="course" />;
  const before = { name: course.data.name, active: course.data.active };
  return (
    <PageLayout title="Courses" documentTitle="Edit Course">
      <CourseForm
        title="Edit Course"
        initial={before}
        saving={update.isPending}
        onCancel={() => navigate(`/courses/${courseId}`)}
        onSave={(values) =>
          update.mutate(
            { id: courseId, ...values },
            {
              onSuccess: () => {
                showChange({
                  done: 'Course saved.',
                  undo: () => updateCourse({ id: courseId, ...before }),
                  undone: `${before.name}: changes undone.`,
                });
                navigate(`/courses/${courseId}`);
              },
              onError: (error) => toast.show(errorText(error), { type: 'error' }),
            },
          )
        }
      />
    </PageLayout>
  );
}
