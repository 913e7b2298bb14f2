import { loadConfig } from '@server/platform/config';
import { loadDataKeyring } from '@server/platform/data-keys';
import { openDatabase } from '@server/platform/db';
import { startupFailure } from '@server/platform/startup-errors';
import { startServer } from '@server/server';
import { demoCompanyToLoad } from './demo/load-state';

// `npm start` (after `scripts/build.ts --if-stale`, from its build in dist/server): migrate, load
// the demo company into an empty database (never in production), then serve.

async function main() {
  const started = Date.now();
  const config = loadConfig();
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
