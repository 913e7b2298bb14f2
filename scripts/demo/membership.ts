import type { termsRecords } from '@server/db/schema';
import type { Rng } from './rng';
import { addDays, addMonths, type Clock, DAY } from './time';

// Membership history of a member (spec 1 §4 Member status, derived from the latest terms
// record). Every status is represented: pending terms, member (active and lapsed), expired
// terms and declined terms.

export type MembershipKind = 'active' | 'lapsed' | 'pendingTerms' | 'termsExpired' | 'declined';

export interface MembershipPurchase {
  kind: 'membership' | 'renewal';
  at: Date;
  terms: 'signed' | 'pending' | 'expired' | 'declined';
  /** Set by the order generator: the order document id the terms record points to. */
  orderId?: string;
}

export interface MembershipPlan {
  kind: MembershipKind;
  purchases: MembershipPurchase[];
  expiration: Date | null;
}

/** How long an unsigned terms offer stays open. */
const TERMS_WINDOW_DAYS = 30;

export function planMembership(rng: Rng, enrolledAt: Date, clock: Clock): MembershipPlan {
  const ageDays = (clock.now.getTime() - enrolledAt.getTime()) / DAY;
  let kind = rng.weighted<MembershipKind>([
    ['active', 55],
    ['lapsed', 12],
    ['pendingTerms', 13],
    ['termsExpired', 10],
    ['declined', 10],
  ]);
  if (kind === 'lapsed' && ageDays < 400) kind = 'active';
  if (kind === 'termsExpired' && ageDays < TERMS_WINDOW_DAYS + 1) kind = 'pendingTerms';
  const joinedAt = new Date(Math.min(clock.now.getTime(), enrolledAt.getTime() + rng.int(5, 600) * 60_000));

  if (kind === 'pendingTerms') {
    const at = new Date(Math.max(joinedAt.getTime(), clock.now.getTime() - rng.int(0, 20 * 24) * 3_600_000));
    return { kind, purchases: [{ kind: 'membership', at, terms: 'pending' }], expiration: null };
  }
  if (kind === 'termsExpired' || kind === 'declined') {
    const terms = kind === 'declined' ? 'declined' : 'expired';
    return { kind, purchases: [{ kind: 'membership', at: joinedAt, terms }], expiration: null };
  }

  // Signed members renew each year a few days before their expiry date, until they stop.
  const purchases: MembershipPurchase[] = [{ kind: 'membership', at: joinedAt, terms: 'signed' }];
  let expiration = addMonths(joinedAt, 12);
  const stopAfter = kind === 'lapsed' ? rng.int(0, Math.max(0, Math.floor(ageDays / 365) - 1)) : 99;
  while (purchases.length - 1 < stopAfter) {
    const renewAt = addDays(expiration, -rng.int(1, 20));
    if (renewAt >= clock.now) break;
    purchases.push({ kind: 'renewal', at: renewAt, terms: 'signed' });
    expiration = addMonths(expiration, 12);
  }
  if (kind === 'active' && expiration <= clock.now) kind = 'lapsed';
  return { kind, purchases, expiration };
}

export function termsRows(accountUid: string, plan: MembershipPlan): (typeof termsRecords.$inferInsert)[] {
  return plan.purchases.map((p) => ({
    accountUid,
    orderId: p.orderId ?? null,
    orderDate: p.at,
    orderExpiration: addDays(p.at, TERMS_WINDOW_DAYS),
    signed: p.terms === 'signed',
    declined: p.terms === 'declined',
  }));
}
