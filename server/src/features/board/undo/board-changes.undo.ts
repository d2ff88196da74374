import { ASSESSMENT_STATUS, INTERVENTION_KIND_LABELS } from '@lp/contract/constants';
import type { Transaction } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import { conflict } from '../../../lib/http-errors.ts';
import { fullName } from '../../../lib/names.ts';
import type { LearnerRow } from '../../learners/index.ts';
import * as repo from './board-changes.repository.ts';
import type {
  AchieveRecord,
  AddNoteRecord,
  BoardChangeAction,
  CapstoneStepRecord,
  CoreSkillRecord,
  LearnerChangeRecords,
  LinkRepositoryRecord,
  MoveRecord,
  ReachOutRecord,
  RemoveNoteRecord,
  RevokeCapstoneStepRecord,
  StartAssessmentRecord,
  StartCoreSkillRecord,
  StatusRecord,
  TagRecord,
  UnlinkRepositoryRecord,
  UntagRecord,
} from './learner-history.ts';

// The board's changes in a learner's history (learner-history.ts writes them): how each is
// summed up in one sentence, and how its undo puts back exactly the state before, refusing
// (409) when the learner has moved on since.

type Trx = Transaction<Database>;

export const boardChangeActions = [
  'move',
  'start_assessment',
  'status',
  'achieve',
  'capstone_step',
  'revoke_capstone_step',
  'tag',
  'untag',
  'start_core_skill',
  'core_skill',
  'add_note',
  'remove_note',
  'link_repository',
  'unlink_repository',
  'reach_out',
] as const satisfies readonly BoardChangeAction[];

export const isBoardChange = (action: string): action is BoardChangeAction =>
  (boardChangeActions as readonly string[]).includes(action);

const shorten = (text: string, length = 60) =>
  text.length > length ? `${text.slice(0, length - 1).trimEnd()}…` : text;

type Handlers = {
  [A in BoardChangeAction]: {
    summary: (record: LearnerChangeRecords[A]) => string;
    /** The toast's text after the undo. */
    undone: string;
    undo: (trx: Trx, learner: LearnerRow, record: LearnerChangeRecords[A]) => Promise<void>;
  };
};

