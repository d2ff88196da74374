import { describe, expect, it } from 'vitest';
import { BOM, type Cell, CsvSyntaxError, parseCsv, writeCsv } from './csv.ts';

const cell = (value: Cell) => writeCsv([[value]]).slice(BOM.length, -2);

describe('writeCsv', () => {
  it('writes a byte order mark and CRLF line ends', () => {
    expect(
      writeCsv([
        ['Name', 'Days'],
        ['Jo', 3],
      ]),
    ).toBe(`${BOM}Name,Days\r\nJo,3\r\n`);
  });

  it('leaves plain text and numbers as they are', () => {
    expect(cell('Ada Lovelace')).toBe('Ada Lovelace');
    expect(cell(12)).toBe('12');
    expect(cell(-2)).toBe('-2');
    expect(writeCsv([['a', null, 'b']])).toBe(`${BOM}a,,b\r\n`);
  });

  it('quotes text with a comma, a quote or a line break, doubling quotes', () => {
    expect(cell('Doe, Jane')).toBe('"Doe, Jane"');
    expect(cell('the "best" one')).toBe('"the ""best"" one"');
    expect(cell('two\nlines')).toBe('"two\nlines"');
    expect(cell('carriage\rreturn')).toBe('"carriage\rreturn"');
  });

  it('makes text a spreadsheet would run as a formula start with an apostrophe', () => {
    expect(cell('=HYPERLINK("http://evil","x")')).toBe(`"'=HYPERLINK(""http://evil"",""x"")"`);
    expect(cell('+1+1')).toBe("'+1+1");
    expect(cell('-2+3')).toBe("'-2+3");
    expect(cell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(cell('\t=1')).toBe("'\t=1");
    expect(cell('\r=1')).toBe(`"'\r=1"`);
    expect(cell('a=1')).toBe('a=1');
  });
});

describe('parseCsv', () => {
  it('reads what writeCsv writes, fields with commas, quotes and line breaks included', () => {
    const rows = [
      ['Name', 'Note'],
      ['Doe, Jane', 'said "hi"\nthen left'],
      ['', 'x'],
    ];
    expect(parseCsv(writeCsv(rows)).map((record) => record.fields)).toEqual(rows);
  });

  it('reads a line end inside a quoted field as LF', () => {
    expect(parseCsv('"a\r\nb","c\rd"')[0]?.fields).toEqual(['a\nb', 'c\nd']);
  });

  it('numbers each record by the line it starts on', () => {
    const records = parseCsv('a,b\n"multi\nline",c\r\nd,e\r\n"x\r\ny"\n\nz');
    expect(records).toEqual([
      { line: 1, fields: ['a', 'b'] },
      { line: 2, fields: ['multi\nline', 'c'] },
      { line: 4, fields: ['d', 'e'] },
      { line: 5, fields: ['x\ny'] },
      { line: 7, fields: [''] },
      { line: 8, fields: ['z'] },
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

  it('refuses a quote left open, naming the line its record starts on', () => {
    expect(() => parseCsv('a\n"open,b')).toThrow(
      new CsvSyntaxError('line 2: a quoted field is never closed'),
    );
    expect(() => parseCsv('a\r\n"two\r\nlines"\r\n\r\n"open\r\nb')).toThrow(
      new CsvSyntaxError('line 5: a quoted field is never closed'),
    );
  });

  it('keeps text after a closing quote as it is, quotes included', () => {
    expect(parseCsv('"a"b,c')[0]?.fields).toEqual(['"a"b', 'c']);
  });
});
