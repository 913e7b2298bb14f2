import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { areaMapProblems } from './area-map';
import { csvWriterProblem } from './csv-writer-rule';

// Import boundaries (CONVENTIONS.md): src/domain is pure and shared; src/server and src/web never
// import each other; on the client, shared code → features → app, features never import each
// other (the entry file beside them may import the app); a server module's routes build no
// queries (no drizzle-orm in *.routes.ts); a module's repo is its own (another module, or code
// outside the modules, goes through its services); no import cycles anywhere in src; and every
// area has one name in every layer, as the area map of docs/architecture.md lists it.

const ROOT = path.resolve(import.meta.dirname, '..');
const SRC = path.join(ROOT, 'src');
const ALIASES: Record<string, string> = {
  '@domain/': 'src/domain/',
  '@server/': 'src/server/',
  '@web/': 'src/web/',
};
const EXTENSIONS = ['.ts', '.tsx', '/index.ts', '/index.tsx'];
const DOMAIN_FORBIDDEN_PACKAGES = [
  /^node:/,
  /^react($|\/)/,
  /^react-dom/,
  /^@mui\//,
  /^drizzle-orm/,
  /^@electric-sql\//,
  /^pg$/,
  /^fastify/,
];

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return name === 'migrations' ? [] : files(full);
    return /\.(ts|tsx)$/.test(name) ? [full] : [];
  });
}

function resolve(from: string, spec: string): string | null {
  let base: string | null = null;
  if (spec.startsWith('.')) base = path.resolve(path.dirname(from), spec);
  for (const [alias, target] of Object.entries(ALIASES)) {
    if (spec.startsWith(alias)) base = path.join(ROOT, target, spec.slice(alias.length));
  }
  if (!base) return null;
  for (const ext of ['', ...EXTENSIONS]) {
    const candidate = base + ext;
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return null;
}

// `import … from 'x'`, `export … from 'x'`, `import('x')` and a bare `import 'x'` (side effects only).
const IMPORT_RE =
  /(?:^|\n)\s*(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|(?:^|\n)\s*import\s*['"]([^'"]+)['"]/g;
const rel = (f: string) => path.relative(ROOT, f).replaceAll(path.sep, '/');
const layer = (f: string) => rel(f).split('/')[1] ?? '';
const feature = (f: string) => /^src\/web\/features\/([^/]+)\//.exec(rel(f))?.[1];
const webPart = (f: string) => /^src\/web\/([^/]+)\//.exec(rel(f))?.[1];
const serverModule = (f: string) => /^src\/server\/modules\/([^/]+)\//.exec(rel(f))?.[1];

const problems: string[] = [];
const graph = new Map<string, string[]>();

for (const file of files(SRC)) {
  const source = readFileSync(file, 'utf8');
  const csvProblem = csvWriterProblem(rel(file), source);
  if (csvProblem) problems.push(csvProblem);
  const edges: string[] = [];
  for (const m of source.matchAll(IMPORT_RE)) {
    const spec = (m[1] ?? m[2] ?? m[3])!;
    const target = resolve(file, spec);
    const where = `${rel(file)} imports '${spec}'`;
    if (!target) {
      if (file.endsWith('.routes.ts') && /^drizzle-orm/.test(spec)) {
        problems.push(`${where}: routes call services and repos; queries are built in the repo`);
      }
      if (layer(file) === 'domain' && DOMAIN_FORBIDDEN_PACKAGES.some((re) => re.test(spec))) {
        problems.push(`${where}: src/domain stays pure (no Node, React or database packages)`);
      }
      if (spec.startsWith('.') || Object.keys(ALIASES).some((a) => spec.startsWith(a))) {
        problems.push(`${where}: cannot be resolved`);
      }
      continue;
    }
    edges.push(target);
    const from = layer(file);
    const to = layer(target);
    if (from === 'domain' && to !== 'domain') problems.push(`${where}: src/domain must not import src/${to}`);
    if (from === 'web' && to === 'server') problems.push(`${where}: the browser must not import src/server`);
    if (from === 'server' && to === 'web') problems.push(`${where}: the server must not import src/web`);
    const [fm, tm] = [serverModule(file), serverModule(target)];
    if (tm && fm !== tm && target.endsWith('.repo.ts')) {
      problems.push(
        `${where}: a module's repo is its own; call the ${tm} module's services (${fm ?? rel(path.dirname(file))} → ${tm})`,
      );
    }
    if (from === 'web' && to === 'web') {
      const [fp, tp] = [webPart(file), webPart(target)];
      const [ff, tf] = [feature(file), feature(target)];
      if (ff && tf && ff !== tf)
        problems.push(`${where}: features must not import other features (${ff} → ${tf})`);
      if (fp && fp !== 'app' && tp === 'app')
        problems.push(`${where}: only src/web/app may import src/web/app`);
      if ((fp === 'components' || fp === 'lib') && tp === 'features') {
        problems.push(`${where}: shared code must not import features`);
      }
    }
  }
  graph.set(file, edges);
}

// Cycles: depth-first search, reporting each cycle once.
const state = new Map<string, 'visiting' | 'done'>();
const stack: string[] = [];
function visit(node: string) {
  state.set(node, 'visiting');
  stack.push(node);
  for (const next of graph.get(node) ?? []) {
    if (state.get(next) === 'visiting') {
      const cycle = stack.slice(stack.indexOf(next)).concat(next).map(rel);
      problems.push(`import cycle: ${cycle.join(' → ')}`);
    } else if (!state.has(next)) visit(next);
  }
  stack.pop();
  state.set(node, 'done');
}
for (const node of graph.keys()) if (!state.has(node)) visit(node);

// One name per area in every layer (docs/architecture.md).
problems.push(...areaMapProblems(ROOT));

if (problems.length) {
  console.error(
    `Import boundary problems (${problems.length}):\n${problems.map((p) => `  - ${p}`).join('\n')}`,
  );
  process.exit(1);
}
console.log(`Import boundaries: ${graph.size} files checked, no problems.`);
