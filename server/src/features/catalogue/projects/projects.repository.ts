import { sql } from 'kysely';
import type { Db } from '../../../db/schema.ts';
import { insertRows, rowsOf } from '../deleted-rows.ts';

const selectProjects = (db: Db) =>
  db
    .selectFrom('projects')
    .innerJoin('books', 'books.id', 'projects.book_id')
    .innerJoin('courses', 'courses.id', 'books.course_id')
    .select([
      'projects.id',
      'projects.name',
      'projects.index',
      'projects.active',
      'projects.is_group_project',
      'projects.is_full_stack',
      'projects.client_template_url',
      'projects.api_template_url',
      'projects.implementation_url',
      'books.id as book_id',
      'books.name as book_name',
      'courses.id as course_id',
      'courses.name as course_name',
    ]);

export type ProjectRow = Awaited<ReturnType<typeof findProject>> & {};

export interface ProjectFilter {
  courseId?: number;
  bookId?: number;
  group?: boolean;
}

export function listProjects(db: Db, filter: ProjectFilter) {
  let query = selectProjects(db);
  if (filter.courseId !== undefined) query = query.where('courses.id', '=', filter.courseId);
  if (filter.bookId !== undefined) query = query.where('books.id', '=', filter.bookId);
  if (filter.group === true) {
    query = query.where('projects.is_group_project', '=', true).where('courses.active', '=', true);
  }
  if (filter.group === false) query = query.where('projects.is_group_project', '=', false);
  return query
    .orderBy('courses.id')
    .orderBy('books.index')
    .orderBy('books.id')
    .orderBy('projects.index')
    .orderBy('projects.id')
    .execute();
}

export const findProject = (db: Db, id: number) =>
  selectProjects(db).where('projects.id', '=', id).executeTakeFirst();

const columns = [
  'id',
  'book_id',
  'name',
  'index',
  'implementation_url',
  'client_template_url',
  'api_template_url',
  'is_group_project',
  'is_full_stack',
  'active',
] as const;

/** The project's own columns, locked for the transaction's change. */
export const findProjectRow = (db: Db, id: number) =>
  db.selectFrom('projects').select(columns).where('id', '=', id).forUpdate().executeTakeFirst();

export const bookExists = async (db: Db, id: number) =>
  Boolean(await db.selectFrom('books').select('id').where('id', '=', id).executeTakeFirst());

export interface ProjectValues {
  book_id: number;
  name: string;
  index: number;
  implementation_url: string;
  client_template_url: string;
  api_template_url: string;
  is_group_project: boolean;
  is_full_stack: boolean;
  active: boolean;
}

export const insertProject = (db: Db, values: ProjectValues) =>
  db.insertInto('projects').values(values).returning(columns).executeTakeFirstOrThrow();

export const updateProject = (db: Db, id: number, values: Partial<ProjectValues>) =>
  db
    .updateTable('projects')
    .set(values)
    .where('id', '=', id)
    .returning(columns)
    .executeTakeFirstOrThrow();

/** Whether learners or teams have history with this project. */
export const projectHistory = (db: Db, projectId: number) =>
  db
    .selectNoFrom([
      sql<boolean>`exists (select 1 from student_projects where project_id = ${projectId})`.as(
        'learners',
      ),
      sql<boolean>`(
        exists (select 1 from teams where group_project_id = ${projectId})
        or exists (select 1 from group_project_repositories where project_id = ${projectId}))`.as(
        'teams',
      ),
    ])
    .executeTakeFirstOrThrow();

export const deleteProject = (db: Db, id: number) =>
  db.deleteFrom('projects').where('id', '=', id).executeTakeFirst();

/**
 * What deleting projects (one by id, or a book's by book_id) takes along: the projects, and the
 * links of learners' repositories to them, which the deletion leaves without a project.
 */
export async function projectRows(db: Db, column: 'id' | 'book_id', id: number) {
  const projects = await rowsOf(db, 'projects', column, [id]);
  const ids = projects.map((row) => Number(row.id));
  return {
    projects,
    repository_links:
      ids.length === 0
        ? []
        : await db
            .selectFrom('repository_links')
            .select(['id', 'project_id'])
            .where('project_id', 'in', ids)
            .execute(),
  };
}
export type ProjectRows = Awaited<ReturnType<typeof projectRows>>;

/** Puts deleted projects back as they were (their book is there), their repositories linked again. */
export async function insertProjectRows(db: Db, rows: ProjectRows) {
  await insertRows(db, 'projects', rows.projects);
  if (rows.repository_links.length === 0) return;
  const ids = rows.repository_links.map((link) => link.id);
  const projectIds = rows.repository_links.map((link) => link.project_id);
  await sql`
    update repository_links r set project_id = back.project_id
    from unnest(${sql.val(ids)}::int[], ${sql.val(projectIds)}::int[]) as back(id, project_id)
    where r.id = back.id and r.project_id is null`.execute(db);
}
