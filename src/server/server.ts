import { buildApp } from './app';
import { loadConfig } from './platform/config';
import type { DataKeyring } from './platform/data-keys';
import { type Database, openDatabase } from './platform/db';
import type { ServerModule } from './platform/server-module';

/**
 * Starts the server: migrate, build the app, listen; close cleanly on SIGINT/SIGTERM.
 * An already open (and migrated) database can be handed in: PGlite allows one process per data dir.
 * `extraModules` go after the app's own (the scale-out test's job kind).
 */
export async function startServer(
  config = loadConfig(),
  opened?: Database,
  keyring?: DataKeyring,
  extraModules: readonly ServerModule[] = [],
) {
  const database =
    opened ??
    (await openDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      poolSize: config.databasePoolSize,
      replicaUrl: config.databaseReplicaUrl,
    }));
  if (!opened) await database.migrate();
  const app = await buildApp({ config, database, extraModules, ...(keyring && { keyring }) });
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    try {
      await app.close();
      await database.close();
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  await app.listen({ port: config.port, host: config.host });
  return app;
}
