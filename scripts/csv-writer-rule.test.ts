import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { csvWriterProblem } from './csv-writer-rule';

const ROOT = path.resolve(import.meta.dirname, '..');
const files = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return files(full);
    return /\.tsx?$/.test(name) ? [full] : [];
  });

describe('one CSV writer', () => {
  it('flags another writer', () => {
    expect(csvWriterProblem('src/web/x.ts', "import Papa from 'papaparse';\nPapa.unparse(rows);")).toMatch(
      /writes CSV itself/,
    );
    expect(csvWriterProblem('src/server/x.ts', "import { stringify } from 'csv-stringify/sync';")).toMatch(
      /writes CSV itself/,
    );
    expect(csvWriterProblem('src/server/x.ts', "reply.type('text/csv; charset=utf-8').send(text)")).toMatch(
      /sends text\/csv/,
    );
    expect(csvWriterProblem('src/web/x.ts', "new Blob([t], { type: 'text/csv' })")).toMatch(
      /sends text\/csv/,
    );
    expect(csvWriterProblem('src/domain/uploads/upload.ts', 'Papa.parse(text)')).toBeNull();
  });

  it('finds none in src: every CSV goes through src/domain/platform/csv.ts', () => {
    const problems = files(path.join(ROOT, 'src'))
      .map((f) => csvWriterProblem(path.relative(ROOT, f).replaceAll(path.sep, '/'), readFileSync(f, 'utf8')))
      .filter((p) => p !== null);
    expect(problems).toEqual([]);
  });
});
