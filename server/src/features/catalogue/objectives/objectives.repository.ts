import { sql } from 'kysely';
import type { Db } from '../../../db/schema.ts';
import { insertRows, rowsOf } from '../deleted-rows.ts';

const columns = ['id', 'label', 'weight', 'tier'] as const;

export interface ObjectiveFilter {
  tiermin?: number;
  tiermax?: number;
  /** Only the objectives this learner has not achieved. */
  notAchievedBy?: number;
}

export function listObjectives(db: Db, filter: ObjectiveFilter) {
  let query = db.selectFrom('learning_objectives as o').select(columns);
  if (filter.tiermin !== undefined) query = query.where('o.tier', '>=', filter.tiermin);
  if (filter.tiermax !== undefined) query = query.where('o.tier', '<=', filter.tiermax);
  const studentId = filter.notAchievedBy;
  if (studentId !== undefined) {
    query = query.where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('learning_records as r')
            .select('r.id')
            .whereRef('r.objective_id', '=', 'o.id')
            .where('r.student_id', '=', studentId)
            .where('r.achieved', '=', true),
        ),
      ),
    );
  }
  return query.orderBy('o.tier').orderBy('o.id').execute();
}

export const findPerson = (db: Db, id: number) =>
  db.selectFrom('people').select(['id', 'is_staff']).where('id', '=', id).executeTakeFirst();

export const findObjective = (db: Db, id: number) =>
  db
    .selectFrom('learning_objectives')
    .select(columns)
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();

/** Another objective with the same label, ignoring case and surrounding spaces. */
export const labelTaken = async (db: Db, label: string, exceptId?: number) => {
  let query = db
    .selectFrom('learning_objectives')
    .select('id')
    .where(sql<string>`lower(trim(label))`, '=', label.trim().toLowerCase());
  if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
  return Boolean(await query.executeTakeFirst());
};

export const insertObjective = (db: Db, values: { label: string; weight: number; tier: number }) =>
  db.insertInto('learning_objectives').values(values).returning(columns).executeTakeFirstOrThrow();

export const updateObjective = (
  db: Db,
  id: number,
  values: Partial<{ label: string; weight: number; tier: number }>,
) =>
  db
    .updateTable('learning_objectives')
    .set(values)
    .where('id', '=', id)
    .returning(columns)
    .executeTakeFirstOrThrow();

export const hasLearnerRecords = async (db: Db, id: number) =>
  Boolean(
    await db
      .selectFrom('learning_records')
      .select('id')
      .where('objective_id', '=', id)
      .limit(1)
      .executeTakeFirst(),
  );

export const deleteObjective = (db: Db, id: number) =>
  db.deleteFrom('learning_objectives').where('id', '=', id).executeTakeFirst();

/** The objective's rows a deletion takes with it, kept in its audit entry for its undo. */
export const objectiveRows = async (db: Db, id: number) => ({
  learning_objectives: await rowsOf(db, 'learning_objectives', 'id', [id]),
  assessment_objectives: await rowsOf(db, 'assessment_objectives', 'objective_id', [id]),
});
export type ObjectiveRows = Awaited<ReturnType<typeof objectiveRows>>;

/** Puts a deleted objective back, in the self-assessments of it that are still there. */
export async function insertObjectiveRows(db: Db, rows: ObjectiveRows) {
  await insertRows(db, 'learning_objectives', rows.learning_objectives);
  await insertRows(db, 'assessment_objectives', rows.assessment_objectives, {
    column: 'assessment_id',
    parent: 'assessments',
  });
}
