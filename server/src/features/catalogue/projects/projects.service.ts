import type {
  CreateProjectBody,
  Project,
  ProjectListQuery,
  UpdateProjectBody,
} from '@lp/contract/projects';
import type { FastifyInstance } from 'fastify';
import { audit } from '../../../lib/audit.ts';
import { badRequest, conflict, notFound } from '../../../lib/http-errors.ts';
import type { SignedInPerson } from '../../../plugins/principal.ts';
import { maySeeImplementationUrl } from '../catalogue.policy.ts';
import { deletedRows } from '../deleted-rows.ts';
import * as repo from './projects.repository.ts';

type Expand = Array<'book' | 'course'> | undefined;

function toProject(row: repo.ProjectRow, expand: Expand, viewer: SignedInPerson): Project {
  return {
    id: row.id,
    name: row.name,
    book: expand?.includes('book') ? { id: row.book_id, name: row.book_name } : row.book_id,
    course: expand?.includes('course')
      ? { id: row.course_id, name: row.course_name }
      : row.course_id,
    index: row.index,
    active: row.active,
    is_group_project: row.is_group_project,
    is_full_stack: row.is_full_stack,
    client_template_url: row.client_template_url,
    api_template_url: row.api_template_url,
    ...(maySeeImplementationUrl(viewer) && { implementation_url: row.implementation_url }),
  };
}

function cleanName(name: string) {
  const trimmed = name.trim();
  if (!trimmed) throw badRequest('body.name must not be blank');
  return trimmed;
}

export async function listProjects(
  app: FastifyInstance,
  viewer: SignedInPerson,
  query: ProjectListQuery,
) {
  const rows = await repo.listProjects(app.db, query);
  return rows.map((row) => toProject(row, query.expand, viewer));
}

export async function getProject(
  app: FastifyInstance,
  viewer: SignedInPerson,
  id: number,
  expand?: Expand,
): Promise<Project> {
  const row = await repo.findProject(app.db, id);
  if (!row) throw notFound('Project');
  return toProject(row, expand, viewer);
}

export async function createProject(
  app: FastifyInstance,
  actor: SignedInPerson,
  body: CreateProjectBody,
) {
  const name = cleanName(body.name);
  const id = await app.db.transaction().execute(async (trx) => {
    if (!(await repo.bookExists(trx, body.book))) throw notFound('Book');
    const project = await repo.insertProject(trx, {
      book_id: body.book,
      name,
      index: body.index,
      implementation_url: body.implementation_url ?? '',
      client_template_url: body.client_template_url ?? '',
      api_template_url: body.api_template_url ?? '',
      is_group_project: body.is_group_project ?? false,
      is_full_stack: body.is_full_stack ?? false,
      active: body.active ?? true,
    });
    await audit(trx, {
      actorId: actor.id,
      action: 'create',
      entity: 'project',
      entityId: project.id,
      after: project,
    });
    return project.id;
  });
  return getProject(app, actor, id);
}

/** Changes only the fields the body carries; everything else stays as it was. */
export async function updateProject(
  app: FastifyInstance,
  actorId: number,
  id: number,
  body: UpdateProjectBody,
) {
  const { course: _ignored, name, book, ...rest } = body;
  const values: Partial<repo.ProjectValues> = { ...rest };
  if (name !== undefined) values.name = cleanName(name);
  if (book !== undefined) values.book_id = book;
  await app.db.transaction().execute(async (trx) => {
    const before = await repo.findProjectRow(trx, id);
    if (!before) throw notFound('Project');
    if (book !== undefined && !(await repo.bookExists(trx, book))) throw notFound('Book');
    const after = Object.keys(values).length ? await repo.updateProject(trx, id, values) : before;
    await audit(trx, { actorId, action: 'update', entity: 'project', entityId: id, before, after });
  });
}

/** Deletes a project nobody has worked on; one with history is deprecated instead. */
export async function deleteProject(app: FastifyInstance, actorId: number, id: number) {
  await app.db.transaction().execute(async (trx) => {
    const before = await repo.findProjectRow(trx, id);
    if (!before) throw notFound('Project');
    const history = await repo.projectHistory(trx, id);
    if (history.learners)
      throw conflict('This project has learners assigned; deprecate it instead.');
    if (history.teams) throw conflict('Teams work on this project; deprecate it instead.');
    const rows = await repo.projectRows(trx, 'id', id);
    await repo.deleteProject(trx, id);
    await audit(trx, {
      actorId,
      action: 'delete',
      entity: 'project',
      entityId: id,
      before: { ...before, rows },
    });
  });
}

/** Undoes the project's latest deletion: the project as it was, with the same id. */
export async function restoreProject(app: FastifyInstance, actor: SignedInPerson, id: number) {
  await app.db.transaction().execute(async (trx) => {
    const rows = await deletedRows<repo.ProjectRows>(trx, 'project', id, 'project', async () =>
      Boolean(await repo.findProjectRow(trx, id)),
    );
    if (!(await repo.bookExists(trx, Number(rows.projects[0]?.book_id))))
      throw conflict("The project's book was deleted since: the project cannot come back.");
    await repo.insertProjectRows(trx, rows);
    await audit(trx, { actorId: actor.id, action: 'restore', entity: 'project', entityId: id });
  });
  return getProject(app, actor, id);
}
