import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { build } from 'esbuild';

// `npm run build`: the web app (Vite, into dist/web) and the server (esbuild, into dist/server).
// `--if-stale` builds only what is older than its sources: `npm start` and the browser tests run
// the built server, so a start never serves yesterday's code.
//
// The server runs from one bundle of its own code (node_modules stay outside): no TypeScript
// loader in the serving process and one module instead of ~500 (about 60 MB less resident
// memory, ADR 035).

const ROOT = path.resolve(import.meta.dirname, '..');
const SERVER_OUT = path.join(ROOT, 'dist/server');

const { values } = parseArgs({
  options: {
    'if-stale': { type: 'boolean', default: false },
    only: { type: 'string' },
  },
});
const only = values.only;
if (only !== undefined && only !== 'web' && only !== 'server') {
  console.error('Usage: tsx scripts/build.ts [--if-stale] [--only web|server]');
  process.exit(2);
}

function newestMtime(target: string): number {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(target)) {
    if (entry === 'node_modules' || entry.startsWith('.')) continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  }
  return newest;
}

const newestOf = (paths: string[]) => Math.max(...paths.map((p) => newestMtime(path.join(ROOT, p))));

/** True when `output` is missing or older than any of `sources`. */
function stale(output: string, sources: string[]): boolean {
  if (!values['if-stale']) return true;
  const built = newestMtime(path.join(ROOT, output));
  return built === 0 || built <= newestOf(sources);
}

function buildWeb() {
  const t = Date.now();
  const result = spawnSync(
    process.execPath,
    [path.join(ROOT, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'],
    { cwd: ROOT, stdio: 'inherit' },
  );
  if (result.status !== 0) throw new Error('The web app build failed.');
  console.log(`Web app built in ${((Date.now() - t) / 1000).toFixed(1)} s.`);
}

async function buildServer() {
  const t = Date.now();
  await build({
    absWorkingDir: ROOT,
    entryPoints: { start: 'scripts/start.ts', main: 'src/server/main.ts' },
    outdir: SERVER_OUT,
    bundle: true,
    // Shared code in common chunks; the demo generator (loaded only to load the demo company) in
    // its own.
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    packages: 'external',
    tsconfig: path.join(ROOT, 'tsconfig.json'),
    sourcemap: 'linked',
    chunkNames: 'chunks/[name]-[hash]',
    logLevel: 'warning',
  });
  console.log(`Server built in ${((Date.now() - t) / 1000).toFixed(1)} s.`);
}

/** The build's own plugins: the modules vite.config.ts imports from scripts/. */
const BUILD_PLUGINS = [
  ...readFileSync(path.join(ROOT, 'vite.config.ts'), 'utf8').matchAll(/from '\.\/(scripts\/[\w-]+)\.js'/g),
].map((match) => `${match[1]}.ts`);
const WEB_SOURCES = ['src/web', 'src/domain', 'vite.config.ts', 'package-lock.json', ...BUILD_PLUGINS];
const SERVER_SOURCES = [
  'src/server',
  'src/domain',
  'scripts/start.ts',
  'scripts/demo',
  'scripts/build.ts',
  'tsconfig.json',
  'package-lock.json',
];

async function main() {
  if (only !== 'server' && stale('dist/web/index.html', WEB_SOURCES)) {
    if (values['if-stale']) console.log('Building the web app…');
    buildWeb();
  }
  if (only !== 'web' && stale('dist/server/start.js', SERVER_SOURCES)) {
    if (values['if-stale']) console.log('Building the server…');
    await buildServer();
  }
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
