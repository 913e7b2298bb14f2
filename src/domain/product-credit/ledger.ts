// What is left of each product-credit grant (ADR 021, extending ADR 006). A grant is a ledger
// entry that added credit; its `remainingValue` is what is left of it. Every debit (an adjustment
// taking credit away, credit applied to an order) consumes grants in one order, and credit whose
// expiry passed lapses whole, so that Σ remainingValue = balance ≥ 0 always. Pure: the server, the
// demo generator and the property tests share it.

export interface Grant {
  id: number;
  /** Cents added. */
  amountCents: number;
  /** Cents left. */
  remainingCents: number;
  /** Epoch ms at which the credit stops being usable; null for credit that never expires. */
  expiresAt: number | null;
  /** Epoch ms. */
  createdAt: number;
}

export interface Take {
  id: number;
  cents: number;
}

/**
 * The consumption order: credit that expires soonest first (it would be lost first), credit that
 * never expires last; among equals the oldest grant, then the first written.
 */
export function byConsumption(a: Grant, b: Grant): number {
  if (a.expiresAt !== b.expiresAt) {
    if (a.expiresAt === null) return 1;
    if (b.expiresAt === null) return -1;
    return a.expiresAt - b.expiresAt;
  }
  return a.createdAt - b.createdAt || a.id - b.id;
}

/**
 * What a debit of `cents` takes from each grant, in the consumption order, never more than is left
 * on a grant. Takes less than `cents` only when the grants hold less (the balance check prevents it).
 */
export function consume(grants: readonly Grant[], cents: number): Take[] {
  const takes: Take[] = [];
  let left = cents;
  for (const g of [...grants].filter((x) => x.remainingCents > 0).sort(byConsumption)) {
    if (left <= 0) break;
    const take = Math.min(left, g.remainingCents);
    takes.push({ id: g.id, cents: take });
    left -= take;
  }
  return takes;
}

/** Grants whose expiry has passed (at `now`) with credit left: each lapses whole. */
export const lapsing = (grants: readonly Grant[], now: number): Grant[] =>
  grants
    .filter((g) => g.remainingCents > 0 && g.expiresAt !== null && g.expiresAt <= now)
    .sort(byConsumption);

/**
 * The remaining values of a ledger recomputed from its entries (the migration of ADR 021 does the
 * same in SQL): what was taken (the grants less the balance, by default the sum of the amounts) is
 * taken from the grants in the consumption order, as if every debit came after every grant.
 * Σ remaining = the balance (when 0 ≤ balance ≤ the grants).
 */
export function settle(
  entries: readonly Omit<Grant, 'remainingCents'>[],
  balanceCents = entries.reduce((s, e) => s + e.amountCents, 0),
): Map<number, number> {
  const grants = entries
    .filter((e) => e.amountCents > 0)
    .map((e) => ({ ...e, remainingCents: e.amountCents }));
  const debited = grants.reduce((s, g) => s + g.amountCents, 0) - Math.max(0, balanceCents);
  const remaining = new Map(entries.map((e) => [e.id, 0]));
  for (const g of grants) remaining.set(g.id, g.amountCents);
  for (const take of consume(grants, debited)) remaining.set(take.id, remaining.get(take.id)! - take.cents);
  return remaining;
}

/** The expiry the balance shows: the soonest expiry of the credit left (ADR 006, 021). */
export function balanceExpiry(grants: readonly Grant[]): number | null {
  const dates = grants.filter((g) => g.remainingCents > 0 && g.expiresAt !== null).map((g) => g.expiresAt!);
  return dates.length ? Math.min(...dates) : null;
}

/** A ledger in memory, for the demo generator and the property tests: the rules above, applied. */
export class CreditLedger {
  readonly entries: Grant[] = [];

  get balance(): number {
    return this.entries.reduce((s, e) => s + e.amountCents, 0);
  }

  /** Adds credit. */
  credit(cents: number, expiresAt: number | null, at: number): Grant {
    const g = {
      id: this.entries.length + 1,
      amountCents: cents,
      remainingCents: cents,
      expiresAt,
      createdAt: at,
    };
    this.entries.push(g);
    return g;
  }

  /** Takes credit away (an adjustment, an order); refused (false) above the balance. */
  debit(cents: number, at: number): boolean {
    this.lapse(at);
    if (cents > this.balance) return false;
    this.take(consume(this.entries, cents), at);
    return true;
  }

  /** Credit whose expiry passed lapses: one entry per grant, taking what was left of it. */
  lapse(now: number): number {
    const due = lapsing(this.entries, now);
    for (const g of due) this.take([{ id: g.id, cents: g.remainingCents }], now);
    return due.length;
  }

  private take(takes: Take[], at: number) {
    const cents = takes.reduce((s, t) => s + t.cents, 0);
    if (cents === 0) return;
    for (const t of takes) this.entries.find((e) => e.id === t.id)!.remainingCents -= t.cents;
    this.entries.push({
      id: this.entries.length + 1,
      amountCents: -cents,
      remainingCents: 0,
      expiresAt: null,
      createdAt: at,
    });
  }
}
