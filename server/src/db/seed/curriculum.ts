import type { Transaction } from 'kysely';
import type { Database } from '../schema.ts';
import type { Clock } from './clock.ts';
import { type CourseSpec, csharp, javascript, learningWeights, python } from './curriculum-data.ts';
import { slugify } from './random.ts';

export interface SeededProject {
  id: number;
  name: string;
  group: boolean;
  active: boolean;
}

export interface SeededBook {
  id: number;
  index: number;
  name: string;
  assessmentId: number;
  assessmentName: string;
  /** The assessment's repository name, without its language prefix. */
  assessmentSlug: string;
  objectiveIds: number[];
  projects: SeededProject[];
}

export interface SeededCourse {
  id: number;
  name: string;
  books: SeededBook[];
}

export interface Catalogue {
  javascript: SeededCourse;
  python: SeededCourse;
  csharp: SeededCourse;
}

const repoName = (name: string) => slugify(name.replace(/^[^:]*:\s*/, ''));
const org = 'https://github.com/demo-org';

export async function seedCurriculum(trx: Transaction<Database>, clock: Clock): Promise<Catalogue> {
  const created_at = clock.at(-720, 9);
  const objectives = await trx
    .insertInto('learning_objectives')
    .values(learningWeights.map(([, label, weight, tier]) => ({ label, weight, tier })))
    .returning(['id', 'label'])
    .execute();
  const objectiveId = new Map(
    learningWeights.map(([snapshotId, label]) => [
      snapshotId,
      objectives.find((row) => row.label === label)?.id ?? 0,
    ]),
  );

  const specs = [javascript, python, csharp];
  const courses = await trx
    .insertInto('courses')
    .values(specs.map((spec) => ({ name: spec.name, active: spec.active, created_at })))
    .returning(['id', 'name'])
    .execute();
  const courseId = (spec: CourseSpec) => courses.find((row) => row.name === spec.name)?.id ?? 0;

  const books = await trx
    .insertInto('books')
    .values(
      specs.flatMap((spec) =>
        spec.books.map((book, index) => ({
          course_id: courseId(spec),
          name: book.name,
          description: book.description,
          index,
          created_at,
        })),
      ),
    )
    .returning(['id', 'course_id', 'index'])
    .execute();
  const bookId = (spec: CourseSpec, index: number) =>
    books.find((row) => row.course_id === courseId(spec) && row.index === index)?.id ?? 0;

  const projects = await trx
    .insertInto('projects')
    .values(
      specs.flatMap((spec) =>
        spec.books.flatMap((book, bookIndex) =>
          book.projects.map((project, index) => {
            const slug = repoName(project.name);
            const template = project.group && !project.apiOnly;
            const api = project.fullStack || project.apiOnly;
            return {
              book_id: bookId(spec, bookIndex),
              name: project.name,
              index,
              implementation_url: `${org}/${slug}-solution`,
              client_template_url: template ? `${org}/${slug}${api ? '-client' : ''}-template` : '',
              api_template_url: project.fullStack
                ? `${org}/${slug}-api-template`
                : api
                  ? `${org}/${slug}-template`
                  : '',
              is_group_project: project.group ?? false,
              is_full_stack: project.fullStack ?? false,
              active: !project.deprecated,
              created_at,
            };
          }),
        ),
      ),
    )
    .returning(['id', 'book_id', 'index', 'name', 'is_group_project', 'active'])
    .execute();

  const assessments = await trx
    .insertInto('assessments')
    .values(
      specs.flatMap((spec) =>
        spec.books.map((book, index) => ({
          book_id: bookId(spec, index),
          name: book.assessment,
          source_url: `https://github.com/demo-assessments/${repoName(book.assessment)}`,
          type: 'SELF' as const,
          created_at,
        })),
      ),
    )
    .returning(['id', 'book_id'])
    .execute();
  const assessmentId = (id: number) => assessments.find((row) => row.book_id === id)?.id ?? 0;

  await trx
    .insertInto('assessment_objectives')
    .values(
      specs.flatMap((spec) =>
        spec.books.flatMap((book, index) =>
          book.objectives.map((weight) => ({
            assessment_id: assessmentId(bookId(spec, index)),
            objective_id: objectiveId.get(weight) ?? 0,
          })),
        ),
      ),
    )
    .execute();

  const seeded = (spec: CourseSpec): SeededCourse => ({
    id: courseId(spec),
    name: spec.name,
    books: spec.books.map((book, index) => {
      const id = bookId(spec, index);
      return {
        id,
        index,
        name: book.name,
        assessmentId: assessmentId(id),
        assessmentName: book.assessment,
        assessmentSlug: repoName(book.assessment),
        objectiveIds: book.objectives.map((weight) => objectiveId.get(weight) ?? 0),
        projects: projects
          .filter((row) => row.book_id === id)
          .sort((a, b) => a.index - b.index)
          .map((row) => ({
            id: row.id,
            name: row.name,
            group: row.is_group_project,
            active: row.active,
          })),
      };
    }),
  });
  return { javascript: seeded(javascript), python: seeded(python), csharp: seeded(csharp) };
}
