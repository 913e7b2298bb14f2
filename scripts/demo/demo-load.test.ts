import { randomBytes } from 'node:crypto';
import { DataKeyring } from '@server/platform/data-keys';
import { openDatabase } from '@server/platform/db';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { demoLoadState, ensureDemoCompany, seedDemo } from './index';

const NOW = new Date('2025-06-15T19:30:00Z');
const keyring = new DataKeyring([{ id: 'test', key: randomBytes(32) }]);
const OPTIONS = { accounts: 10, now: NOW, includeStaff: true, demoPassword: 'Demo-Password-1', keyring };

const count = async (db: Awaited<ReturnType<typeof openDatabase>>['db'], table: string) => {
  const result = await db.execute<{ n: number }>(sql.raw(`select count(*)::int as n from ${table}`));
  return (result as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0;
};

// A start killed during the demo load must not serve half a company (spec of operations: a
// partial load is redone, never served silently).
describe('demo load', { timeout: 240_000 }, () => {
  it('marks a load cut short, and the next start empties the database and loads it whole', async () => {
    const database = await openDatabase({});
    try {
      await database.migrate();
      // The process dies right after the staff and reference rows are written, before the accounts.
      const crash = seedDemo(database.db, {
        ...OPTIONS,
        log: (message) => {
          if (message.startsWith('reference data')) throw new Error('killed');
        },
      });
      await expect(crash).rejects.toThrow('killed');
      expect(await demoLoadState(database.db)).toBe('loading');
      expect(await count(database.db, 'staff_users')).toBeGreaterThan(0);
      const partial = await count(database.db, 'accounts');

      const messages: string[] = [];
      expect(await ensureDemoCompany(database.db, { ...OPTIONS, log: (m) => messages.push(m) })).toBe(
        'reloaded',
      );
      expect(messages[0]).toMatch(/did not finish/);
      expect(await demoLoadState(database.db)).toBe('complete');
      const accounts = await count(database.db, 'accounts');
      const staff = await count(database.db, 'staff_users');
      expect(accounts).toBeGreaterThan(partial);

      // The same company as a load that was never interrupted.
      const clean = await openDatabase({});
      try {
        await clean.migrate();
        expect(await ensureDemoCompany(clean.db, OPTIONS)).toBe('loaded');
        expect(await count(clean.db, 'accounts')).toBe(accounts);
        expect(await count(clean.db, 'staff_users')).toBe(staff);
      } finally {
        await clean.close();
      }
      // A complete company is left alone by later starts.
      expect(await ensureDemoCompany(database.db, OPTIONS)).toBe('present');
      expect(await count(database.db, 'accounts')).toBe(accounts);
    } finally {
      await database.close();
    }
  });
});
