import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '@server/platform/config';
import { DataKeyError, loadDataKeyring } from '@server/platform/data-keys';
import { openDatabase } from '@server/platform/db';
import { demoLoadState, isDatabaseEmpty, seedDemo } from './demo/index';
import { resetDatabase } from './demo/reset';

// Loads the demo company into the configured database (DATABASE_URL or DATA_DIR).
// Usage: tsx scripts/seed.ts [--accounts 2000] [--seed 42] [--now ISO] [--reset] [--no-staff]

const USAGE = 'Usage: tsx scripts/seed.ts [--accounts 2000] [--seed 42] [--now ISO] [--reset] [--no-staff]';

function parseCli() {
  const { values } = parseArgs({
    options: {
      accounts: { type: 'string', default: '2000' },
      seed: { type: 'string', default: '42' },
      now: { type: 'string' },
      reset: { type: 'boolean', default: false },
      'no-staff': { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
    strict: true,
  });
  const accounts = Number(values.accounts);
  const seed = Number(values.seed);
  const now = values.now ? new Date(values.now) : new Date();
  if (!Number.isInteger(accounts) || accounts < 0)
    throw new Error(`--accounts must be a whole number, got ${values.accounts}`);
  if (!Number.isInteger(seed)) throw new Error(`--seed must be an integer, got ${values.seed}`);
  if (Number.isNaN(now.getTime())) throw new Error(`--now must be an ISO date, got ${values.now}`);
  return { accounts, seed, now, reset: values.reset, noStaff: values['no-staff'], help: values.help };
}

async function main(): Promise<number> {
  const args = parseCli();
  if (args.help) {
    console.log(USAGE);
    return 0;
  }
  const config = loadConfig();
  // The app's key ring (DATA_ENCRYPTION_KEY, else the key file in DATA_DIR): tax numbers are written sealed.
  const keyring = await loadDataKeyring({
    keys: config.dataEncryptionKeys,
    dataDir: config.dataDir,
    warn: (message) => console.error(message),
  });
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await database.migrate();
    const interrupted = (await demoLoadState(database.db)) === 'loading';
    if (args.reset || interrupted) {
      if (interrupted && !args.reset) console.error('The last demo load did not finish: loading it again.');
      const tables = await resetDatabase(database.db);
      console.error(`Reset: truncated ${tables.length} tables.`);
    } else if (!(await isDatabaseEmpty(database.db))) {
      console.error(
        'The database already holds accounts or staff. Run with --reset to replace them with the demo company.',
      );
      return 1;
    }
    // Demo logins share a known password, so they never exist in production.
    const includeStaff = !args.noStaff && config.appEnv !== 'production';
    if (!includeStaff && !args.noStaff) console.error('APP_ENV=production: demo staff are not created.');
    const summary = await seedDemo(database.db, {
      accounts: args.accounts,
      seed: args.seed,
      now: args.now,
      includeStaff,
      demoPassword: config.demoPassword,
      keyring,
      // cli-progress draws only on a terminal, so redirected output stays clean.
      progress: true,
      log: (message) => console.error(message),
      concurrency: database.kind === 'postgres' ? 2 : 1,
    });
    const width = Math.max(...Object.keys(summary.rows).map((k) => k.length));
    console.log(`Demo company (${database.kind}, seed ${summary.seed}, now ${summary.now.toISOString()}):`);
    let total = 0;
    for (const [table, count] of Object.entries(summary.rows)) {
      total += count;
      console.log(`  ${table.padEnd(width)}  ${count.toLocaleString('en-US').padStart(10)}`);
    }
    console.log(`  ${'total'.padEnd(width)}  ${total.toLocaleString('en-US').padStart(10)}`);
    console.log(
      `${summary.accounts.toLocaleString('en-US')} accounts, ${summary.orders.toLocaleString('en-US')} orders in ${summary.seconds} s (${Math.round(total / summary.seconds).toLocaleString('en-US')} rows/s, peak memory ${summary.peakRssMb} MB)`,
    );
    return 0;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    if (!(error instanceof ConfigError || error instanceof DataKeyError)) console.error(USAGE);
    process.exitCode = 1;
  },
);
