import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ColumnLine, readCatalogue } from '../../test/catalogue.ts';
import { openTestDatabase } from '../../test/database.ts';
import type { DatabaseHandle } from './connection.ts';

// schema.ts is Kysely's view of the tables, written by hand so that a column can say more than
// its SQL type (a status's allowed values, a JSON column's shape, dates as strings). This test
// holds it to what the migrations made: every table and column, no more, each with the kind of
// value it reads (after the connection's type parsers), whether it may be null, and whether an
// insert may leave it out (nullable or with a default, as Kysely's Insertable decides).

let database: DatabaseHandle;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

/** A column as both sides describe it. */
interface ColumnShape {
  reads: string;
  nullable: boolean;
  optionalOnInsert: boolean;
}

/** What a value of an SQL type reads as, with the connection's parsers (connection.ts). */
function readsAs(sqlType: string): string {
  if (sqlType.endsWith('[]')) return `${readsAs(sqlType.slice(0, -2))}[]`;
  if (/^(smallint|integer|bigint|real|double precision)$/.test(sqlType)) return 'number';
  if (/^(text|character varying|character|date|time without time zone|uuid)\b/.test(sqlType)) {
    return 'string';
  }
  if (sqlType === 'boolean') return 'boolean';
  if (sqlType.startsWith('timestamp')) return 'Date';
  if (sqlType === 'json' || sqlType === 'jsonb') return 'json';
  return `unmapped SQL type ${sqlType}`;
}

function catalogueShapes(
  columns: readonly ColumnLine[],
): Record<string, Record<string, ColumnShape>> {
  const tables: Record<string, Record<string, ColumnShape>> = {};
  for (const column of columns) {
    tables[column.table] ??= {};
    tables[column.table]![column.column] = {
      reads: readsAs(column.type),
      nullable: column.nullable,
      optionalOnInsert: column.nullable || column.default !== null || column.identity !== '',
    };
  }
  return tables;
}

/** The tables and columns of schema.ts's Database, read with the TypeScript checker. */
function schemaShapes(): Record<string, Record<string, ColumnShape>> {
  const file = fileURLToPath(new URL('./schema.ts', import.meta.url));
  const program = ts.createProgram([file], {
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    // Only what the table types need: loading Node's types and the newer libraries triples the cost.
    types: [],
    lib: ['lib.es5.d.ts'],
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    target: ts.ScriptTarget.ES2022,
    allowImportingTsExtensions: true,
  });
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(file);
  const module = source && checker.getSymbolAtLocation(source);
  const database = module && checker.getExportsOfModule(module).find((s) => s.name === 'Database');
  if (!database) throw new Error('schema.ts exports no Database interface');

  const sideOf = (type: ts.Type, side: '__select__' | '__insert__') => {
    const property = type.getProperty(side);
    return property ? checker.getTypeOfSymbol(property) : type;
  };
  const parts = (type: ts.Type) => (type.isUnion() ? type.types : [type]);
  const kindOf = (type: ts.Type): string => {
    if (type.flags & ts.TypeFlags.NumberLike) return 'number';
    if (type.flags & ts.TypeFlags.StringLike) return 'string';
    if (type.flags & ts.TypeFlags.BooleanLike) return 'boolean';
    if (type.getSymbol()?.name === 'Date') return 'Date';
    if (checker.isArrayType(type)) {
      return `${kindOf(checker.getTypeArguments(type as ts.TypeReference)[0]!)}[]`;
    }
    if (type.flags & ts.TypeFlags.Object) return 'json';
    return checker.typeToString(type);
  };

  const tables: Record<string, Record<string, ColumnShape>> = {};
  for (const table of checker.getDeclaredTypeOfSymbol(database).getProperties()) {
    tables[table.name] = {};
    for (const column of checker.getTypeOfSymbol(table).getProperties()) {
      const type = checker.getTypeOfSymbol(column);
      const read = parts(sideOf(type, '__select__'));
      const inserted = parts(sideOf(type, '__insert__'));
      const kinds = new Set(
        read.filter((part) => !(part.flags & ts.TypeFlags.Null)).map((part) => kindOf(part)),
      );
      tables[table.name]![column.name] = {
        reads: [...kinds].sort().join(' | '),
        nullable: read.some((part) => part.flags & ts.TypeFlags.Null),
        optionalOnInsert: inserted.some(
          (part) => part.flags & (ts.TypeFlags.Null | ts.TypeFlags.Undefined),
        ),
      };
    }
  }
  return tables;
}

const describeShape = (shape: ColumnShape | undefined) =>
  shape
    ? `${shape.reads}${shape.nullable ? ' or null' : ''}, ${shape.optionalOnInsert ? 'optional' : 'required'} on insert`
    : 'missing';

/** One line per table or column where schema.ts and the database differ. */
function differences(
  schema: Record<string, Record<string, ColumnShape>>,
  made: Record<string, Record<string, ColumnShape>>,
): string[] {
  const lines: string[] = [];
  for (const table of new Set([...Object.keys(made), ...Object.keys(schema)])) {
    const [inSchema, inDatabase] = [schema[table], made[table]];
    if (!inSchema || !inDatabase) {
      lines.push(
        `${table}: ${inSchema ? 'no such table in the database' : 'missing from schema.ts'}`,
      );
      continue;
    }
    for (const column of new Set([...Object.keys(inDatabase), ...Object.keys(inSchema)])) {
      const [declared, actual] = [
        describeShape(inSchema[column]),
        describeShape(inDatabase[column]),
      ];
      if (declared !== actual) {
        lines.push(`${table}.${column}: schema.ts says ${declared}, the database ${actual}`);
      }
    }
  }
  return lines.sort();
}

describe('schema.ts', () => {
  it('has every table and column the migrations made, as the database reads and writes them', async () => {
    const { columns } = await readCatalogue(database.db);
    const made = catalogueShapes(columns.filter((column) => !column.table.startsWith('kysely_')));
    expect(differences(schemaShapes(), made)).toEqual([]);
  });
});
