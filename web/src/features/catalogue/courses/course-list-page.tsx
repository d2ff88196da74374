import { STORAGE_KEYS } from '@lp/contract/constants';
import type { Course } from '@lp/contract/courses';
import { Button, Flex, Heading } from '@radix-ui/themes';
import { Link as RouterLink } from 'react-router';
import { EmptyState } from '@/ui/empty-state.tsx';
import { PageLayout } from '@/ui/page-layout.tsx';
import { QueryView } from '@/ui/query-view.tsx';
import { useAllCourses } from '../api/courses.ts';
import { RowLink, RowList } from '../components/catalogue-ui.tsx';

/** Remembers the course last opened (spec §3: activeCourse in local storage). */
export function rememberActiveCourse(course: Pick<Course, 'id' | 'name'>) {
  try {
    window.localStorage.setItem(
      STORAGE_KEYS.activeCourse,
      JSON.stringify({ id: course.id, name: course.name }),
    );
  } catch {
    // Storage may be unavailable (private mode); the URL still names the course.
  }
}

const bookCount = (course: Course) =>
  `${course.books.length} ${course.books.length === 1 ? 'book' : 'books'}`;

function CourseRows({ label, courses }: { label: string; courses: Course[] }) {
  return (
    <RowList label={label}>
      {courses.map((course) => (
        <RowLink
          key={course.id}
          to={`/courses/${course.id}`}
          kind={course.active ? 'core' : 'inactive'}
          meta={bookCount(course)}
          onClick={() => rememberActiveCourse(course)}
        >
          {course.name}
        </RowLink>
      ))}
    </RowList>
  );
}

export default function CourseListPage() {
  const courses = useAllCourses();
  return (
    <PageLayout
      title="Courses"
      actions={
        <>
          <Button asChild variant="soft">
            <RouterLink to="/assessments">Self-Assessments</RouterLink>
          </Button>
          <Button asChild variant="soft">
            <RouterLink to="/objectives">Learning Objectives</RouterLink>
          </Button>
          <Button asChild variant="soft">
            <RouterLink to="/tags">Tags</RouterLink>
          </Button>
        </>
      }
    >
      <QueryView query={courses} what="courses">
        {(list) => {
          const active = list.filter((course) => course.active);
          const inactive = list.filter((course) => !course.active);
          return (
            <>
              {list.length === 0 && (
                <EmptyState
                  title="No courses yet"
                  description="Create the first course, then add its books and projects."
                />
              )}
              {active.length > 0 && <CourseRows label="Active courses" courses={active} />}
              {inactive.length > 0 && (
                <>
                  <Heading as="h2" size="3" mb="2" color="gray">
                    Inactive Courses
                  </Heading>
                  <CourseRows label="Inactive courses" courses={inactive} />
                </>
              )}
            </>
          );
        }}
      </QueryView>
      <Flex gap="3" mt="2">
        <Button asChild>
          <RouterLink to="/courses/new">Create Course</RouterLink>
        </Button>
      </Flex>
    </PageLayout>
  );
}
