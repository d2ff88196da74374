import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { recordBoardChanges } from '../board/index.ts';
import {
  type DeliveryChange,
  deliveryChange,
  type NewRepositoryEvent,
  type RepositoryRef,
} from './delivery-changes.ts';
import * as repo from './repositories.repository.ts';

// A batch of stored deliveries processed in one transaction, with a handful of statements for
// the whole batch rather than several per delivery: a burst of pushes is worked off as fast as
// it arrives (the bench's webhook intake).

type Trx = Transaction<Database>;
type Stored = Awaited<ReturnType<typeof repo.findRepositories>>[number];

export interface PendingDelivery {
  id: string;
  event: string;
  payload: Record<string, unknown>;
  received_at: Date;
}

/** What a delivery means; a payload without what its event needs is kept, with the reason. */
function readChange(delivery: PendingDelivery): DeliveryChange {
  try {
    return deliveryChange(delivery.event, delivery.payload, delivery.received_at.toISOString());
  } catch (error) {
    if (!(error instanceof TypeError)) throw error;
    return { type: 'none', reason: `unreadable ${delivery.event} payload: ${error.message}` };
  }
}

const eventWords = (events: NewRepositoryEvent[]) =>
  events
    .map((event) =>
      event.kind === 'push'
        ? `pushed ${event.commitCount === 1 ? '1 commit' : `${event.commitCount ?? 0} commits`}`
        : event.kind === 'check'
          ? `${event.title}: ${event.state.replaceAll('_', ' ')}`
          : event.kind === 'review'
            ? `review: ${event.state.replaceAll('_', ' ')}`
            : `pull request #${event.subject} ${event.state}`,
    )
    .join(', ');

/** The stored repositories a batch names, kept up to date as its deliveries are applied. */
class RepositoriesOfBatch {
  constructor(private readonly rows: Stored[]) {}

  find(ref: RepositoryRef): Stored | undefined {
    return (
      this.rows.find((row) => row.github_id === ref.githubId) ??
      this.rows.find(
        (row) =>
          row.github_id === null && row.full_name.toLowerCase() === ref.fullName.toLowerCase(),
      )
    );
  }

  /** Brings a repository's name and address to what a delivery says, writing only a change. */
  async refresh(trx: Trx, ref: RepositoryRef, deleted?: boolean): Promise<Stored | undefined> {
    const found = this.find(ref);
    if (!found) return undefined;
    const next = {
      github_id: ref.githubId,
      full_name: ref.fullName,
      html_url: ref.url,
      default_branch: ref.defaultBranch ?? found.default_branch,
      deleted_at: deleted === undefined ? found.deleted_at : deleted ? new Date() : null,
    };
    const same =
      found.github_id === next.github_id &&
      found.full_name === next.full_name &&
      found.html_url === next.html_url &&
      found.default_branch === next.default_branch &&
      (found.deleted_at === null) === (next.deleted_at === null);
    if (same) return found;
    if (found.deleted_at && next.deleted_at) next.deleted_at = found.deleted_at;
    await repo.updateRepository(trx, found.id, next);
    Object.assign(found, next);
    return found;
  }
}

/**
 * Applies the deliveries (locked by the caller), in the order they arrived; answers each one's
 * outcome in words, and records a board change for the learners of each repository that changed.
 */
export async function applyDeliveries(trx: Trx, deliveries: PendingDelivery[]) {
  const changes = deliveries.map((delivery) => ({ id: delivery.id, change: readChange(delivery) }));
  const refs = changes.flatMap(({ change }) =>
    change.type === 'events' || change.type === 'repository' ? [change.repository] : [],
  );
  const repositories = new RepositoriesOfBatch(await repo.findRepositories(trx, refs));
  const outcomes = new Map<string, string>();
  const newEvents: Array<{ deliveryId: string; repository: Stored; event: NewRepositoryEvent }> =
    [];
  /** Per repository that changed, what the board's mark says (the latest delivery's words). */
  const changed = new Map<number, string>();

  for (const { id, change } of changes) {
    switch (change.type) {
      case 'none':
        outcomes.set(id, change.reason);
        break;
      case 'member': {
        const result = await repo.markOrganizationMember(trx, change.login);
        outcomes.set(
          id,
          result.numUpdatedRows > 0n
            ? `${change.login} joined ${change.organization}`
            : `${change.login} is not a learner waiting to join`,
        );
        break;
      }
      case 'repository': {
        const stored = await repositories.refresh(
          trx,
          change.repository,
          change.action === 'deleted',
        );
        if (!stored) {
          outcomes.set(id, `${change.repository.fullName} is not a linked repository`);
          break;
        }
        const words = `repository ${change.repository.fullName} ${change.action}`;
        outcomes.set(id, words);
        changed.set(stored.id, words);
        break;
      }
      case 'events': {
        // A delivery about a repository says nothing of its deletion: that is its own event.
        const stored = await repositories.refresh(trx, change.repository);
        if (!stored) {
          outcomes.set(id, `${change.repository.fullName} is not a linked repository`);
          break;
        }
        for (const event of change.events)
          newEvents.push({ deliveryId: id, repository: stored, event });
        outcomes.set(id, `already recorded in ${stored.full_name}`);
        break;
      }
    }
  }

  const added = await repo.addEventRows(
    trx,
    newEvents.map(({ repository, event }) => ({ repositoryId: repository.id, event })),
  );
  const wasAdded = (repositoryId: number, event: NewRepositoryEvent) =>
    added.has(`${repositoryId} ${event.kind} ${event.key}`);
  const byDelivery = new Map<string, typeof newEvents>();
  for (const item of newEvents)
    byDelivery.set(item.deliveryId, [...(byDelivery.get(item.deliveryId) ?? []), item]);
  for (const [deliveryId, items] of byDelivery) {
    const recorded = items.filter(({ repository, event }) => wasAdded(repository.id, event));
    if (recorded.length === 0) continue;
    const repository = recorded[0]!.repository;
    const words = eventWords(recorded.map(({ event }) => event));
    outcomes.set(deliveryId, `${words} in ${repository.full_name}`);
    changed.set(repository.id, words);
  }

  // The cards of the learners whose work it is change on every open board.
  // One statement per distinct summary: in a burst most say the same ('pushed 1 commit').
  const learners = await repo.learnersOfRepositories(trx, [...changed.keys()]);
  const bySummary = new Map<string, number[]>();
  for (const [repositoryId, summary] of changed)
    bySummary.set(summary, [
      ...(bySummary.get(summary) ?? []),
      ...(learners.get(repositoryId) ?? []),
    ]);
  for (const [summary, learnerIds] of bySummary)
    await recordBoardChanges(trx, [...new Set(learnerIds)], {
      kind: 'activity',
      summary,
      actorId: null,
    });
  await repo.recordOutcomes(trx, outcomes);
}

/** Selects up to `limit` waiting deliveries, oldest first, skipping those another job holds. */
export const lockWaitingDeliveries = (trx: Trx, limit: number) =>
  trx
    .selectFrom('github_deliveries')
    .select(['id', 'event', 'payload', 'received_at'])
    .where('processed_at', 'is', null)
    .orderBy('received_at')
    .orderBy('id')
    .limit(limit)
    .forUpdate()
    .skipLocked()
    .execute();
