import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

// Committed migrations are never edited: a database migrated before an edit would keep the old
// version. Each migration's SHA-256 is recorded in migrations/checksums.json; this check fails when
// a recorded file changed or disappeared, and when a new file has not been recorded yet
// (`npx tsx scripts/check-migrations.ts --record` records new files, never changed ones).

const DIR = path.resolve(import.meta.dirname, '..', 'src/server/db/migrations');
const LOCK = path.join(DIR, 'checksums.json');

const sha = (file: string) =>
  createHash('sha256')
    .update(readFileSync(path.join(DIR, file)))
    .digest('hex');

const files = readdirSync(DIR)
  .filter((name) => name.endsWith('.sql'))
  .sort();
const recorded: Record<string, string> = JSON.parse(readFileSync(LOCK, 'utf8'));
const problems: string[] = [];

for (const [file, hash] of Object.entries(recorded)) {
  if (!files.includes(file)) problems.push(`${file} was committed and is gone; add a new migration instead`);
  else if (sha(file) !== hash)
    problems.push(`${file} was committed and has been edited; revert it and add a new migration instead`);
}
const unrecorded = files.filter((file) => !(file in recorded));

if (process.argv.includes('--record') && problems.length === 0) {
  for (const file of unrecorded) recorded[file] = sha(file);
  writeFileSync(LOCK, `${JSON.stringify(recorded, null, 2)}\n`);
  console.log(`Recorded ${unrecorded.length} new migration(s).`);
  process.exit(0);
}
for (const file of unrecorded)
  problems.push(`${file} is not recorded; run npx tsx scripts/check-migrations.ts --record`);

if (problems.length > 0) {
  for (const problem of problems) console.error(`migrations: ${problem}`);
  process.exit(1);
}
console.log(`Migrations: ${files.length} unchanged since committed.`);
