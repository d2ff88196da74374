import { UNDO_WINDOW_DAYS } from '@lp/contract/learners';
import type { TagRestored } from '@lp/contract/tags';
import { addDays } from 'date-fns';
import type { FastifyInstance } from 'fastify';
import { audit } from '../../lib/audit.ts';
import { conflict, notFound } from '../../lib/http-errors.ts';
import { lockName } from '../../lib/name-lock.ts';
import { parsedJson } from '../../lib/parsed-json.ts';
import type { SignedInPerson } from '../../plugins/principal.ts';
import { recordBoardChanges } from '../board/index.ts';
import * as repo from './tags.repository.ts';

/** What a tag's deletion kept in its audit row (tags.service.ts, deleteTag). */
interface DeletedTag {
  tag: { id: number; name: string; created_at: string };
  student_tags: repo.TagLinkRow[];
}

const learners = (n: number) => `${n} ${n === 1 ? 'learner' : 'learners'}`;

/**
 * The undo of deleting a tag: the tag comes back with its id and name, on every learner who wore
 * it and still exists, with the same links (so a learner's own undo of a tagging or untagging
 * still finds them). Within UNDO_WINDOW_DAYS days of the deletion, and once: a tag that is there
 * again, or whose name has been taken since, stays as it is.
 */
export async function restoreTag(
  app: FastifyInstance,
  caller: SignedInPerson,
  id: number,
): Promise<TagRestored> {
  return app.db.transaction().execute(async (trx) => {
    const deletion = await repo.lastDeletionOf(trx, id);
    if (!deletion?.before) throw notFound('Deleted tag');
    const { tag, student_tags: links } = parsedJson(
      deletion.before as unknown as DeletedTag | string,
    );
    // Restores and creations of the same name take turns, so the checks below stay true.
    await lockName(trx, 'tag', tag.name);
    if (await repo.tagById(trx, id)) throw conflict(`The tag '${tag.name}' is there already.`);
    if (addDays(deletion.created_at, UNDO_WINDOW_DAYS).getTime() <= Date.now())
      throw conflict(
        `This can no longer be undone: a deleted tag can be restored for ${UNDO_WINDOW_DAYS} days.`,
      );
    const namesake = await repo.tagNamed(trx, tag.name);
    if (namesake)
      throw conflict(
        `A tag named '${namesake.name}' has been made since: '${tag.name}' cannot come back beside it.`,
      );
    await repo.reinsertTag(trx, tag);
    const restored = await repo.reinsertLinksOfPeopleLeft(trx, links);
    // The chip comes back on every card that wore it: their boards hear it like a tagging.
    await recordBoardChanges(
      trx,
      restored.map((link) => link.student_id),
      { kind: 'tag', summary: `tag "${tag.name}" restored`, actorId: caller.id },
    );
    await audit(trx, {
      actorId: caller.id,
      action: 'restore',
      entity: 'tag',
      entityId: id,
      after: { tag, student_tags: restored, undoes: deletion.id },
    });
    return {
      message: restored.length
        ? `Tag '${tag.name}' restored on ${learners(restored.length)}`
        : `Tag '${tag.name}' restored`,
      tag: { id: tag.id, name: tag.name },
      learners: restored.length,
    };
  });
}
