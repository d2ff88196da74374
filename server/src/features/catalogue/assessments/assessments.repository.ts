import type { BookAssessment, ObjectiveRef, StudentAssessment } from '@lp/contract/assessments';
import type { CatalogueRef } from '@lp/contract/catalogue';
import { sql } from 'kysely';
import type { Db } from '../../../db/schema.ts';
import { insertRows, rowsOf } from '../deleted-rows.ts';

const objectivesOf = (assessmentId: ReturnType<typeof sql.ref>) =>
  sql<ObjectiveRef[]>`coalesce((
    select json_agg(json_build_object('id', o.id, 'label', o.label) order by o.tier, o.id)
    from assessment_objectives ao join learning_objectives o on o.id = ao.objective_id
    where ao.assessment_id = ${assessmentId}
  ), '[]'::json)`;

const selectDefinitions = (db: Db) =>
  db
    .selectFrom('assessments')
    .innerJoin('books', 'books.id', 'assessments.book_id')
    .innerJoin('courses', 'courses.id', 'books.course_id')
    .select([
      'assessments.id',
      'assessments.name',
      'assessments.source_url',
      sql<CatalogueRef>`json_build_object('id', books.id, 'name', books.name)`.as('assigned_book'),
      sql<CatalogueRef>`json_build_object('id', courses.id, 'name', courses.name)`.as('course'),
      objectivesOf(sql.ref('assessments.id')).as('objectives'),
    ]);

export function listDefinitions(db: Db, bookId?: number): Promise<BookAssessment[]> {
  let query = selectDefinitions(db);
  if (bookId !== undefined) query = query.where('books.id', '=', bookId);
  return query
    .orderBy('courses.id')
    .orderBy('books.index')
    .orderBy('books.id')
    .orderBy('assessments.id')
    .execute();
}

export const findDefinition = (db: Db, id: number): Promise<BookAssessment | undefined> =>
  selectDefinitions(db).where('assessments.id', '=', id).executeTakeFirst();

const selectStudentAssessments = (db: Db) =>
  db
    .selectFrom('student_assessments as sa')
    .innerJoin('assessments', 'assessments.id', 'sa.assessment_id')
    .innerJoin('assessment_statuses', 'assessment_statuses.id', 'sa.status_id')
    .select([
      'sa.id',
      'sa.student_id',
      sql<StudentAssessment['assessment']>`json_build_object(
        'id', assessments.id, 'name', assessments.name,
        'objectives', ${objectivesOf(sql.ref('assessments.id'))}
      )`.as('assessment'),
      'assessment_statuses.status',
      'sa.url',
      'sa.created_at',
    ]);

export const learnerAssessments = (db: Db, studentId: number) =>
  selectStudentAssessments(db)
    .where('sa.student_id', '=', studentId)
    .orderBy('sa.created_at', 'desc')
    .orderBy('sa.id', 'desc')
    .execute();

export const findStudentAssessment = (db: Db, id: number) =>
  selectStudentAssessments(db).where('sa.id', '=', id).executeTakeFirst();

export const findStudentAssessmentRow = (db: Db, id: number) =>
  db
    .selectFrom('student_assessments')
    .select(['id', 'student_id', 'assessment_id', 'status_id', 'instructor_id'])
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();

export const findPerson = (db: Db, id: number) =>
  db.selectFrom('people').select(['id', 'is_staff']).where('id', '=', id).executeTakeFirst();

export const bookExists = async (db: Db, id: number) =>
  Boolean(await db.selectFrom('books').select('id').where('id', '=', id).executeTakeFirst());

export const assessmentOfBook = (db: Db, bookId: number) =>
  db
    .selectFrom('assessments')
    .select(['id', 'name'])
    .where('book_id', '=', bookId)
    .executeTakeFirst();

/** The ids among `ids` that are not learning objectives. */
export async function unknownObjectives(db: Db, ids: number[]) {
  if (ids.length === 0) return [];
  const found = await db
    .selectFrom('learning_objectives')
    .select('id')
    .where('id', 'in', ids)
    .execute();
  const known = new Set(found.map((row) => row.id));
  return ids.filter((id) => !known.has(id));
}

const definitionColumns = ['id', 'book_id', 'name', 'source_url'] as const;

/** The definition's own columns and objective ids, locked for the transaction's change. */
export const findDefinitionRow = async (db: Db, id: number) => {
  const row = await db
    .selectFrom('assessments')
    .select(definitionColumns)
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
  if (!row) return undefined;
  const objectives = await objectiveIds(db, id);
  return { ...row, objectives };
};

