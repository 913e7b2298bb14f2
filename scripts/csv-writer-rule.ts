// One CSV writer (src/domain/platform/csv.ts, OWASP CSV injection): no other file of src may write
// CSV, neither with a library (Papa.unparse, csv-stringify, json2csv, fast-csv, …) nor by answering
// or saving text/csv with a media type of its own (CSV_CONTENT_TYPE comes from the writer).

export const CSV_WRITER = 'src/domain/platform/csv.ts';

const LIBRARY_WRITER =
  /\bunparse\s*\(|from\s*['"](csv-stringify|csv-writer|json2csv|@json2csv|fast-csv|@fast-csv|papaparse\/)[^'"]*['"]/;
const OWN_CSV_TYPE = /\.type\(\s*['"`]text\/csv|type:\s*['"`]text\/csv/;

/** Why this file breaks the rule, or null. `file` is relative to the project root. */
export function csvWriterProblem(file: string, source: string): string | null {
  if (file === CSV_WRITER || /\.test\.tsx?$/.test(file)) return null;
  if (LIBRARY_WRITER.test(source)) return `${file}: writes CSV itself; use ${CSV_WRITER} (formula-safe)`;
  if (OWN_CSV_TYPE.test(source)) return `${file}: sends text/csv itself; use CSV_CONTENT_TYPE and the writer`;
  return null;
}
