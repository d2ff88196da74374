// CSV as spreadsheets read and write it (RFC 4180): comma-separated, CRLF line ends, a field
// quoted when it holds a comma, a quote, CR or LF, quotes inside doubled.

export type Cell = string | number | null;

/** A leading UTF-8 byte order mark: without it Excel reads a CSV file as the system code page. */
export const BOM = '\uFEFF';

// A spreadsheet runs a cell starting with one of these as a formula (CSV injection); a leading
// apostrophe makes it text, and the spreadsheet does not show the apostrophe.
const FORMULA_START = /^[=+\-@\t\r]/;

/** One cell as CSV text. Numbers are written as they are; text is made safe to open. */
export function csvCell(value: Cell): string {
  if (value === null) return '';
  if (typeof value === 'number') return String(value);
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** A whole file: the rows as CSV lines, each ended by CRLF, after a byte order mark. */
export function writeCsv(rows: readonly (readonly Cell[])[]): string {
  return BOM + rows.map((row) => `${row.map(csvCell).join(',')}\r\n`).join('');
}

export interface CsvRecord {
  /** The line of the file the record starts on, from 1. */
  line: number;
  fields: string[];
}

export class CsvSyntaxError extends Error {}

/**
 * Reads CSV text into records, each with the line it starts on. Accepts CRLF, LF or CR line ends
 * and a leading byte order mark (Excel's 'CSV UTF-8' writes one). A quoted field may hold commas,
 * line breaks and doubled quotes; a quote inside an unquoted field is kept as it is. Throws
 * CsvSyntaxError for a quote left open or text after a closing quote.
 */
export function parseCsv(input: string): CsvRecord[] {
  const text = input.startsWith(BOM) ? input.slice(1) : input;
  const records: CsvRecord[] = [];
  let fields: string[] = [];
  let field = '';
  let line = 1;
  let recordLine = 1;
  let i = 0;
  const endRecord = () => {
    fields.push(field);
    records.push({ line: recordLine, fields });
    fields = [];
    field = '';
  };
  const newline = () => {
    if (text[i] === '\r' && text[i + 1] === '\n') i += 1;
    i += 1;
    line += 1;
  };

  while (i < text.length) {
    const char = text[i];
    if (char === '"' && field === '') {
      const opened = line;
      i += 1;
      for (;;) {
        if (i >= text.length)
          throw new CsvSyntaxError(`line ${opened}: a quoted field is never closed`);
        const inner = text[i];
        if (inner === '"') {
          if (text[i + 1] === '"') {
            field += '"';
            i += 2;
            continue;
          }
          i += 1;
          break;
        }
        if (inner === '\r' || inner === '\n') {
          field += inner === '\r' && text[i + 1] === '\n' ? '\r\n' : inner;
          newline();
          continue;
        }
        field += inner;
        i += 1;
      }
      const after = text[i];
      if (after !== undefined && after !== ',' && after !== '\r' && after !== '\n')
        throw new CsvSyntaxError(`line ${line}: text after a closing quote`);
      continue;
    }
    if (char === ',') {
      fields.push(field);
      field = '';
      i += 1;
    } else if (char === '\r' || char === '\n') {
      endRecord();
      newline();
      recordLine = line;
    } else {
      field += char;
      i += 1;
    }
  }
  // A last line without a line end is still a record; a final line end adds none.
  if (field !== '' || fields.length > 0) endRecord();
  return records;
}
