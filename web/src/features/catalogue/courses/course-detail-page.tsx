import { Badge, Button, Flex, Text } from '@radix-ui/themes';
import { lazy, Suspense, useEffect } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { idParam } from '@/lib/urls.ts';
import { EmptyState } from '@/ui/empty-state.tsx';
import { ErrorCallout } from '@/ui/error-callout.tsx';
import { Loading } from '@/ui/loading.tsx';
import { PageLayout } from '@/ui/page-layout.tsx';
import { QueryView } from '@/ui/query-view.tsx';
import { useBooks } from '../api/books.ts';
import { updateCourse, useCourse, useDeactivateCourse } from '../api/courses.ts';
import { Breadcrumb, RowLink, RowList } from '../components/catalogue-ui.tsx';
import { useConfirmedDelete } from '../components/use-confirmed-delete.ts';
import { rememberActiveCourse } from './course-list-page.tsx';

const CourseCharts = lazy(() => import('./course-charts.tsx'));

export default function CourseDetailPage() {
  const courseId = idParam(useParams().courseId);
  const valid = Number.isInteger(courseId);
  const course = useCourse(courseId, valid);
  const books = useBooks(courseId, valid);
  const deactivate = useDeactivateCourse();
  const confirmedDelete = useConfirmedDelete();

  useEffect(() => {
    if (course.data) rememberActiveCourse(course.data);
  }, [course.data]);

  if (!valid) return <ErrorCallout error={null} what="course" />;

  const onDelete = (name: string) =>
    confirmedDelete({
      confirm: {
        title: `Delete ${name}?`,
        description:
          'The course is marked inactive and leaves the active course list. Its books, projects and ' +
          "learners' history stay, and you can make it active again from Edit Course.",
        confirmLabel: 'Delete Course',
      },
      run: () => deactivate.mutateAsync(courseId),
      done: `${name} is now inactive.`,
      next: '/courses',
      undo: {
        run: () => updateCourse({ id: courseId, active: true }),
        done: `${name} is active again.`,
      },
    });

  return (
    <QueryView query={course} what="course">
      {(data) => (
        <PageLayout
          documentTitle={`Course: ${data.name}`}
          title={
            <Flex align="center" gap="2">
              <Breadcrumb items={[{ label: 'Courses', to: '/courses' }, { label: data.name }]} />
              {!data.active && <Badge color="gray">Inactive</Badge>}
            </Flex>
          }
        >
          <QueryView query={books} what="books">
            {(list) =>
              list.length === 0 ? (
                <EmptyState
                  title="This course has no books yet"
                  description="Add its first book."
                />
              ) : (
                <RowList label="Books">
                  {list.map((book) => (
                    <RowLink
                      key={book.id}
                      to={`/books/${book.id}`}
                      meta={`${book.projects} ${book.projects === 1 ? 'project' : 'projects'}`}
                    >
                      {book.name}
                    </RowLink>
                  ))}
                </RowList>
              )
            }
          </QueryView>
          <Flex gap="3" wrap="wrap" align="center">
            <Button asChild>
              <RouterLink to={`/books/new/${courseId}`}>Add Book</RouterLink>
            </Button>
            <Flex gap="3" ml="auto">
              <Button asChild color="amber" variant="soft">
                <RouterLink to={`/courses/edit/${courseId}`}>Edit Course</RouterLink>
              </Button>
              {data.active && (
                <Button
                  color="red"
                  loading={deactivate.isPending}
                  onClick={() => onDelete(data.name)}
                >
                  Delete Course
                </Button>
              )}
            </Flex>
          </Flex>
          {!data.active && (
            <Text as="p" size="2" color="gray" mt="3">
              This course is inactive. Edit it to make it active again.
            </Text>
          )}
          <Suspense fallback={<Loading label="Loading the charts…" />}>
            <CourseCharts courseId={courseId} />
          </Suspense>
        </PageLayout>
      )}
    </QueryView>
  );
}
