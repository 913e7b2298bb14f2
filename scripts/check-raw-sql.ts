import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

// A whole statement in raw SQL (`rows(db, sql…)`, `.execute(sql…)`) is kept only where Drizzle's
// query builder cannot say it, with a `// Raw SQL: <reason>.` comment just above it
// (docs/architecture.md). This check fails on any statement without its reason.

const ROOT = path.resolve(import.meta.dirname, '..');
const SERVER = path.join(ROOT, 'src/server');

/**
 * A call of the raw-statement helper `rows` (with or without a type argument, which may run over
 * several lines: `rows<{` opens one) or of `.execute`.
 */
const STATEMENT = /(?<![\w.])rows(<[^()]*>)?\(|(?<![\w.])rows<\{?\s*$|\.execute\(/;
/**
 * Not a statement: comments, the helper itself (its definition, and the call it forwards to), and
 * a method named `rows` declared in an interface (`rows(` alone on its line).
 */
const NOT_A_STATEMENT = /^\s*(\/\/|\*|\/\*)|function rows\b|\.execute\(query\)|^\s*rows\($/;
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

const problems: string[] = [];
let statements = 0;
for (const file of sourceFiles(SERVER).sort()) {
  const text = readFileSync(file, 'utf8');
  statements += text.split('\n').filter((line) => STATEMENT.test(line) && !NOT_A_STATEMENT.test(line)).length;
  const n = unexplainedStatements(text);
  if (n > 0)
    problems.push(
      `${path.relative(ROOT, file)}: ${n} whole statement(s) in raw SQL without a "${REASON} <reason>." comment: use the query builder, or say why it cannot`,
    );
}
if (problems.length > 0) {
  console.error(problems.join('\n'));
  process.exit(1);
}
console.log(`Raw SQL: ${statements} whole statement(s), each with its reason.`);
