import type { PaginatedList } from '@lp/contract/common';
import type { StudentTag, Tag } from '@lp/contract/tags';
import type { FastifyInstance } from 'fastify';
import { audit } from '../../lib/audit.ts';
import { badRequest, conflict, notFound } from '../../lib/http-errors.ts';
import { lockName } from '../../lib/name-lock.ts';
import type { SignedInPerson } from '../../plugins/principal.ts';
import { recordBoardChanges, recordLearnerChange } from '../board/index.ts';
import { lockLearner } from '../learners/index.ts';
import * as repo from './tags.repository.ts';

const page = <T>(results: T[]): PaginatedList<T> => ({
  count: results.length,
  next: null,
  previous: null,
  results,
});

export async function listTags(app: FastifyInstance) {
  return page(await repo.listTags(app.db));
}

export async function createTag(
  app: FastifyInstance,
  caller: SignedInPerson,
  rawName: string,
): Promise<Tag> {
  const name = rawName.trim();
  if (!name) throw badRequest('body.name must not be blank');
  return app.db.transaction().execute(async (trx) => {
    await lockName(trx, 'tag', name);
    const existing = await repo.tagNamed(trx, name);
    if (existing) throw conflict(`A tag named '${existing.name}' already exists.`);
    const tag = await repo.insertTag(trx, name);
    await audit(trx, {
      actorId: caller.id,
      action: 'create',
      entity: 'tag',
      entityId: tag.id,
      after: tag,
    });
    return tag;
  });
}

/** Deletes a tag for every learner wearing it; the audit row keeps the links it removed. */
export async function deleteTag(app: FastifyInstance, caller: SignedInPerson, id: number) {
  await app.db.transaction().execute(async (trx) => {
    // Locked first, so no learner is tagged with it between reading its links and deleting them.
    if (!(await repo.lockTag(trx, id))) throw notFound('Tag');
    const links = await repo.linksOfTag(trx, id);
    const removed = await repo.deleteTag(trx, id);
    if (!removed) throw notFound('Tag');
    // The chip goes from every card that wore it: their boards hear it like an untagging.
    await recordBoardChanges(
      trx,
      links.map((link) => link.student_id),
      { kind: 'tag', summary: `tag "${removed.name}" deleted`, actorId: caller.id },
    );
    await audit(trx, {
      actorId: caller.id,
      action: 'delete',
      entity: 'tag',
      entityId: id,
      before: { tag: removed, student_tags: links },
    });
  });
}

export async function listStudentTags(app: FastifyInstance, studentId: number | undefined) {
  return page(await repo.listStudentTags(app.db, studentId));
}

/** Puts a tag on a learner; returns the link and the history entry that takes it off again. */
export async function tagLearner(
  app: FastifyInstance,
  caller: SignedInPerson,
  studentId: number,
  tagId: number,
): Promise<{ link: StudentTag; historyId: number }> {
  return app.db.transaction().execute(async (trx) => {
    // The learner first: parallel taggings queue here and the later ones see the link.
    if (!(await lockLearner(trx, studentId))) throw notFound('Student');
    const tag = await repo.tagById(trx, tagId);
    if (!tag) throw notFound('Tag');
    if (await repo.studentTagOf(trx, studentId, tagId))
      throw conflict(`The learner already has the tag '${tag.name}'.`);
    const link = await repo.insertStudentTag(trx, studentId, tagId);
    const historyId = await recordLearnerChange(trx, caller.id, 'tag', {
      student_id: studentId,
      link_id: link.id,
      tag_id: tag.id,
      tag: tag.name,
    });
    return { link, historyId };
  });
}

/** Takes a tag off a learner; returns the history entry that puts it back. */
export async function untagLearner(app: FastifyInstance, caller: SignedInPerson, id: number) {
  return app.db.transaction().execute(async (trx) => {
    const removed = await repo.deleteStudentTag(trx, id);
    if (!removed) throw notFound('Student tag');
    const tag = await repo.tagById(trx, removed.tag_id);
    return recordLearnerChange(trx, caller.id, 'untag', {
      student_id: removed.student_id,
      link: { ...removed, created_at: new Date(removed.created_at).toISOString() },
      tag: tag?.name ?? '',
    });
  });
}
