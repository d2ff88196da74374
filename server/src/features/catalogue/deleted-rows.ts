// Undoing a catalogue deletion that took other rows with it (a book's projects and self-assessment,
// an objective's place in the self-assessments) puts the very rows back: the same ids and every
// column, including any a later migration adds. The deletion keeps them in its audit entry as the
// database's own JSON of each row (timestamps to the microsecond), and the undo inserts them again.
import { sql } from 'kysely';
import type { Db } from '../../db/schema.ts';
import { conflict, notFound } from '../../lib/http-errors.ts';

export type DeletedTable =
  | 'books'
  | 'projects'
  | 'assessments'
  | 'assessment_objectives'
  | 'learning_objectives'
  | 'lti_line_items';

export type RowJson = Record<string, unknown>;

/** The rows of `table` whose `column` is one of `ids`, each as the database's JSON of the row. */
export async function rowsOf(
  db: Db,
  table: DeletedTable,
  column: string,
  ids: readonly number[],
): Promise<RowJson[]> {
  if (ids.length === 0) return [];
  const { rows } = await sql<{ row: RowJson }>`
    select to_jsonb(t) as row from ${sql.table(table)} t
    where ${sql.ref(`t.${column}`)} = any(${sql.val(ids)}::int[])`.execute(db);
  return rows.map(({ row }) => row);
}

/**
 * Inserts the rows again as they were. `onlyWhere` leaves out rows whose other parent is gone
 * since (an objective's link to a self-assessment deleted meanwhile, say).
 */
export async function insertRows(
  db: Db,
  table: DeletedTable,
  rows: readonly RowJson[],
  onlyWhere?: { column: string; parent: DeletedTable | 'lti_contexts' },
) {
  if (rows.length === 0) return;
  const kept = onlyWhere
    ? sql`where exists (select 1 from ${sql.table(onlyWhere.parent)} p
        where p.id = ${sql.ref(`r.${onlyWhere.column}`)})`
    : sql``;
  await sql`
    insert into ${sql.table(table)} overriding system value
    select r.* from jsonb_populate_recordset(null::${sql.table(table)}, ${JSON.stringify(rows)}::jsonb) r
    ${kept}`.execute(db);
}

/**
 * The rows the latest deletion of this entity kept, its audit entry locked so that two undos of
 * it run one after the other; 404 when it was never deleted, 409 when it is there again.
 */
export async function deletedRows<Rows>(
  db: Db,
  entity: string,
  id: number,
  what: string,
  isThere: () => Promise<boolean>,
): Promise<Rows> {
  const entry = await db
    .selectFrom('audit_log')
    .select(['id', 'before'])
    .where('entity', '=', entity)
    .where('entity_id', '=', String(id))
    .where('action', '=', 'delete')
    .orderBy('id', 'desc')
    .limit(1)
    .forUpdate()
    .executeTakeFirst();
  const rows = (entry?.before as { rows?: Rows } | null | undefined)?.rows;
  if (!rows) throw notFound(`Deleted ${what}`);
  if (await isThere()) throw conflict(`This ${what} is there already: there is nothing to undo.`);
  return rows;
}
