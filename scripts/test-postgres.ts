import { spawnSync } from 'node:child_process';

// Second half of `npm test`: the API suite again on PostgreSQL when TEST_DATABASE_URL is set.
if (!process.env.TEST_DATABASE_URL) {
  console.log('TEST_DATABASE_URL is not set: the API suite ran on the embedded database only.');
  process.exit(0);
}
console.log(`Running the API suite on PostgreSQL (${new URL(process.env.TEST_DATABASE_URL).host})…`);
const env = { ...process.env, TEST_DB_BACKEND: 'postgres' };
const api = spawnSync('npx', ['vitest', 'run', '--project', 'api'], { stdio: 'inherit', env });
if (api.status !== 0) process.exit(api.status ?? 1);
// Then three app processes on one database (DESIGN §1), alone, so they do not compete with the suite.
console.log('Running the scale-out test: three app processes behind a round-robin proxy…');
const scale = spawnSync('npx', ['vitest', 'run', '--project', 'scale'], { stdio: 'inherit', env });
process.exit(scale.status ?? 1);
