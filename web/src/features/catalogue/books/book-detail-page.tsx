import type { Book } from '@lp/contract/books';
import { Button, Flex, Heading, Text } from '@radix-ui/themes';
import type { ReactNode } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { idParam } from '@/lib/urls.ts';
import { ErrorCallout } from '@/ui/error-callout.tsx';
import { PageLayout } from '@/ui/page-layout.tsx';
import { QueryView } from '@/ui/query-view.tsx';
import { restoreBook, useBook, useDeleteBook } from '../api/books.ts';
import { type ExpandedProject, useBookProjects } from '../api/projects.ts';
import { Breadcrumb, type RowKind, RowLink, RowList } from '../components/catalogue-ui.tsx';
import { useConfirmedDelete } from '../components/use-confirmed-delete.ts';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-label={title}>
      <Heading as="h2" size="3" mb="2">
        {title}
      </Heading>
      {children}
    </section>
  );
}

function ProjectRows({
  label,
  projects,
  kind,
  empty,
}: {
  label: string;
  projects: ExpandedProject[];
  kind: RowKind;
  empty: string;
}) {
  if (projects.length === 0)
    return (
      <Text as="p" size="2" color="gray" mb="4">
        {empty}
      </Text>
    );
  return (
    <RowList label={label}>
      {projects.map((project) => (
        <RowLink key={project.id} to={`/projects/${project.id}`} kind={kind}>
          {project.name}
        </RowLink>
      ))}
    </RowList>
  );
}

type DeleteBook = ReturnType<typeof useDeleteBook>;

function BookProjects({ book, remove }: { book: Book; remove: DeleteBook }) {
  const projects = useBookProjects(book.id);
  return (
    <QueryView query={projects} what="projects">
      {(list) => {
        const core = list.filter((p) => p.active && !p.is_group_project);
        const group = list.filter((p) => p.active && p.is_group_project);
        const deprecated = list.filter((p) => !p.active);
        return (
          <>
            <Section title="Core Projects">
              <ProjectRows
                label="Core Projects"
                projects={core}
                kind="core"
                empty="No core projects."
              />
            </Section>
            <Section title="Group Project">
              <ProjectRows
                label="Group Project"
                projects={group}
                kind="group"
                empty="No group project."
              />
            </Section>
            {book.has_assessment && book.assessments[0] && (
              <Section title="Assessment">
                <RowList label="Assessment">
                  <RowLink to={`/assessments/edit/${book.assessments[0].id}`} kind="assessment">
                    {book.assessments[0].name}
                  </RowLink>
                </RowList>
              </Section>
            )}
            <BookActions book={book} remove={remove} />
            {deprecated.length > 0 && (
              <Section title="Deprecated Projects">
                <ProjectRows
                  label="Deprecated Projects"
                  projects={deprecated}
                  kind="deprecated"
                  empty=""
                />
              </Section>
            )}
          </>
        );
      }}
    </QueryView>
  );
}

function BookActions({ book, remove }: { book: Book; remove: DeleteBook }) {
  const confirmedDelete = useConfirmedDelete();

  const onDelete = () =>
    confirmedDelete({
      confirm: {
        title: `Delete ${book.name}?`,
        description:
          'The book, its projects and its self-assessment are deleted. A book whose projects ' +
          'learners were assigned to cannot be deleted; deprecate its projects instead.',
        confirmLabel: 'Delete Book',
      },
      run: () => remove.mutateAsync(book.id),
      done: `${book.name} deleted.`,
      next: `/courses/${book.course.id}`,
      failedTitle: 'The book was not deleted',
      undo: {
        run: () => restoreBook(book.id),
        done: `${book.name} is back, with its projects and self-assessment.`,
      },
    });

  return (
    <Flex gap="3" wrap="wrap" align="center" mb="5">
      <Button asChild>
        <RouterLink to={`/projects/new/${book.id}`}>Add Project</RouterLink>
      </Button>
      {!book.has_assessment && (
        <Button asChild variant="soft">
          <RouterLink to="/assessments/new" state={{ bookId: book.id }}>
            Add Self-Assessment
          </RouterLink>
        </Button>
      )}
      <Flex gap="3" ml="auto">
        <Button asChild color="amber" variant="soft">
          <RouterLink to={`/books/edit/${book.id}`}>Edit Book</RouterLink>
        </Button>
        <Button color="red" loading={remove.isPending} onClick={onDelete}>
          Delete Book
        </Button>
      </Flex>
    </Flex>
  );
}

export default function BookDetailPage() {
  const bookId = idParam(useParams().bookId);
  const valid = Number.isInteger(bookId);
  const remove = useDeleteBook();
  // Once deleted, the book is not read again while the page navigates away (it would be a 404).
  const book = useBook(bookId, valid && !remove.isSuccess);
  if (!valid) return <ErrorCallout error={null} what="book" />;
  return (
    <QueryView query={book} what="book">
      {(data) => (
        <PageLayout
          documentTitle={`Book: ${data.name}`}
          title={
            <Breadcrumb
              items={[
                { label: data.course.name, to: `/courses/${data.course.id}` },
                { label: data.name },
              ]}
            />
          }
        >
          {data.description && (
            <Text as="p" size="2" color="gray" mb="4">
              {data.description}
            </Text>
          )}
          <BookProjects book={data} remove={remove} />
        </PageLayout>
      )}
    </QueryView>
  );
}
