// The one CSV writer of the product: every file a screen or an endpoint hands out is written here
// (a unit test fails when another writer appears). Pure, so the browser and the server share it.
//
// - RFC 4180: fields separated by commas, lines ended by CRLF, a field holding a comma, a double
//   quote or a line break is wrapped in double quotes with its quotes doubled.
// - UTF-8 with a byte-order mark in front of the file, so Excel reads accented names as UTF-8.
// - Formula injection (OWASP "CSV Injection"): a cell that begins with `=`, `+`, `-`, `@`, a tab or
//   a carriage return would be read by a spreadsheet as a formula (`=HYPERLINK(…)`, `@SUM(…)`,
//   `-2+3+cmd|…`). Such a cell gets a single quote in front and is always quoted, so it opens as
//   text. Decision: a plain negative decimal number (`-12.50`, `-3`: a minus, digits, at most one
//   dot followed by digits, nothing else) is left as it is — such a cell has no operator, name or
//   call a spreadsheet could run, and money columns stay numbers. Anything else starting with a
//   minus (`-1+1`, `-1e3`, `- 5`) is neutralised.

export type CsvValue = string | number | bigint | boolean | null | undefined;

export const CSV_BOM = '\uFEFF';
export const CSV_EOL = '\r\n';
/** The media type every CSV answer and download carries. */
export const CSV_CONTENT_TYPE = 'text/csv; charset=utf-8';

/** First characters that make a spreadsheet read a cell as a formula. */
const FORMULA_START = /^[=+\-@\t\r]/;
/** A plain negative decimal number: safe to leave readable as a number. */
const PLAIN_NEGATIVE = /^-\d+(\.\d+)?$/;
/** What forces a field into quotes under RFC 4180. */
const NEEDS_QUOTES = /[",\r\n]/;

/** The text of a value: nothing for null, `yes`/`no` for a flag. */
export function cellText(value: CsvValue): string {
  if (value == null) return '';
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  return String(value);
}

/** True when a spreadsheet could run this text as a formula (it gets a leading quote). */
export const isFormulaLike = (text: string): boolean =>
  FORMULA_START.test(text) && !PLAIN_NEGATIVE.test(text);

/** One field: neutralised when formula-like, quoted when RFC 4180 (or neutralising) needs it. */
export function csvCell(value: CsvValue): string {
  const text = cellText(value);
  if (isFormulaLike(text)) return `"'${text.replaceAll('"', '""')}"`;
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One record, CRLF ended. */
export const csvLine = (cells: readonly CsvValue[]): string => `${cells.map(csvCell).join(',')}${CSV_EOL}`;

/** A column of an export: its header in words (`Amount`, not `amountCents`) and how to read a row. */
export interface CsvColumn<T> {
  header: string;
  value: (row: T) => CsvValue;
}

/** The start of a file: the byte-order mark and the header line. */
export const csvHeader = (headers: readonly string[]): string => `${CSV_BOM}${csvLine(headers)}`;

/** The records of some rows (no header): for files written a page at a time. */
export function csvRows<T>(columns: readonly CsvColumn<T>[], rows: Iterable<T>): string {
  let text = '';
  for (const row of rows) text += csvLine(columns.map((c) => c.value(row)));
  return text;
}

/** A whole file: byte-order mark, header line, one line per row. */
export function csvTable<T>(columns: readonly CsvColumn<T>[], rows: Iterable<T>): string {
  return csvHeader(columns.map((c) => c.header)) + csvRows(columns, rows);
}

/** Cents as a plain decimal amount (`-1250` → `-12.50`), what a spreadsheet sums. */
export function centsToDecimal(cents: number | null | undefined): string {
  if (cents == null || !Number.isFinite(cents)) return '';
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.round(cents));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** Most rows a list export holds; the file and the screen say so when a search matches more. */
export const CSV_EXPORT_MAX_ROWS = 50_000;

/** The last line of an export cut at its cap: says so, in words, inside the file. */
export const csvCapNote = (cap: number): string =>
  csvLine([
    `Only the first ${cap.toLocaleString('en-US')} matching rows are in this file; narrow the search to export the rest.`,
  ]);
