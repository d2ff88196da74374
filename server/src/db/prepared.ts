import { createHash } from 'node:crypto';

// A read the server runs very often, with only its arguments changing, can spend more time being
// planned than being run: the board is planned in ~2.4 ms and run in ~1.9 ms, a learner's detail
// ~13.5 ms against ~4.8 ms prepared (benchmark data, PostgreSQL server). A statement marked
// prepared is planned once per database session and its plan kept (PostgreSQL switches to the
// generic plan after a few runs when that costs no more). Each engine's connection does it
// (connection.ts for a server, pglite-dialect.ts for the embedded one).

/** Put anywhere in a statement's text (e.g. `select /* prepared *\/ …`) to prepare it. */
export const PREPARED_MARK = '/* prepared */';

export const isPrepared = (sql: string) => sql.includes(PREPARED_MARK);

/** The statement's name in a session: the same text always gets the same name. */
export const preparedName = (sql: string) =>
  `lp_${createHash('sha256').update(sql).digest('hex').slice(0, 24)}`;

/** A statement's text marked to be prepared (for SQL kept as text, such as the board's). */
export const markPrepared = (sql: string) => `${PREPARED_MARK}\n${sql}`;

/**
 * The arguments as SQL literals for `EXECUTE name(…)` (which takes no bound parameters), or null
 * when one is not an integer or a boolean: nothing else is written into SQL text.
 */
export function literalArguments(parameters: readonly unknown[]): string[] | null {
  const literals: string[] = [];
  for (const value of parameters) {
    if (typeof value === 'boolean') literals.push(String(value));
    else if (typeof value === 'number' && Number.isSafeInteger(value)) literals.push(String(value));
    else return null;
  }
  return literals;
}
