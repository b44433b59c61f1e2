import { describe, expect, it } from 'vitest';
import { csvCell, csvLine } from './csv.ts';

describe('csvCell', () => {
  it('neutralises spreadsheet formulas with a leading single quote', () => {
    expect(csvCell('=HYPERLINK("http://x","y")')).toBe(`"'=HYPERLINK(""http://x"",""y"")"`);
    expect(csvCell('+1 407 555 0199')).toBe(`'+1 407 555 0199`);
    expect(csvCell('-2+3')).toBe(`'-2+3`);
    expect(csvCell('@SUM(A1)')).toBe(`'@SUM(A1)`);
    expect(csvCell('\tcmd')).toBe(`'\tcmd`);
    expect(csvCell('\rcmd')).toBe(`"'\rcmd"`);
    expect(csvCell('a=b')).toBe('a=b');
  });

  it('writes a plain negative amount as a number (a credit note), and still guards anything more', () => {
    expect(csvCell('-500.00')).toBe('-500.00');
    expect(csvCell('-12')).toBe('-12');
    expect(csvCell('-500.00+1')).toBe(`'-500.00+1`);
    expect(csvCell('-1e3')).toBe(`'-1e3`);
  });

  it('quotes commas, quotes and newlines, doubling quotes', () => {
    expect(csvCell('Smith, Jones')).toBe('"Smith, Jones"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('line 1\nline 2')).toBe('"line 1\nline 2"');
    expect(csvCell('plain')).toBe('plain');
  });

  it('keeps unicode as is and writes other types plainly', () => {
    expect(csvCell('José Müller ‮evil 東京')).toBe('José Müller ‮evil 東京');
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
    expect(csvCell(-12)).toBe('-12');
    expect(csvCell(new Date(Date.UTC(2026, 0, 2, 3, 4, 5)))).toBe('2026-01-02T03:04:05.000Z');
  });

  it('ends lines with CRLF', () => {
    expect(csvLine(['a', 'b,c', null])).toBe('a,"b,c",\r\n');
  });
});