const objectiveIds = async (db: Db, assessmentId: number) =>
  (
    await db
      .selectFrom('assessment_objectives')
      .select('objective_id')
      .where('assessment_id', '=', assessmentId)
      .orderBy('objective_id')
      .execute()
  ).map((row) => row.objective_id);

export const insertDefinition = (
  db: Db,
  values: { book_id: number; name: string; source_url: string },
) =>
  db
    .insertInto('assessments')
    .values({ ...values, type: 'SELF' })
    .returning(definitionColumns)
    .executeTakeFirstOrThrow();

export const updateDefinition = (
  db: Db,
  id: number,
  values: Partial<{ book_id: number; name: string; source_url: string }>,
) =>
  db
    .updateTable('assessments')
    .set(values)
    .where('id', '=', id)
    .returning(definitionColumns)
    .executeTakeFirstOrThrow();

/** Makes this assessment's objectives exactly `ids`; other assessments are never touched. */
export async function setObjectives(db: Db, assessmentId: number, ids: number[]) {
  let removal = db.deleteFrom('assessment_objectives').where('assessment_id', '=', assessmentId);
  if (ids.length) removal = removal.where('objective_id', 'not in', ids);
  await removal.execute();
  if (ids.length === 0) return;
  await db
    .insertInto('assessment_objectives')
    .values(ids.map((objective_id) => ({ assessment_id: assessmentId, objective_id })))
    .onConflict((oc) => oc.doNothing())
    .execute();
}

export const startedByLearners = async (db: Db, assessmentId: number) =>
  Boolean(
    await db
      .selectFrom('student_assessments')
      .select('id')
      .where('assessment_id', '=', assessmentId)
      .limit(1)
      .executeTakeFirst(),
  );

export const deleteDefinition = (db: Db, id: number) =>
  db.deleteFrom('assessments').where('id', '=', id).executeTakeFirst();

export const learnerHasAssessment = async (db: Db, studentId: number, assessmentId: number) =>
  Boolean(
    await db
      .selectFrom('student_assessments')
      .select('id')
      .where('student_id', '=', studentId)
      .where('assessment_id', '=', assessmentId)
      .executeTakeFirst(),
  );

export const insertStudentAssessment = (
  db: Db,
  values: { student_id: number; assessment_id: number; status_id: number },
) =>
  db
    .insertInto('student_assessments')
    .values(values)
    .returning(['id', 'student_id', 'assessment_id', 'status_id'])
    .executeTakeFirstOrThrow();

export const statuses = (db: Db) =>
  db.selectFrom('assessment_statuses').select(['id', 'status']).orderBy('id').execute();

export const updateStudentAssessmentStatus = (
  db: Db,
  id: number,
  values: { status_id: number; instructor_id: number },
) =>
  db
    .updateTable('student_assessments')
    .set({ ...values, status_changed_at: new Date() })
    .where('id', '=', id)
    .returning(['id', 'student_id', 'assessment_id', 'status_id', 'instructor_id'])
    .executeTakeFirstOrThrow();

/**
 * What deleting self-assessments (one by id, or a book's by book_id) takes along: the
 * assessments, their objectives' places and their LMS grade columns, as an undo puts them back.
 */
export async function assessmentRows(db: Db, column: 'id' | 'book_id', id: number) {
  const assessments = await rowsOf(db, 'assessments', column, [id]);
  const ids = assessments.map((row) => Number(row.id));
  return {
    assessments,
    assessment_objectives: await rowsOf(db, 'assessment_objectives', 'assessment_id', ids),
    lti_line_items: await rowsOf(db, 'lti_line_items', 'assessment_id', ids),
  };
}
export type AssessmentRows = Awaited<ReturnType<typeof assessmentRows>>;

/**
 * Puts deleted self-assessments back as they were (their book is there), in the places of the
 * objectives and LMS contexts that are still there.
 */
export async function insertAssessmentRows(db: Db, rows: AssessmentRows) {
  await insertRows(db, 'assessments', rows.assessments);
  await insertRows(db, 'assessment_objectives', rows.assessment_objectives, {
    column: 'objective_id',
    parent: 'learning_objectives',
  });
  await insertRows(db, 'lti_line_items', rows.lti_line_items, {
    column: 'context_id',
    parent: 'lti_contexts',
  });
}
