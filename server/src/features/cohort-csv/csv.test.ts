import { describe, expect, it } from 'vitest';
import { BOM, CsvSyntaxError, csvCell, parseCsv, writeCsv } from './csv.ts';

describe('csvCell', () => {
  it('leaves plain text and numbers as they are', () => {
    expect(csvCell('Ada Lovelace')).toBe('Ada Lovelace');
    expect(csvCell(12)).toBe('12');
    expect(csvCell(null)).toBe('');
  });

  it('quotes text with a comma, a quote or a line break, doubling quotes', () => {
    expect(csvCell('Doe, Jane')).toBe('"Doe, Jane"');
    expect(csvCell('the "best" one')).toBe('"the ""best"" one"');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('carriage\rreturn')).toBe('"carriage\rreturn"');
  });

  it('makes text a spreadsheet would run as a formula start with an apostrophe', () => {
    expect(csvCell('=HYPERLINK("http://evil","x")')).toBe(`"'=HYPERLINK(""http://evil"",""x"")"`);
    expect(csvCell('+1+1')).toBe("'+1+1");
    expect(csvCell('-2+3')).toBe("'-2+3");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\t=1')).toBe("'\t=1");
    expect(csvCell('\r=1')).toBe(`"'\r=1"`);
    expect(csvCell('a=1')).toBe('a=1');
  });
});

describe('writeCsv', () => {
  it('writes a byte order mark and CRLF line ends', () => {
    expect(
      writeCsv([
        ['Name', 'Days'],
        ['Jo', 3],
      ]),
    ).toBe(`${BOM}Name,Days\r\nJo,3\r\n`);
  });
});

describe('parseCsv', () => {
  it('reads what writeCsv writes, fields with commas, quotes and line breaks included', () => {
    const rows = [
      ['Name', 'Note'],
      ['Doe, Jane', 'said "hi"\r\nthen left'],
      ['', 'x'],
    ];
    expect(parseCsv(writeCsv(rows)).map((record) => record.fields)).toEqual(rows);
  });

  it('numbers each record by the line it starts on', () => {
    const records = parseCsv('a,b\n"multi\nline",c\r\nd,e');
    expect(records).toEqual([
      { line: 1, fields: ['a', 'b'] },
      { line: 2, fields: ['multi\nline', 'c'] },
      { line: 4, fields: ['d', 'e'] },
    ]);
  });

  it('accepts CR line ends, blank lines and no final line end', () => {
    expect(parseCsv('a\rb\n\nc').map((record) => record.fields)).toEqual([
      ['a'],
      ['b'],
      [''],
      ['c'],
    ]);
    expect(parseCsv('')).toEqual([]);
  });

  it('keeps empty quoted fields and a quote inside an unquoted field', () => {
    expect(parseCsv('"",5" tall,x\n')[0]?.fields).toEqual(['', '5" tall', 'x']);
  });

  it('refuses a quote left open or text after a closing quote, naming the line', () => {
    expect(() => parseCsv('a\n"open,b')).toThrow(
      new CsvSyntaxError('line 2: a quoted field is never closed'),
    );
    expect(() => parseCsv('"a"b,c')).toThrow(
      new CsvSyntaxError('line 1: text after a closing quote'),
    );
  });
});
