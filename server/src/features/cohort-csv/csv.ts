import { CsvError, parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';

// CSV as spreadsheets read and write it (RFC 4180), through csv-stringify and csv-parse.

export type Cell = string | number | null;

/** A leading UTF-8 byte order mark: without it Excel reads a CSV file as the system code page. */
export const BOM = '\uFEFF';

/**
 * A whole file: a byte order mark, then the rows as CSV lines, each ended by CRLF. A field is
 * quoted when it holds a comma, a quote, CR or LF (a lone CR or LF too: a spreadsheet would start
 * a new row at it), quotes inside doubled. Text a spreadsheet would run as a formula (starting
 * with =, +, -, @, tab or CR) gets a leading apostrophe, which makes it text and is not shown;
 * numbers are written as they are.
 */
export function writeCsv(rows: readonly (readonly Cell[])[]): string {
  return stringify(rows as Cell[][], {
    bom: true,
    record_delimiter: 'windows',
    quoted_match: /[\r\n]/,
    escape_formulas: true,
  });
}

export interface CsvRecord {
  /** The line of the file the record starts on, from 1. */
  line: number;
  fields: string[];
}

export class CsvSyntaxError extends Error {}

const lineBreaks = (fields: string[]) =>
  fields.reduce((count, field) => count + (field.match(/\n/g)?.length ?? 0), 0);

/**
 * Reads CSV text into records, each with the line it starts on. Accepts CRLF, LF or CR line ends
 * and a leading byte order mark (Excel's 'CSV UTF-8' writes one); a blank line is a record of one
 * empty field. A quoted field may hold commas, line breaks (read as LF) and doubled quotes; a quote
 * elsewhere is kept as it is. Throws CsvSyntaxError, naming the line, for a quote left open.
 */
export function parseCsv(input: string): CsvRecord[] {
  // One line end throughout, so that csv-parse counts lines as an editor shows them.
  const text = input.replace(/\r\n?/g, '\n');
  const records: CsvRecord[] = [];
  try {
    parse(text, {
      bom: true,
      record_delimiter: '\n',
      relax_quotes: true,
      relax_column_count: true,
      // `lines` is the line a record ends on; its fields hold the line breaks it spans.
      on_record: (fields, { lines }) => {
        records.push({ line: lines - lineBreaks(fields), fields });
        return null;
      },
    });
  } catch (error) {
    if (!(error instanceof CsvError)) throw error;
    const line = (records.at(-1)?.line ?? 0) + 1 + lineBreaks(records.at(-1)?.fields ?? []);
    throw new CsvSyntaxError(
      error.code === 'CSV_QUOTE_NOT_CLOSED'
        ? `line ${line}: a quoted field is never closed`
        : `line ${line}: ${error.message}`,
    );
  }
  return records;
}
