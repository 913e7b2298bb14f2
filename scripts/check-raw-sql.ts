import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

// A whole statement in raw SQL (`rows(db, sql…)`, `.execute(sql…)`) is kept only where Drizzle's
// query builder cannot say it, with a `// Raw SQL: <reason>.` comment just above it
// (docs/architecture.md). Statements written before that rule are counted per file in
// scripts/raw-sql-baseline.json: this check fails when a file has more unexplained statements than
// its count (a new one), and when it has fewer (converted or explained: lower the count with
// `npx tsx scripts/check-raw-sql.ts --record`, which only ever lowers counts).

const ROOT = path.resolve(import.meta.dirname, '..');
const SERVER = path.join(ROOT, 'src/server');
const BASELINE = path.join(ROOT, 'scripts/raw-sql-baseline.json');

/** A call of the raw-statement helper `rows` (with or without a type argument) or of `.execute`. */
const STATEMENT = /(?<![\w.])rows(<[^()]*>)?\(|\.execute\(/;
/** Not a statement: comments, and the helper itself (its definition, and the call it forwards to). */
const NOT_A_STATEMENT = /^\s*(\/\/|\*|\/\*)|function rows\b|\.execute\(query\)/;
const REASON = '// Raw SQL:';
/** How many lines above a statement its reason may sit (a comment over `const [r] = await rows(`). */
const REASON_REACH = 3;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'testing' ? [] : sourceFiles(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

/** The number of raw statements in `text` with no reason above them. */
function unexplainedStatements(text: string): number {
  const lines = text.split('\n');
  let count = 0;
  const isStatement = (line: string) => STATEMENT.test(line) && !NOT_A_STATEMENT.test(line);
  for (const [i, line] of lines.entries()) {
    if (!isStatement(line)) continue;
    // The reason is this statement's own: looking up stops at the statement before it.
    let explained = line.includes(REASON);
    for (let j = i - 1; !explained && j >= Math.max(0, i - REASON_REACH) && !isStatement(lines[j]!); j--)
      explained = lines[j]!.includes(REASON);
    if (!explained) count++;
  }
  return count;
}

const found: Record<string, number> = {};
for (const file of sourceFiles(SERVER).sort()) {
  const n = unexplainedStatements(readFileSync(file, 'utf8'));
  if (n > 0) found[path.relative(ROOT, file)] = n;
}
const baseline: Record<string, number> = JSON.parse(readFileSync(BASELINE, 'utf8'));
const problems: string[] = [];
const lowered: string[] = [];
for (const file of new Set([...Object.keys(found), ...Object.keys(baseline)])) {
  const now = found[file] ?? 0;
  const allowed = baseline[file] ?? 0;
  if (now > allowed)
    problems.push(
      `${file}: ${now} whole statement(s) in raw SQL without a "${REASON} <reason>." comment, ${allowed} allowed: use the query builder, or say why it cannot`,
    );
  else if (now < allowed) lowered.push(file);
}

if (process.argv.includes('--record')) {
  if (problems.length > 0) {
    console.error(problems.join('\n'));
    process.exit(1);
  }
  writeFileSync(BASELINE, `${JSON.stringify(found, null, 2)}\n`);
  console.log(`Raw SQL: ${lowered.length} file(s) lowered in the baseline.`);
  process.exit(0);
}
for (const file of lowered)
  problems.push(
    `${file}: fewer unexplained raw statements than its baseline; lower it with npx tsx scripts/check-raw-sql.ts --record`,
  );
if (problems.length > 0) {
  console.error(problems.join('\n'));
  process.exit(1);
}
const total = Object.values(found).reduce((sum, n) => sum + n, 0);
console.log(
  `Raw SQL: ${total} older statement(s) without a reason, in ${Object.keys(found).length} files; none new.`,
);
