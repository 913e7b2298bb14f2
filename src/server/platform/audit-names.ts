import type { AuditNames } from '@domain/audit/describe';
import type { Difference } from '@domain/platform/diff';
import { inArray, or, sql } from 'drizzle-orm';
import { products, staffUsers } from '../db/schema';
import type { DbOrTx } from './db';

// The audit answer names what its events only identify: the staff member behind an id or email
// (authors, refunds' adminUid, ledger entries' createdBy) and the product behind a SKU.

/** Fields of the recorded values that hold a staff member's id or email. */
const STAFF_FIELDS = new Set(['adminUid', 'analystEmail', 'by', 'createdBy', 'updatedBy']);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** A page holds at most a few hundred ids; more would only be the same few repeated. */
const MAX_LOOKUPS = 500;

function collect(value: unknown, key: string | number | undefined, staff: Set<string>, skus: Set<string>) {
  if (Array.isArray(value)) {
    for (const v of value) collect(v, key, staff, skus);
  } else if (value !== null && typeof value === 'object') {
    for (const [k, v] of Object.entries(value as Record<string, unknown>)) collect(v, k, staff, skus);
  } else if (typeof value === 'string' && value) {
    if (STAFF_FIELDS.has(String(key))) staff.add(value);
    else if (key === 'sku') skus.add(value);
  }
}

export interface NamedEvent {
  changedBy: string;
  auth: string | null;
  differences: Difference[];
}

export async function auditNames(db: DbOrTx, events: NamedEvent[], people: string[]): Promise<AuditNames> {
  const staff = new Set<string>(people);
  const skus = new Set<string>();
  for (const e of events) {
    staff.add(e.changedBy);
    if (e.auth) staff.add(e.auth);
    for (const d of e.differences) {
      collect(d.lhs, d.path.at(-1), staff, skus);
      collect(d.rhs, d.path.at(-1), staff, skus);
    }
  }
  staff.delete('system');
  const wanted = [...staff].slice(0, MAX_LOOKUPS);
  const ids = wanted.filter((s) => UUID.test(s));
  const emails = wanted.filter((s) => s.includes('@')).map((s) => s.toLowerCase());
  const skuList = [...skus].slice(0, MAX_LOOKUPS);
  const [staffRows, productRows] = await Promise.all([
    ids.length + emails.length === 0
      ? Promise.resolve([])
      : db
          .select({ id: staffUsers.id, email: staffUsers.email, name: staffUsers.name })
          .from(staffUsers)
          .where(
            or(
              ids.length > 0 ? inArray(staffUsers.id, ids) : undefined,
              emails.length > 0 ? inArray(sql`lower(${staffUsers.email})`, emails) : undefined,
            ),
          ),
    skuList.length === 0
      ? Promise.resolve([])
      : db
          .select({ sku: products.sku, title: products.title })
          .from(products)
          .where(inArray(products.sku, skuList)),
  ]);
  const names: AuditNames = { staff: {}, products: {} };
  for (const s of staffRows) {
    names.staff[s.id] = s.name;
    names.staff[s.email.toLowerCase()] = s.name;
    names.staff[s.email] = s.name;
  }
  for (const p of productRows) names.products[p.sku] = p.title;
  return names;
}

/** Staff names by id, for records that kept only the id (refunds written without the name). */
export async function staffNamesById(db: DbOrTx, ids: readonly string[]): Promise<Map<string, string>> {
  const wanted = [...new Set(ids)].filter((id) => UUID.test(id)).slice(0, MAX_LOOKUPS);
  const names = new Map<string, string>();
  if (ids.includes('system')) names.set('system', 'System');
  if (wanted.length === 0) return names;
  const rows = await db
    .select({ id: staffUsers.id, name: staffUsers.name })
    .from(staffUsers)
    .where(inArray(staffUsers.id, wanted));
  for (const r of rows) names.set(r.id, r.name);
  return names;
}
