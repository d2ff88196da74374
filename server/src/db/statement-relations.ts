import { CompiledQuery, type QueryResult } from 'kysely';
import { parsedJson } from '../lib/parsed-json.ts';

/** The tables a statement reads and writes, as PostgreSQL plans it. */
export interface Relations {
  reads: ReadonlySet<string>;
  writes: ReadonlySet<string>;
}

/** Runs one statement outside any transaction of the caller's. */
export type RunStatement = (query: CompiledQuery) => Promise<QueryResult<unknown>>;

interface PlanNode {
  'Node Type'?: string;
  'Relation Name'?: string;
  Plans?: PlanNode[];
}

function collect(node: PlanNode, relations: { reads: Set<string>; writes: Set<string> }) {
  const name = node['Relation Name'];
  if (name !== undefined) {
    if (node['Node Type'] === 'ModifyTable') relations.writes.add(name);
    else relations.reads.add(name);
  }
  for (const child of node.Plans ?? []) collect(child, relations);
}

let statementNumber = 0;

/**
 * Asks PostgreSQL which tables a statement reads and writes: its generic plan (so parameters stay
 * parameters and nothing is folded away), explained without being run; views, CTEs and inlined
 * functions appear as the tables they scan. Null when it cannot be planned (DDL, LISTEN, SET).
 * The steps run in one transaction of their own: behind a pooler in transaction mode that keeps
 * them on one server session, and the session is left as it was.
 */
export async function planRelations(
  run: RunStatement,
  sql: string,
  parameterCount: number,
): Promise<Relations | null> {
  const name = `lp_relations_${process.pid}_${++statementNumber}`;
  const nulls = Array.from({ length: parameterCount }, () => 'null').join(', ');
  const step = (text: string) => run(CompiledQuery.raw(text));
  let open = false;
  try {
    await step('begin');
    open = true;
    await step('set local plan_cache_mode = force_generic_plan');
    await step(`prepare ${name} as ${sql}`);
    // A prepared statement outlives a rollback: a failed explanation is undone to here, so that
    // the statement is still dropped before the session goes back to the pool.
    await step('savepoint explaining');
    let explained: unknown = null;
    try {
      const { rows } = await step(
        `explain (format json) execute ${name}${nulls ? `(${nulls})` : ''}`,
      );
      explained = ((rows[0] ?? {}) as Record<string, unknown>)['QUERY PLAN'];
    } catch {
      await step('rollback to savepoint explaining');
    }
    await step(`deallocate ${name}`);
    await step('commit');
    open = false;
    if (explained === null) return null;
    const plans = parsedJson(explained as { Plan: PlanNode }[] | string);
    const relations = { reads: new Set<string>(), writes: new Set<string>() };
    for (const { Plan } of plans) collect(Plan, relations);
    return relations;
  } catch {
    return null;
  } finally {
    if (open) await step('rollback').catch(() => {});
  }
}
