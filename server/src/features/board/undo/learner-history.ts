import { INTERVENTION_KIND_LABELS } from '@lp/contract/constants';
import type { InterventionKind } from '@lp/contract/health';
import type { HistoryAction } from '@lp/contract/learners';
import type { Transaction } from 'kysely';
import type { Database, RepositorySource } from '../../../db/schema.ts';
import { audit } from '../../../lib/audit.ts';
import { type BoardChangeEntry, recordBoardChange } from '../live/board-changes.ts';

/*
 * A learner's history: audit rows with entity 'learner' and the learner's id. Every change an
 * instructor can undo writes one (the learners feature lists and undoes them); what each kind
 * stores is what its undo needs to put the state back exactly. Every record names the learner
 * as student_id, so a permanent delete redacts it (lib/audit.ts).
 */

type Named = { id: number; name: string };

export interface MoveRecord {
  student_id: number;
  assignment_id: number;
  project: Named;
  /** The project the learner was on before, if any. */
  from: Named | null;
}

export interface StartAssessmentRecord {
  student_id: number;
  student_assessment_id: number;
  assessment: string;
  /** The repository made for it ('' when none was). */
  url: string;
}

export interface StatusRecord {
  student_id: number;
  student_assessment_id: number;
  assessment: string;
  before: {
    status_id: number;
    status: string;
    instructor_id: number | null;
    status_changed_at: string;
  };
  status_id: number;
  status: string;
  /** The learning records a review marked achieved, each with the entry it added. */
  records: Array<{ id: number; created: boolean; was_achieved: boolean; entry_id: number }>;
}

export interface AchieveRecord {
  student_id: number;
  record_id: number;
  /** False when the record existed (unachieved) and was flipped. */
  created: boolean;
  /** The entry the change added, null when it added none. */
  entry_id: number | null;
  objective: Named;
}

export interface CapstoneStepRecord {
  student_id: number;
  capstone_id: number;
  timeline_id: number;
  status: Named;
  course: string;
}

export interface TagRecord {
  student_id: number;
  /** The student-tag link the change made. */
  link_id: number;
  tag_id: number;
  tag: string;
}

export interface RevokeCapstoneStepRecord {
  student_id: number;
  course: string;
  status: Named;
  timeline: {
    id: number;
    capstone_id: number;
    status_id: number;
    created_by: number | null;
    created_at: string;
  };
}

export interface UntagRecord {
  student_id: number;
  link: { id: number; student_id: number; tag_id: number; created_at: string };
  tag: string;
}

export interface StartCoreSkillRecord {
  student_id: number;
  record_id: number;
  skill: string;
  level: number;
}

export interface CoreSkillRecord {
  student_id: number;
  record_id: number;
  skill: string;
  from: { level: number; updated_at: string };
  level: number;
  /** The entry the rating added to the record's history. */
  entry_id: number;
}

export interface AddNoteRecord {
  student_id: number;
  note_id: number;
  note: string;
}

export interface RemoveNoteRecord {
  student_id: number;
  note: {
    id: number;
    student_id: number;
    author_id: number | null;
    note_type_id: number;
    note: string;
    created_at: string;
  };
}

export interface LinkRepositoryRecord {
  student_id: number;
  link_id: number;
  repository: string;
  project: string | null;
}

export interface UnlinkRepositoryRecord {
  student_id: number;
  repository: string;
  link: {
    id: number;
    repository_id: number;
    learner_id: number;
    project_id: number | null;
    source: RepositorySource;
    created_by: number | null;
    created_at: string;
  };
}

export interface ReachOutRecord {
  student_id: number;
  intervention_id: number;
  kind: InterventionKind;
  note: string;
}

export interface LearnerChangeRecords {
  move: MoveRecord;
  start_assessment: StartAssessmentRecord;
  status: StatusRecord;
  achieve: AchieveRecord;
  capstone_step: CapstoneStepRecord;
  revoke_capstone_step: RevokeCapstoneStepRecord;
  tag: TagRecord;
  untag: UntagRecord;
  start_core_skill: StartCoreSkillRecord;
  core_skill: CoreSkillRecord;
  add_note: AddNoteRecord;
  remove_note: RemoveNoteRecord;
  link_repository: LinkRepositoryRecord;
  unlink_repository: UnlinkRepositoryRecord;
  reach_out: ReachOutRecord;
}

export type BoardChangeAction = keyof LearnerChangeRecords & HistoryAction;

type LiveMark = Pick<BoardChangeEntry, 'kind' | 'summary'>;

/** How each change is marked on the live board's card (features/board/live). */
const liveMarks: { [A in BoardChangeAction]: (record: LearnerChangeRecords[A]) => LiveMark } = {
  move: (record) => ({ kind: 'project', summary: `moved to ${record.project.name}` }),
  start_assessment: (record) => ({
    kind: 'assessment',
    summary: `started the ${record.assessment} self-assessment`,
  }),
  status: (record) => ({ kind: 'assessment', summary: `status: ${record.status}` }),
  achieve: (record) => ({ kind: 'objective', summary: `achieved ${record.objective.name}` }),
  capstone_step: (record) => ({
    kind: 'capstone',
    summary: `${record.course} capstone: ${record.status.name}`,
  }),
  tag: (record) => ({ kind: 'tag', summary: `tagged "${record.tag}"` }),
  revoke_capstone_step: (record) => ({
    kind: 'capstone',
    summary: `${record.course} capstone: ${record.status.name} revoked`,
  }),
  untag: (record) => ({ kind: 'tag', summary: `untagged "${record.tag}"` }),
  start_core_skill: (record) => ({ kind: 'detail', summary: `tracking ${record.skill}` }),
  core_skill: (record) => ({ kind: 'detail', summary: `${record.skill}: level ${record.level}` }),
  add_note: () => ({ kind: 'note', summary: 'note added' }),
  remove_note: () => ({ kind: 'note', summary: 'note removed' }),
  link_repository: (record) => ({ kind: 'repository', summary: `linked ${record.repository}` }),
  unlink_repository: (record) => ({
    kind: 'repository',
    summary: `unlinked ${record.repository}`,
  }),
  reach_out: (record) => ({
    kind: 'intervention',
    summary: `reached out (${INTERVENTION_KIND_LABELS[record.kind].toLowerCase()})`,
  }),
};

/**
 * Writes the history entry of an undoable change, inside the change's transaction; returns its
 * id (the routes answer it in HISTORY_ID_HEADER). Dates become ISO strings, as stored. The
 * change is also recorded for the live board.
 */
export async function recordLearnerChange<A extends BoardChangeAction>(
  trx: Transaction<Database>,
  actorId: number,
  action: A,
  record: LearnerChangeRecords[A],
) {
  const mark = liveMarks[action] as (record: LearnerChangeRecords[A]) => LiveMark;
  await recordBoardChange(trx, { studentId: record.student_id, actorId, ...mark(record) });
  return audit(trx, {
    actorId,
    action,
    entity: 'learner',
    entityId: record.student_id,
    after: record,
  });
}