const handlers: Handlers = {
  move: {
    summary: (record: MoveRecord) =>
      `Moved to ${record.project.name}${record.from ? ` from ${record.from.name}` : ''}`,
    undone: 'Move undone',
    async undo(trx, learner, record: MoveRecord) {
      const current = await repo.currentAssignment(trx, learner.id);
      if (current?.id !== record.assignment_id)
        throw conflict(
          `${fullName(learner)} ${current ? `has moved to ${current.project}` : 'has no project'} since: this move to ${record.project.name} can no longer be undone.`,
        );
      await repo.deleteAssignment(trx, record.assignment_id);
    },
  },
  start_assessment: {
    summary: (record: StartAssessmentRecord) => `Started the ${record.assessment} self-assessment`,
    undone: 'Self-assessment start undone',
    async undo(trx, learner, record: StartAssessmentRecord) {
      const current = await repo.lockStudentAssessment(trx, record.student_assessment_id);
      if (!current)
        throw conflict(`${fullName(learner)}'s ${record.assessment} self-assessment is gone.`);
      // Only an untouched start is taken back: a submission or a review is undone on its own.
      if (current.status_id !== ASSESSMENT_STATUS.inProgress)
        throw conflict(
          `${fullName(learner)}'s ${record.assessment} self-assessment is ${current.status} now: its start can no longer be undone.`,
        );
      // The GitHub repository, if one was made, stays: the learner may have pushed to it.
      await repo.deleteStudentAssessment(trx, current.id);
    },
  },
  status: {
    summary: (record: StatusRecord) =>
      `${record.assessment} self-assessment: ${record.before.status} → ${record.status}`,
    undone: 'Status change undone',
    async undo(trx, learner, record: StatusRecord) {
      const current = await repo.lockStudentAssessment(trx, record.student_assessment_id);
      if (!current)
        throw conflict(`${fullName(learner)}'s ${record.assessment} self-assessment is gone.`);
      if (current.status_id !== record.status_id)
        throw conflict(
          `${fullName(learner)}'s ${record.assessment} self-assessment is ${current.status} now: this change to ${record.status} can no longer be undone.`,
        );
      await repo.restoreAssessmentStatus(trx, current.id, {
        status_id: record.before.status_id,
        instructor_id: record.before.instructor_id,
        status_changed_at: record.before.status_changed_at,
      });
      for (const changed of record.records) {
        if (changed.created) await repo.deleteRecord(trx, changed.id);
        else {
          await repo.deleteEntry(trx, changed.entry_id);
          await repo.setAchieved(trx, changed.id, changed.was_achieved);
        }
      }
    },
  },
  achieve: {
    summary: (record: AchieveRecord) => `Achieved ${record.objective.name}`,
    undone: 'Objective no longer achieved',
    async undo(trx, learner, record: AchieveRecord) {
      const current = await repo.lockRecord(trx, record.record_id);
      if (!current?.achieved)
        throw conflict(
          `${record.objective.name} is not marked achieved for ${fullName(learner)} any more: there is nothing to undo.`,
        );
      if (record.created) return repo.deleteRecord(trx, record.record_id).then(() => undefined);
      if (record.entry_id !== null) await repo.deleteEntry(trx, record.entry_id);
      await repo.setAchieved(trx, record.record_id, false);
    },
  },
  capstone_step: {
    summary: (record: CapstoneStepRecord) =>
      `${record.course} capstone proposal marked ${record.status.name}`,
    undone: 'Capstone step undone',
    async undo(trx, _learner, record: CapstoneStepRecord) {
      const latest = await repo.latestTimeline(trx, record.capstone_id);
      if (latest?.id !== record.timeline_id)
        throw conflict(
          `The ${record.course} capstone proposal ${latest ? `is marked ${latest.status}` : 'has changed'} since: this step can no longer be undone.`,
        );
      await repo.deleteTimeline(trx, record.timeline_id);
    },
  },
  revoke_capstone_step: {
    summary: (record: RevokeCapstoneStepRecord) =>
      `${record.course} capstone: ${record.status.name} revoked`,
    undone: 'Capstone step restored',
    async undo(trx, _learner, record: RevokeCapstoneStepRecord) {
      if (!(await repo.capstoneExists(trx, record.timeline.capstone_id)))
        throw conflict('That capstone proposal has been deleted since.');
      await repo.reinsertTimeline(trx, record.timeline);
    },
  },
  tag: {
    summary: (record: TagRecord) => `Tag '${record.tag}' added`,
    undone: 'Tag removed',
    async undo(trx, learner, record: TagRecord) {
      if (!(await repo.deleteTagLink(trx, record.link_id)))
        throw conflict(`${fullName(learner)} no longer has the tag '${record.tag}'.`);
    },
  },
  untag: {
    summary: (record: UntagRecord) => `Tag '${record.tag}' removed`,
    undone: 'Tag restored',
    async undo(trx, learner, record: UntagRecord) {
      if (!(await repo.tagExists(trx, record.link.tag_id)))
        throw conflict(`The tag '${record.tag}' has been deleted since: it cannot be put back.`);
      if (await repo.hasTag(trx, learner.id, record.link.tag_id))
        throw conflict(`${fullName(learner)} has the tag '${record.tag}' again.`);
      await repo.reinsertLink(trx, record.link);
    },
  },
  start_core_skill: {
    summary: (record: StartCoreSkillRecord) =>
      `Started tracking ${record.skill} at level ${record.level}`,
    undone: 'Core skill no longer tracked',
    async undo(trx, learner, record: StartCoreSkillRecord) {
      const entries = await repo.coreSkillEntries(trx, record.record_id);
      if (entries === null) throw conflict(`${record.skill} is no longer tracked.`);
      if (entries > 1)
        throw conflict(
          `${fullName(learner)} has been rated on ${record.skill} since: undo that first.`,
        );
      await repo.deleteCoreSkillRecord(trx, record.record_id);
    },
  },
  core_skill: {
    summary: (record: CoreSkillRecord) =>
      `${record.skill}: level ${record.from.level} → ${record.level}`,
    undone: 'Core skill level put back',
    async undo(trx, learner, record: CoreSkillRecord) {
      const latest = await repo.latestCoreSkillEntry(trx, record.record_id);
      if (latest !== record.entry_id)
        throw conflict(`${fullName(learner)} has been rated on ${record.skill} again since.`);
      await repo.restoreCoreSkillLevel(trx, record.record_id, record.from);
      await repo.deleteCoreSkillEntry(trx, record.entry_id);
    },
  },
  add_note: {
    summary: (record: AddNoteRecord) => `Note added: “${shorten(record.note)}”`,
    undone: 'Note removed',
    async undo(trx, _learner, record: AddNoteRecord) {
      if (!(await repo.deleteNote(trx, record.note_id)))
        throw conflict('That note has been removed already.');
    },
  },
  remove_note: {
    summary: (record: RemoveNoteRecord) => `Note removed: “${shorten(record.note.note)}”`,
    undone: 'Note restored',
    async undo(trx, _learner, record: RemoveNoteRecord) {
      await repo.reinsertNote(trx, record.note);
    },
  },
  link_repository: {
    summary: (record: LinkRepositoryRecord) =>
      `Linked ${record.repository}${record.project ? ` for ${record.project}` : ''}`,
    undone: 'Repository unlinked',
    async undo(trx, learner, record: LinkRepositoryRecord) {
      if (!(await repo.deleteRepositoryLink(trx, record.link_id)))
        throw conflict(`${record.repository} is no longer linked to ${fullName(learner)}.`);
    },
  },
  unlink_repository: {
    summary: (record: UnlinkRepositoryRecord) => `Unlinked ${record.repository}`,
    undone: 'Repository linked again',
    async undo(trx, learner, record: UnlinkRepositoryRecord) {
      if (!(await repo.repositoryExists(trx, record.link.repository_id)))
        throw conflict(`${record.repository} is gone: it cannot be linked again.`);
      if (await repo.hasRepositoryLink(trx, learner.id, record.link.repository_id))
        throw conflict(`${record.repository} is linked to ${fullName(learner)} again.`);
      await repo.reinsertRepositoryLink(trx, record.link);
    },
  },
  reach_out: {
    summary: (record: ReachOutRecord) =>
      `Reached out: ${INTERVENTION_KIND_LABELS[record.kind].toLowerCase()}${record.note ? ` — “${shorten(record.note)}”` : ''}`,
    undone: 'Intervention removed',
    async undo(trx, learner, record: ReachOutRecord) {
      if (!(await repo.deleteIntervention(trx, record.intervention_id)))
        throw conflict(`That intervention with ${fullName(learner)} is gone already.`);
    },
  },
};

export function summarizeBoardChange(action: BoardChangeAction, after: unknown): string {
  const handler = handlers[action] as Handlers['move'];
  return handler.summary(after as MoveRecord);
}

/** Undoes one board change inside the caller's transaction; returns the toast's text. */
export async function undoBoardChange(
  trx: Trx,
  learner: LearnerRow,
  action: BoardChangeAction,
  after: unknown,
): Promise<string> {
  // One handler per action; the record stored with the action is that handler's.
  const handler = handlers[action] as Handlers['move'];
  await handler.undo(trx, learner, after as MoveRecord);
  return handler.undone;
}
