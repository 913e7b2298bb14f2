import { appState } from '@server/db/schema';
import { type Db, rows } from '@server/platform/db';
import { eq, sql } from 'drizzle-orm';

// Whether the database holds the demo company, half of it, or nothing: read without loading the
// generator (and its fake-data library), which a start needs only when it loads the company.

export async function isDatabaseEmpty(db: Db): Promise<boolean> {
  const [row] = await rows<{ n: number }>(
    db,
    sql`select ((select count(*) from accounts) + (select count(*) from staff_users))::int as n`,
  );
  return (row?.n ?? 0) === 0;
}

const DEMO_LOAD_KEY = 'demo-load';
/** `loading` from the first row written until the last; `complete` after; null when never loaded. */
export type DemoLoadState = 'loading' | 'complete' | null;

export async function demoLoadState(db: Db): Promise<DemoLoadState> {
  const [row] = await db.select().from(appState).where(eq(appState.key, DEMO_LOAD_KEY)).limit(1);
  return row?.value === 'loading' || row?.value === 'complete' ? row.value : null;
}

export async function setDemoLoadState(db: Db, value: Exclude<DemoLoadState, null>): Promise<void> {
  await db
    .insert(appState)
    .values({ key: DEMO_LOAD_KEY, value })
    .onConflictDoUpdate({ target: appState.key, set: { value, updatedAt: new Date() } });
}

/** Whether a start has the demo company to load: into an empty database, or again after a cut-short load. */
export async function demoCompanyToLoad(db: Db): Promise<boolean> {
  return (await demoLoadState(db)) === 'loading' || (await isDatabaseEmpty(db));
}
