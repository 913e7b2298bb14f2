import fc from 'fast-check';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import {
  CSV_BOM,
  centsToDecimal,
  csvCapNote,
  csvCell,
  csvHeader,
  csvLine,
  csvTable,
  isFormulaLike,
} from './csv';

const FORMULA_START = ['=', '+', '-', '@', '\t', '\r'];

/** Reads a file back the way a spreadsheet import would: BOM dropped, RFC 4180 fields. */
const parse = (text: string) =>
  Papa.parse<string[]>(text.replace(/^\uFEFF/, '').replace(/\r\n$/, ''), { delimiter: ',', newline: '\r\n' })
    .data;

// Text biased towards what breaks CSV: formula starts, quotes, commas, line breaks, accents.
const nasty = fc.string({
  unit: fc.oneof(
    fc.constantFrom('=', '+', '-', '@', '\t', '\r', '\n', '"', ',', "'", ' ', 'é', '1', '.'),
    fc.string({ minLength: 1, maxLength: 1, unit: 'grapheme' }),
  ),
  maxLength: 20,
});

describe('csv writer', () => {
  it('neutralises a formula: =HYPERLINK comes out quoted text, never a live formula', () => {
    expect(csvCell('=HYPERLINK("http://evil.example","Click")')).toBe(
      `"'=HYPERLINK(""http://evil.example"",""Click"")"`,
    );
    for (const start of FORMULA_START) expect(csvCell(`${start}cmd`)).toBe(`"'${start}cmd"`);
    expect(csvCell('-2+3+cmd|" /C calc"!A0')).toBe(`"'-2+3+cmd|"" /C calc""!A0"`);
  });

  it('keeps a plain negative number readable, and nothing else that starts with a minus', () => {
    expect(csvCell('-12.50')).toBe('-12.50');
    expect(csvCell(-3)).toBe('-3');
    for (const t of ['-1+1', '-1e3', '- 5', '-', '-12.', '-.5', '-1,5'])
      expect(csvCell(t).startsWith(`"'`)).toBe(true);
  });

  it('quotes per RFC 4180 and ends lines with CRLF', () => {
    expect(csvLine(['a,b', 'say "hi"', 'two\nlines', 5, null, true, false])).toBe(
      '"a,b","say ""hi""","two\nlines",5,,yes,no\r\n',
    );
  });

  it('starts a file with a byte-order mark and a header in words', () => {
    const text = csvTable(
      [{ header: 'Amount', value: (r: { cents: number }) => centsToDecimal(r.cents) }],
      [{ cents: -1250 }, { cents: 5 }],
    );
    expect(text).toBe(`${CSV_BOM}Amount\r\n-12.50\r\n0.05\r\n`);
    expect(csvHeader(['A', 'B'])).toBe(`${CSV_BOM}A,B\r\n`);
    expect(csvCapNote(50_000)).toContain('50,000');
  });

  it('any cell reads back as the same text once its one leading quote is removed', () => {
    fc.assert(
      fc.property(
        fc.array(fc.array(nasty, { minLength: 2, maxLength: 5 }), { minLength: 1, maxLength: 5 }),
        (rows) => {
          const width = rows[0]!.length;
          const table = rows.map((r) => [...r, ...Array(width).fill('')].slice(0, width));
          const text = CSV_BOM + table.map((r) => csvLine(r)).join('');
          // A dangerous cell reads back with one leading quote; removing it gives the original text.
          const back = parse(text).map((r, i) =>
            r.map((cell, j) => {
              if (!isFormulaLike(table[i]![j]!)) return cell;
              expect(cell.startsWith("'")).toBe(true);
              return cell.slice(1);
            }),
          );
          expect(back).toEqual(table);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('no cell a spreadsheet reads starts with a formula character, bar plain negative numbers', () => {
    fc.assert(
      fc.property(fc.array(nasty, { minLength: 1, maxLength: 6 }), (cells) => {
        for (const cell of parse(csvLine(cells))[0] ?? []) {
          if (/^-\d+(\.\d+)?$/.test(cell)) continue;
          expect(FORMULA_START.some((c) => cell.startsWith(c))).toBe(false);
        }
      }),
      { numRuns: 500 },
    );
  });

  it('money: cents become a decimal amount', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), (cents) => {
        expect(Math.round(Number(centsToDecimal(cents)) * 100)).toBe(cents);
        expect(csvCell(centsToDecimal(cents))).toBe(centsToDecimal(cents));
      }),
    );
  });
});
