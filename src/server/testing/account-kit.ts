import type { StaffRole } from '@domain/auth/roles';
import { and, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { accounts, changeEvents } from '../db/schema';
import { insertAccount } from './fixtures';
import type { SignedIn, TestApp } from './test-app';

// Shared steps of the accounts API tests.

export const ROLES: StaffRole[] = ['agent', 'leader', 'developer', 'fraudAgent', 'salesOperatorManager'];

export interface Call {
  method: 'GET' | 'POST' | 'PUT';
  url: string;
  payload?: unknown;
}

export function caller(t: TestApp) {
  const signed = new Map<StaffRole, SignedIn>();
  const as = async (role: StaffRole) => {
    if (!signed.has(role)) signed.set(role, await t.signIn(role));
    return signed.get(role)!;
  };
  const call = async (role: StaffRole, c: Call) =>
    t.app.inject({
      method: c.method,
      url: c.url,
      payload: c.payload as object,
      headers: (await as(role)).headers,
    });
  return { as, call };
}

export async function accountLog(t: TestApp, uid: string) {
  return t.database.db
    .select()
    .from(changeEvents)
    .where(and(eq(changeEvents.collection, 'account-log'), eq(changeEvents.entityId, uid)))
    .orderBy(changeEvents.id);
}

export async function accountRow(t: TestApp, uid: string) {
  const [row] = await t.database.db.select().from(accounts).where(eq(accounts.uid, uid));
  return row!;
}

/** The company (1), a consultant under it and a customer under the consultant. */
export async function smallTree(t: TestApp) {
  const db = t.database.db;
  const company = await insertAccount(db, {
    phoenixId: 1,
    firstName: 'Company',
    lastName: 'Sponsor',
    userType: 1,
    sponsorId: 1,
    enrollerId: 1,
  });
  const consultant = await insertAccount(db, {
    userType: 1,
    sponsorId: 1,
    enrollerId: 1,
    dateOfBirth: '1980-04-02',
  });
  const customer = await insertAccount(db, {
    userType: 3,
    sponsorId: consultant.phoenixId,
    enrollerId: consultant.phoenixId,
  });
  return { company, consultant, customer };
}

/** Expects 403 INSUFFICIENT_PERMISSIONS for every role outside `allowed`, and no 403 inside. */
export async function expectOnlyRoles(
  call: (role: StaffRole, c: Call) => Promise<{ statusCode: number; json: () => { code?: string } }>,
  c: Call,
  allowed: StaffRole[],
) {
  for (const role of ROLES) {
    const res = await call(role, c);
    if (allowed.includes(role)) expect(res.statusCode, `${role} ${c.method} ${c.url}`).not.toBe(403);
    else {
      expect(res.statusCode, `${role} ${c.method} ${c.url}`).toBe(403);
      expect(res.json().code).toBe('INSUFFICIENT_PERMISSIONS');
    }
  }
}
