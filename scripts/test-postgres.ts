import { spawnSync } from 'node:child_process';

// Second half of `npm test`: the API suite again on PostgreSQL when TEST_DATABASE_URL is set.
if (!process.env.TEST_DATABASE_URL) {
  console.log('TEST_DATABASE_URL is not set: the API suite ran on the embedded database only.');
  process.exit(0);
}
console.log(`Running the API suite on PostgreSQL (${new URL(process.env.TEST_DATABASE_URL).host})…`);
const result = spawnSync('npx', ['vitest', 'run', '--project', 'api'], {
  stdio: 'inherit',
  env: { ...process.env, TEST_DB_BACKEND: 'postgres' },
});
process.exit(result.status ?? 1);
