import { type Difference, diff } from '@domain/platform/diff';
import { changeEvents } from '../db/schema';
import type { DbOrTx } from './db';

/** Who made a change: a staff member, or the system (jobs, workers). */
export interface Actor {
  id: string;
  email: string;
  name?: string | null;
  authType?: 'session' | 'bearer' | 'system';
}

export const SYSTEM_ACTOR: Actor = { id: 'system', email: 'system', name: 'System', authType: 'system' };

export type AuditCollection =
  | 'account-log'
  | 'orders-log'
  | 'staff-log'
  | 'flags-log'
  | 'promos-log'
  | string;

export interface ChangeInput {
  collection: AuditCollection;
  entityId: string;
  action: string;
  actor: Actor;
  before?: unknown;
  after?: unknown;
  /** Differences computed elsewhere; when absent they are computed from before and after. */
  differences?: Difference[];
}

/**
 * Writes one change event. Call it with the transaction that makes the change, so the change
 * and its record commit or roll back together.
 */
export async function recordChange(tx: DbOrTx, input: ChangeInput): Promise<Difference[]> {
  const differences = input.differences ?? diff(input.before ?? {}, input.after ?? {});
  await tx.insert(changeEvents).values({
    collection: input.collection,
    entityId: input.entityId,
    action: input.action,
    changedBy: input.actor.email,
    changedByName: input.actor.name ?? null,
    auth: input.actor.id,
    authType: input.actor.authType ?? 'session',
    differences,
  });
  return differences;
}
