import {
  type ClearResult,
  type CohortRef,
  type DeleteResult,
  type HistoryItem,
  type TransferResult,
  UNDO_WINDOW_DAYS,
  type UndoResult,
} from '@lp/contract/learners';
import { addHours } from 'date-fns';
import type { FastifyInstance } from 'fastify';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { audit, redactPersonHistory } from '../../lib/audit.ts';
import { isoTimestamp } from '../../lib/dates.ts';
import { conflict, HttpError, notFound } from '../../lib/http-errors.ts';
import { fullName } from '../../lib/names.ts';
import type { SignedInPerson } from '../../plugins/principal.ts';
import {
  forgetLearnerChanges,
  isBoardChange,
  recordBoardChange,
  summarizeBoardChange,
  undoBoardChange,
} from '../board/index.ts';
import { firstProjectOfCohort } from '../cohorts/index.ts';
import * as repo from './learner-changes.repository.ts';
import { findLearner, type LearnerRow, lockLearner } from './learner-lock.ts';
import { studentNotFound } from './learners.service.ts';

type Trx = Transaction<Database>;
const undoUntil = (at: Date) => addHours(at, UNDO_WINDOW_DAYS * 24);

async function lockOrFail(trx: Trx, id: number): Promise<LearnerRow> {
  const learner = await lockLearner(trx, id);
  if (!learner) throw studentNotFound();
  return learner;
}

const ref = (learner: LearnerRow) => ({ id: learner.id, name: fullName(learner) });

/**
 * "Clear Student Data": removes progress, tags and memberships; the audit row keeps every row.
 * A learner with nothing left to clear is answered so, and nothing is written: repeated or
 * parallel clears leave one history entry to undo, not a trail of empty ones.
 */
export async function clearLearner(
  app: FastifyInstance,
  caller: SignedInPerson,
  id: number,
): Promise<ClearResult> {
  return app.db.transaction().execute(async (trx) => {
    const learner = await lockOrFail(trx, id);
    const current = await repo.currentMembership(trx, id);
    const rows = await repo.snapshotProgress(trx, id);
    const removed = repo.countSnapshot(rows);
    if (Object.values(removed).every((count) => count === 0)) {
      return {
        message: `${fullName(learner)} has no data left to clear: nothing was changed.`,
        learner: ref(learner),
        left_cohort: null,
        removed,
        history_id: null,
        undo_until: null,
      };
    }
    await repo.deleteProgress(trx, id);
    const leftCohort = current ? { id: current.cohort_id, name: current.cohort_name } : null;
    await recordBoardChange(trx, {
      studentId: id,
      kind: 'cleared',
      summary: 'data cleared',
      actorId: caller.id,
      cohortIds: current ? [current.cohort_id] : [],
    });
    const historyId = await audit(trx, {
      actorId: caller.id,
      action: 'clear',
      entity: 'learner',
      entityId: id,
      before: { learner: ref(learner), rows },
      after: { removed, left_cohort: leftCohort },
    });
    return {
      message: `${fullName(learner)}'s data was cleared.`,
      learner: ref(learner),
      left_cohort: leftCohort,
      removed,
      history_id: historyId,
      undo_until: isoTimestamp(undoUntil(new Date())),
    };
  });
}

/** "Delete Student Permanently": the person and everything about them. Not undoable. */
export async function deleteLearner(
  app: FastifyInstance,
  caller: SignedInPerson,
  id: number,
  /** A rule of the caller's, checked with the learner locked (throws to refuse). */
  onlyIf?: (trx: Trx, learner: LearnerRow) => Promise<void>,
): Promise<DeleteResult> {
  const result = await app.db.transaction().execute(async (trx) => {
    const learner = await lockOrFail(trx, id);
    await onlyIf?.(trx, learner);
    const person = await repo.personRow(trx, id);
    const removed = {
      ...repo.countSnapshot(await repo.snapshotProgress(trx, id)),
      ...(await repo.countNotesAndFeedback(trx, id)),
    };
    // Recorded while the learner still belongs to their cohort.
    await forgetLearnerChanges(trx, id);
    await recordBoardChange(trx, {
      studentId: id,
      kind: 'deleted',
      summary: 'deleted permanently',
      actorId: caller.id,
    });
    await repo.deletePerson(trx, id);
    await redactPersonHistory(trx, id);
    // Only who it was and how much went: the point of a permanent delete is not to keep the data.
    await audit(trx, {
      actorId: caller.id,
      action: 'delete',
      entity: 'learner',
      entityId: id,
      before: { learner: { ...ref(learner), username: person.username }, removed },
    });
    return {
      message: `${fullName(learner)} was removed from the Learning Platform.`,
      learner: ref(learner),
      removed,
    };
  });
  // Their tokens went with them: answered once the change feed heard it (tokens), so no
  // process's remembered check outlives them.
  await app.changes.settled();
  return result;
}

