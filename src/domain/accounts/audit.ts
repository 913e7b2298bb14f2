import { z } from 'zod';
import { decimalInt } from '../platform/ids';

// The account change log (spec 1 §3 Account-log event): changedBy, collection, dateChangedUTC,
// differences {kind, lhs, rhs, path}. `GET /api/customers/{uid}/audit?collection=&changedBy=&page=`.

export const AUDIT_PAGE_SIZE = 20;

export const AuditQuery = z.object({
  collection: z.string().trim().max(60).optional(),
  changedBy: z.string().trim().max(254).optional(),
  page: decimalInt(1, 100_000).default(1),
});
export type AuditQuery = z.infer<typeof AuditQuery>;

export const AuditDifference = z.object({
  kind: z.enum(['N', 'D', 'E', 'A']),
  path: z.array(z.union([z.string(), z.number()])),
  lhs: z.unknown().optional(),
  rhs: z.unknown().optional(),
});
export type AuditDifference = z.infer<typeof AuditDifference>;

export const AuditEvent = z.object({
  id: z.number().int(),
  collection: z.string(),
  action: z.string(),
  changedBy: z.string(),
  changedByName: z.string().nullable(),
  /**
   * Who was signed in (spec 2 §3 order change log event): the staff member's id, or `system` for
   * jobs; never a token. Null on events recorded before it was kept.
   */
  auth: z.string().nullable(),
  /** How they were signed in: `session` (the screens), `bearer` (an API client) or `system`. */
  authType: z.string().nullable(),
  dateChangedUTC: z.string(),
  differences: z.array(AuditDifference),
});
export type AuditEvent = z.infer<typeof AuditEvent>;

export const AuditAnswer = z.object({
  success: z.literal(true),
  data: z.array(AuditEvent),
  page: z.number().int(),
  limit: z.number().int(),
  total: z.number().int(),
  /** What the filters can offer for this account. */
  filters: z.object({ collections: z.array(z.string()), changedBy: z.array(z.string()) }),
  /**
   * Names for the ids the page carries, so the screens name people and products: staff by id and
   * by email (the authors, the filter's staff, and staff recorded inside the differences), products
   * by SKU.
   */
  names: z.object({ staff: z.record(z.string(), z.string()), products: z.record(z.string(), z.string()) }),
});
export type AuditAnswer = z.infer<typeof AuditAnswer>;
