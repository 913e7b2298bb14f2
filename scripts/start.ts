import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { loadConfig, ROOT_DIR } from '@server/platform/config';
import { loadDataKeyring } from '@server/platform/data-keys';
import { openDatabase } from '@server/platform/db';
import { startupFailure } from '@server/platform/startup-errors';
import { startServer } from '@server/server';
import { demoCompanyToLoad } from './demo/load-state';

// `npm start`: build the web app when its sources changed, migrate, load the demo company into
// an empty database (never in production), then serve.

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

function buildWebIfStale(webDir: string) {
  const built = newestMtime(path.join(webDir, 'index.html'));
  const sources = Math.max(
    ...['src/web', 'src/domain', 'vite.config.ts', 'package-lock.json'].map((p) =>
      newestMtime(path.join(ROOT_DIR, p)),
    ),
  );
  if (built > sources) return;
  console.log(built ? 'Web app sources changed: rebuilding…' : 'Building the web app (first start)…');
  const t = Date.now();
  const result = spawnSync(
    process.execPath,
    [path.join(ROOT_DIR, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'],
    {
      cwd: ROOT_DIR,
      stdio: 'inherit',
    },
  );
  if (result.status !== 0) throw new Error('The web app build failed.');
  console.log(`Web app built in ${((Date.now() - t) / 1000).toFixed(1)} s.`);
}

async function main() {
  const started = Date.now();
  const config = loadConfig();
  buildWebIfStale(config.webDir);
  const keyring = await loadDataKeyring({
    keys: config.dataEncryptionKeys,
    dataDir: config.dataDir,
    warn: (message) => console.warn(message),
  });
  const open = () =>
    openDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      poolSize: config.databasePoolSize,
      replicaUrl: config.databaseReplicaUrl,
    });
  let database = await open();
  await database.migrate();
  // The demo generator (and its fake-data library, 20 MB of memory) is loaded only to load the
  // demo company: a start on a database that holds it serves without it.
  if (config.appEnv !== 'production' && (await demoCompanyToLoad(database.db))) {
    const { ensureDemoCompany } = await import('./demo/index');
    const demo = await ensureDemoCompany(database.db, {
      accounts: config.demoAccounts,
      includeStaff: true,
      demoPassword: config.demoPassword,
      keyring,
      progress: true,
      log: (msg) => console.log(msg),
    });
    // Loading the demo company grows the embedded database's memory, which it never gives back;
    // serving from a fresh instance keeps the server's resident memory to what serving needs.
    if (demo !== 'present' && database.kind === 'pglite') {
      await database.close();
      database = await open();
    }
  }
  await startServer(config, database, keyring);
  console.log(
    `Ready in ${((Date.now() - started) / 1000).toFixed(1)} s: ${config.publicUrl} (${database.kind === 'pglite' ? `embedded database in ${config.dataDir}` : 'PostgreSQL'})`,
  );
}

main().catch((err) => {
  // A refusal the operator can act on is one line; anything else keeps its stack.
  console.error(startupFailure(err));
  process.exit(1);
});