interface TransferRecord {
  from: CohortRef | null;
  to: CohortRef;
  membership_id: number;
  ended_membership_id: number | null;
  assigned_project: { assignment_id: number; id: number; name: string } | null;
}

/**
 * Moves a learner to another cohort and keeps their history: the current membership ends, a new
 * one starts. They get the target's first project only when none of their projects belongs to a
 * course of the target cohort (someone moving between cohorts of the same course keeps working
 * where they are).
 */
export async function transferLearner(
  app: FastifyInstance,
  caller: SignedInPerson,
  id: number,
  cohortId: number,
): Promise<TransferResult> {
  return app.db.transaction().execute(async (trx) => {
    const learner = await lockOrFail(trx, id);
    const target = await repo.cohortRef(trx, cohortId);
    if (!target) throw notFound('Cohort');
    const current = await repo.currentMembership(trx, id);
    if (current?.cohort_id === cohortId)
      throw conflict(`${fullName(learner)} is already in ${target.name}.`);
    const ended = current ? await repo.endMembership(trx, current.id) : null;
    const membership = await repo.startMembership(trx, id, cohortId);
    let assigned: TransferRecord['assigned_project'] = null;
    if (!(await repo.hasProjectInCohortCourses(trx, id, cohortId))) {
      const first = await firstProjectOfCohort(trx, cohortId);
      if (first) {
        const row = await repo.assignProject(trx, id, first.id, caller.id);
        assigned = { assignment_id: row.id, id: first.id, name: first.name };
      }
    }
    if (current)
      await recordBoardChange(trx, {
        studentId: id,
        kind: 'transfer-out',
        summary: `transferred to ${target.name}`,
        actorId: caller.id,
        cohortIds: [current.cohort_id],
      });
    await recordBoardChange(trx, {
      studentId: id,
      kind: 'transfer-in',
      summary: current ? `transferred from ${current.cohort_name}` : 'joined the cohort',
      actorId: caller.id,
      cohortIds: [cohortId],
    });
    const record: TransferRecord = {
      from: current ? { id: current.cohort_id, name: current.cohort_name } : null,
      to: target,
      membership_id: membership.id,
      ended_membership_id: ended?.id ?? null,
      assigned_project: assigned,
    };
    const historyId = await audit(trx, {
      actorId: caller.id,
      action: 'transfer',
      entity: 'learner',
      entityId: id,
      before: { membership: current ?? null },
      after: record,
    });
    return {
      message: 'Student transferred',
      learner: ref(learner),
      from: record.from,
      to: target,
      assigned_project: assigned && { id: assigned.id, name: assigned.name },
      history_id: historyId,
      undo_until: isoTimestamp(undoUntil(new Date())),
    };
  });
}

function summarize(action: string, after: Record<string, unknown> | null): string {
  if (isBoardChange(action)) return summarizeBoardChange(action, after);
  if (action === 'transfer') {
    const record = after as unknown as TransferRecord;
    return record.from
      ? `Transferred from ${record.from.name} to ${record.to.name}`
      : `Transferred to ${record.to.name}`;
  }
  const removed = (after?.removed ?? {}) as Record<string, number>;
  const left = after?.left_cohort as CohortRef | null;
  const parts = [
    [removed.projects, 'project'],
    [removed.assessments, 'assessment'],
    [removed.learning_records, 'learning record'],
    [removed.core_skill_records, 'core skill rating'],
    [removed.capstones, 'capstone'],
    [removed.tags, 'tag'],
  ]
    .filter(([count]) => Number(count) > 0)
    .map(([count, noun]) => `${count} ${noun}${count === 1 ? '' : 's'}`);
  const what = parts.length ? parts.join(', ') : 'no progress';
  return `Cleared ${what}${left ? `; left ${left.name}` : ''}`;
}

