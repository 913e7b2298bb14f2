import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app';
import { MIGRATIONS_DIR, rows } from './db';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** The events the staff_users trigger fires on, read from the catalogue. */
async function staffTriggerEvents(): Promise<string[]> {
  const found = await rows<{ event: string }>(
    t.database.db,
    sql`SELECT event_manipulation AS event FROM information_schema.triggers
      WHERE trigger_name = 'staff_users_auth_change' ORDER BY event_manipulation`,
  );
  return found.map((r) => r.event);
}

describe('migrations bring databases migrated before an earlier fix level with it', () => {
  it('0026 announces staff account creation on a database that kept the old 0003 trigger', async () => {
    expect(await staffTriggerEvents()).toEqual(['DELETE', 'INSERT', 'UPDATE']);
    // The trigger as databases migrated before the fix have it: changes and removals only.
    await t.database.db.execute(sql`DROP TRIGGER staff_users_auth_change ON staff_users`);
    await t.database.db.execute(sql`CREATE TRIGGER staff_users_auth_change AFTER UPDATE OR DELETE ON staff_users
      FOR EACH ROW EXECUTE FUNCTION notify_staff_auth_change()`);
    expect(await staffTriggerEvents()).toEqual(['DELETE', 'UPDATE']);

    const file = readFileSync(path.join(MIGRATIONS_DIR, '0026_staff-auth-insert-notify.sql'), 'utf8');
    for (const statement of file.split('--> statement-breakpoint'))
      await t.database.db.execute(sql.raw(statement));
    expect(await staffTriggerEvents()).toEqual(['DELETE', 'INSERT', 'UPDATE']);
  });
});
