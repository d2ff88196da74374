import { ROSTER_COLUMNS } from '@lp/contract/constants';
import { ROSTER_MAX_LINES, type RosterRow } from '@lp/contract/roster';
import { badRequest } from '../../lib/http-errors.ts';
import { type CsvRecord, CsvSyntaxError, parseCsv } from './csv.ts';

/*
 * A roster file's lines as learners to import, before anyone is looked up: the header row finds
 * the columns, each line's fields are checked on their own, and a GitHub login given twice is an
 * error on its later line. File-level faults (empty, no such column, broken quoting) are a 400.
 */

export interface RosterEntry {
  line: number;
  firstName: string;
  lastName: string;
  login: string;
  email: string;
}

type Column = (typeof ROSTER_COLUMNS)[number];

// Header names compared without letter case, spaces or punctuation: 'GitHub Login', 'github_login'.
const HEADER_NAMES: Record<Column, string[]> = {
  'First name': ['firstname', 'first', 'givenname'],
  'Last name': ['lastname', 'last', 'surname', 'familyname'],
  'GitHub login': ['githublogin', 'github', 'githubusername', 'githubhandle'],
  Email: ['email', 'emailaddress'],
};
const normalized = (header: string) => header.toLowerCase().replace(/[^a-z0-9]/g, '');

const MAX_NAME = 150;
const MAX_EMAIL = 254;
// GitHub's rule: letters, digits and single hyphens inside, at most 39 characters.
const GITHUB_LOGIN = /^[A-Za-z0-9](?:[A-Za-z0-9]|-(?=[A-Za-z0-9])){0,38}$/;
const EMAIL = /^[^\s@"(),:;<>[\\\]]+@[^\s@"(),:;<>[\\\]]+\.[^\s@"(),:;<>[\\\]]+$/;
// C1 controls too: a code page's unused bytes (0x81 in Windows-1252) are read as them.
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it finds.
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

function columnsOf(header: string[]): Record<Column, number> {
  const names = header.map(normalized);
  const found = {} as Record<Column, number>;
  const missing: Column[] = [];
  for (const column of ROSTER_COLUMNS) {
    const index = names.findIndex((name) => HEADER_NAMES[column].includes(name));
    if (index === -1) missing.push(column);
    else found[column] = index;
  }
  if (missing.length > 0) {
    const which = missing.map((column) => `'${column}'`).join(', ');
    throw badRequest(
      `The header row has no ${which} column${missing.length > 1 ? 's' : ''}: the first line must name the columns ${ROSTER_COLUMNS.join(', ')}.`,
    );
  }
  return found;
}

/** What is wrong with one field, or null. */
function fieldProblem(column: Column, value: string): string | null {
  if (value === '') return 'is empty';
  if (CONTROL.test(value)) return 'holds a control character';
  if (column === 'GitHub login')
    return GITHUB_LOGIN.test(value)
      ? null
      : `'${value}' is not a GitHub login (letters, digits and single hyphens, at most 39)`;
  if (column === 'Email') {
    if (value.length > MAX_EMAIL) return `is longer than ${MAX_EMAIL} characters`;
    return EMAIL.test(value) ? null : `'${value}' is not an email address`;
  }
  return value.length > MAX_NAME ? `is longer than ${MAX_NAME} characters` : null;
}

function readLine(record: CsvRecord, columns: Record<Column, number>): RosterEntry | RosterRow {
  const value = (column: Column) => (record.fields[columns[column]] ?? '').trim();
  const problems = ROSTER_COLUMNS.flatMap((column) => {
    const problem = fieldProblem(column, value(column));
    return problem ? [`${column} ${problem}`] : [];
  });
  if (problems.length > 0)
    return { line: record.line, action: 'error', message: `${problems.join('; ')}.` };
  return {
    line: record.line,
    firstName: value('First name'),
    lastName: value('Last name'),
    login: value('GitHub login'),
    email: value('Email'),
  };
}

export interface ReadRoster {
  entries: RosterEntry[];
  /** Lines refused on their own, before anyone is looked up. */
  errors: RosterRow[];
}

/** Reads a roster file; a 400 for a file that is not one. */
export function readRoster(text: string): ReadRoster {
  let records: CsvRecord[];
  try {
    records = parseCsv(text);
  } catch (error) {
    if (error instanceof CsvSyntaxError)
      throw badRequest(`The file is not valid CSV: ${error.message}.`);
    throw error;
  }
  const lines = records.filter((record) => record.fields.some((field) => field.trim() !== ''));
  const [header, ...rest] = lines;
  if (!header) throw badRequest('The file is empty: send a header row and one learner a line.');
  const columns = columnsOf(header.fields);
  if (rest.length === 0) throw badRequest('The file has a header row but no learners.');
  if (rest.length > ROSTER_MAX_LINES)
    throw badRequest(`The file has ${rest.length} learners; at most ${ROSTER_MAX_LINES} at once.`);

  const entries: RosterEntry[] = [];
  const errors: RosterRow[] = [];
  const firstLineOf = new Map<string, number>();
  for (const record of rest) {
    const read = readLine(record, columns);
    if ('action' in read) {
      errors.push(read);
      continue;
    }
    const key = read.login.toLowerCase();
    const earlier = firstLineOf.get(key);
    if (earlier !== undefined) {
      errors.push({
        line: read.line,
        action: 'error',
        message: `GitHub login '${read.login}' is already on line ${earlier}.`,
      });
      continue;
    }
    firstLineOf.set(key, read.line);
    entries.push(read);
  }
  return { entries, errors };
}
