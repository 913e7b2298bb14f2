import { loadConfig } from '@server/platform/config';
import { openDatabase } from '@server/platform/db';
import { startupFailure } from '@server/platform/startup-errors';

// `npm run db:migrate`: apply pending migrations to DATABASE_URL, or to the embedded database in DATA_DIR.
try {
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const t = Date.now();
  await database.migrate();
  await database.close();
  console.log(`Migrations applied (${database.kind}) in ${Date.now() - t} ms.`);
} catch (err) {
  console.error(startupFailure(err));
  process.exitCode = 1;
}
