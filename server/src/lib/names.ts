// A person's full name, written one way in TypeScript and in SQL: "First Last", trimmed, so a
// person with only one of the two names has no stray space.
import { sql } from 'kysely';

export interface NamedRow {
  first_name: string;
  last_name: string;
}

/** "First Last" of a person row. */
export const fullName = (row: NamedRow) => `${row.first_name} ${row.last_name}`.trim();

/**
 * "First Last" of the person under a table alias, the same text as `fullName`. Null only when the
 * alias has no row (a left join that found nobody).
 */
export const fullNameSql = (alias: string) =>
  sql<string>`trim(${sql.ref(`${alias}.first_name`)} || ' ' || ${sql.ref(`${alias}.last_name`)})`;

/** The same, or null when the name is empty too: for "by whom" fields (a removed author). */
export const fullNameOrNullSql = (alias: string) =>
  sql<string | null>`nullif(${fullNameSql(alias)}, '')`;

/** The same expression as SQL text, for statements kept as reviewed text (the board). */
export const fullNameText = (alias: string) =>
  `trim(${alias}.first_name || ' ' || ${alias}.last_name)`;
