import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

// Browser tests resize with `setViewport` (tests/e2e/fixtures.ts), which waits for the page's layout
// tier. Playwright's own `setViewportSize` returns before the layout moves (spec 1 §9 debounces the
// tier by 100 ms), and a click just after it can press one spot and be released on another, so
// that no click happens (ADR 040). This check fails on a spec that resizes by itself.

const DIR = path.resolve(import.meta.dirname, '../tests/e2e');
const files = readdirSync(DIR).filter((name) => name.endsWith('.ts') && name !== 'fixtures.ts');
const direct = files.flatMap((name) =>
  readFileSync(path.join(DIR, name), 'utf8')
    .split('\n')
    .flatMap((line, i) => (/\.setViewportSize\(/.test(line) ? [`tests/e2e/${name}:${i + 1}`] : [])),
);
if (direct.length > 0) {
  for (const place of direct)
    console.error(`${place}: resize with setViewport (fixtures.ts), not setViewportSize`);
  process.exit(1);
}
console.log(`Browser-test resizes: ${files.length} files checked, each through setViewport.`);