export async function learnerHistory(app: FastifyInstance, id: number): Promise<HistoryItem[]> {
  if (!(await findLearner(app.db, id))) throw studentNotFound();
  const rows = await repo.historyOf(app.db, id).execute();
  const now = Date.now();
  return rows.map((row) => {
    const until = undoUntil(row.created_at);
    const undoneAt = row.undone_at ? new Date(row.undone_at) : null;
    return {
      id: row.id,
      action: row.action as HistoryItem['action'],
      summary: summarize(row.action, row.after),
      actor: row.actor,
      created_at: isoTimestamp(row.created_at),
      undo_until: isoTimestamp(until),
      undone_at: undoneAt ? isoTimestamp(undoneAt) : null,
      can_undo: !undoneAt && until.getTime() > now,
    };
  });
}

/** Undoes a change of the learner's history, once, within UNDO_WINDOW_DAYS days. */
export async function undoChange(
  app: FastifyInstance,
  caller: SignedInPerson,
  id: number,
  historyId: number,
): Promise<UndoResult> {
  try {
    return await app.db.transaction().execute(async (trx) => {
      const learner = await lockOrFail(trx, id);
      const before = await repo.currentMembership(trx, id);
      const entry = await repo.historyEntry(trx, id, historyId);
      if (!entry) throw notFound('History entry');
      if (entry.undone_at) throw conflict('This has already been undone.');
      if (undoUntil(entry.created_at).getTime() <= Date.now())
        throw conflict(
          `This can no longer be undone: undo is possible for ${UNDO_WINDOW_DAYS} days.`,
        );
      let message: string;
      if (isBoardChange(entry.action))
        message = await undoBoardChange(trx, learner, entry.action, entry.after);
      else if (entry.action === 'clear') {
        await undoClear(trx, learner, entry.before);
        message = 'Student data restored';
      } else {
        await undoTransfer(trx, learner, entry.after as unknown as TransferRecord);
        message = 'Transfer undone';
      }
      await audit(trx, {
        actorId: caller.id,
        action: 'undo',
        entity: 'learner',
        entityId: id,
        after: { undoes: historyId, action: entry.action },
      });
      const current = await repo.currentMembership(trx, id);
      // Both boards hear of it when the undo moved the learner between cohorts.
      await recordBoardChange(trx, {
        studentId: id,
        kind: 'undo',
        summary: message.toLowerCase(),
        actorId: caller.id,
        cohortIds: [...new Set([before?.cohort_id, current?.cohort_id])].filter(
          (cohort): cohort is number => cohort !== undefined,
        ),
      });
      return {
        message,
        learner: ref(learner),
        current_cohort: current ? { id: current.cohort_id, name: current.cohort_name } : null,
      };
    });
  } catch (error) {
    // A row the undo would put back collides with, or refers to something gone since.
    const code = (error as { code?: string }).code;
    if (code === '23505' || code === '23503')
      throw conflict(
        'The learner has changed since, and the old data would collide with the new: it cannot be restored exactly.',
      );
    throw error;
  }
}

async function undoClear(trx: Trx, learner: LearnerRow, before: Record<string, unknown> | null) {
  const rows = (before?.rows ?? {}) as repo.ProgressSnapshot;
  const wasMember = (rows.cohort_memberships ?? []).some((row) => row.left_at === null);
  const current = await repo.currentMembership(trx, learner.id);
  if (wasMember && current)
    throw conflict(
      `${fullName(learner)} is in ${current.cohort_name} now: the cleared data cannot be restored while they are in another cohort.`,
    );
  await repo.restoreProgress(trx, rows);
}

async function undoTransfer(trx: Trx, learner: LearnerRow, record: TransferRecord) {
  const current = await repo.currentMembership(trx, learner.id);
  if (current?.id !== record.membership_id)
    throw conflict(
      `${fullName(learner)} has ${current ? `moved to ${current.cohort_name}` : 'left the cohort'} since: this transfer can no longer be undone.`,
    );
  await repo.deleteMembership(trx, record.membership_id);
  if (record.assigned_project)
    await repo.deleteAssignment(trx, record.assigned_project.assignment_id);
  if (record.ended_membership_id !== null) {
    const reopened = await repo.reopenMembership(trx, record.ended_membership_id);
    if (!reopened)
      throw new HttpError(
        409,
        `The membership of ${record.from?.name ?? 'the old cohort'} is gone.`,
      );
  }
}
