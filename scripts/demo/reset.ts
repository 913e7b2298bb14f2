import { type DbOrTx, rows } from '@server/platform/db';
import { sql } from 'drizzle-orm';

// Empties every table of the public schema and restarts their ids. The migrations bookkeeping
// (drizzle's __drizzle_migrations, kept in its own schema by default) is left alone.

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** Truncates all application tables; returns their names. */
export async function resetDatabase(db: DbOrTx): Promise<string[]> {
  const tables = await rows<{ name: string }>(
    db,
    sql`select tablename as name from pg_tables
         where schemaname = 'public' and tablename not like '\_\_drizzle%'
         order by tablename`,
  );
  const names = tables.map((t) => t.name);
  if (names.length === 0) return names;
  await db.execute(
    sql.raw(`truncate table ${names.map((n) => `public.${quote(n)}`).join(', ')} restart identity cascade`),
  );
  return names;
}
