import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { buildApp } from '@server/app';
import { loadConfig } from '@server/platform/config';
import { openDatabase } from '@server/platform/db';

// Writes the OpenAPI document the server serves at /api/openapi.json to a file (an in-memory
// database, no listening): `tsx scripts/openapi-document.ts out.json` (the OpenAPI lint reads it).
const out = process.argv[2] ?? 'openapi.json';
const database = await openDatabase({});
await database.migrate();
const app = await buildApp({
  config: loadConfig({}, { appEnv: 'test' }),
  database,
  workers: false,
  logger: false,
  mailer: null,
});
await app.ready();
mkdirSync(path.dirname(path.resolve(out)), { recursive: true });
writeFileSync(out, JSON.stringify(app.swagger(), null, 2));
await app.close();
await database.close();
console.log(`OpenAPI document written to ${out}.`);
