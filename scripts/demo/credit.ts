import { balanceExpiry, settle } from '@domain/product-credit/ledger';
import { ADJUSTMENT_REASONS, USER_TYPE } from '@domain/reference';
import { productCredit, productCreditLedger } from '@server/db/schema';
import type { AccountDraft } from './accounts';
import type { GenContext } from './context';
import { addMonths, DAY } from './time';

// Product credit per country with its ledger, in cents (spec 1 §3). Grants come first; orders
// spend them oldest first; refunds paid in credit add grants of their own. Balance is what is
// left on grants that have not expired (or never expire). The ledger is append-only and the
// balance is the sum of its amounts: each order's spend and each lapse of unused credit is an
// entry of its own (negative), beside the grants whose remainingValue shows what is left of them
// (settled by the consumption rule of ADR 021, so that they add up to the balance).

interface Grant {
  amountCents: number;
  remainingCents: number;
  createdAt: Date;
  expiresAt: Date | null;
  reasonId: number;
  reason: string;
  orderId: string | null;
  createdBy: string;
}

const HOLDER_SHARE: Record<number, number> = {
  [USER_TYPE.consultant]: 0.4,
  [USER_TYPE.member]: 0.55,
  [USER_TYPE.client]: 0.12,
  [USER_TYPE.employee]: 0.3,
  [USER_TYPE.prospect]: 0.03,
};
/** DESIGN §5: at most 150 for Consultant, Member, Employee; 51 for Client and Prospect. */
const MAX_DOLLARS: Record<number, number> = { 1: 150, 2: 150, 4: 150, 3: 51, 5: 51 };
/** Free-text notes; the reason must not contain a word with "expir" (spec 1 §5). */
const NOTES: Record<number, string> = {
  1: 'Member rewards',
  2: 'Damaged on arrival',
  3: 'Item unavailable at shipping',
  4: 'Goodwill for service issue',
  5: 'Backordered item',
  6: 'Partial collection shipped',
  7: 'Recall credit',
  8: 'Promo did not apply at checkout',
  9: 'Replacement for lapsed balance',
  10: 'Return accepted outside policy window',
  11: 'Wrong item shipped',
  12: 'Correction of earlier adjustment',
  13: 'Return refunded as product credit',
  14: 'Consultant appreciation credit',
};

export class CreditAccount {
  private readonly grants: Grant[] = [];
  private readonly spends: { cents: number; at: Date; orderId: string }[] = [];
  private spent = 0;

  constructor(
    private readonly ctx: GenContext,
    private readonly draft: AccountDraft,
  ) {
    const share = HOLDER_SHARE[draft.userType] ?? 0;
    if (!ctx.rng.chance(share)) return;
    const now = ctx.clock.now.getTime();
    const start = draft.enrolledAt.getTime();
    for (let i = ctx.rng.int(1, 4); i > 0; i--) this.grant(new Date(start + ctx.rng.float() * (now - start)));
  }

  /** Credit the orders may still apply. */
  get available(): number {
    return this.grants.reduce((s, g) => s + g.amountCents, 0) - this.spent;
  }

  spend(cents: number, at: Date, orderId: string): void {
    if (cents <= 0) return;
    this.spent += cents;
    this.spends.push({ cents, at, orderId });
  }

  refund(amountCents: number, at: Date, orderId: string, createdBy: string): void {
    this.grants.push({
      amountCents,
      remainingCents: amountCents,
      createdAt: at,
      expiresAt: addMonths(at, 12),
      reasonId: 13,
      reason: NOTES[13] ?? '',
      orderId,
      createdBy,
    });
  }

  private grant(createdAt: Date): void {
    const { rng, roster } = this.ctx;
    const type = this.draft.userType;
    const reason = rng.pick(
      ADJUSTMENT_REASONS.filter((r) =>
        r.id === 1 ? type === USER_TYPE.member : r.id === 14 ? type === USER_TYPE.consultant : r.id !== 13,
      ),
    );
    const fixed = 'fixedAmount' in reason ? reason.fixedAmount : undefined;
    const amountCents =
      fixed !== undefined ? Math.round(fixed * 100) : rng.int(5, MAX_DOLLARS[type] ?? 51) * 100;
    const neverExpires = reason.id === 14 || rng.chance(0.12);
    this.grants.push({
      amountCents,
      remainingCents: amountCents,
      createdAt,
      expiresAt: neverExpires ? null : addMonths(createdAt, 12),
      reasonId: reason.id,
      reason: NOTES[reason.id] ?? reason.name,
      orderId: null,
      createdBy: reason.id === 1 ? 'system' : rng.pick(roster.service).email,
    });
  }

  /**
   * Spends grants oldest first (the lapses follow from it), then writes the ledger and the balance
   * per country, each grant's remainingValue settled by the rule of ADR 021 (Σ remaining = balance).
   */
  write(): void {
    if (this.grants.length === 0) return;
    const { writer, clock } = this.ctx;
    const country = this.draft.countryId === 2 ? 'ca' : 'us';
    this.grants.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
    let toSpend = this.spent;
    for (const g of this.grants) {
      const used = Math.min(g.remainingCents, toSpend);
      g.remainingCents -= used;
      toSpend -= used;
    }
    type Row = typeof productCreditLedger.$inferInsert & { id: number };
    const rows: Row[] = [];
    const add = (row: Omit<Row, 'id' | 'accountUid' | 'country'>) =>
      rows.push({ id: rows.length + 1, accountUid: this.draft.uid, country, ...row });
    for (const g of this.grants)
      add({
        amountCents: g.amountCents,
        remainingValueCents: g.amountCents,
        expirationDate: g.expiresAt,
        doesNotExpire: g.expiresAt === null,
        reasonId: g.reasonId,
        reason: g.reason,
        orderId: g.orderId,
        createdBy: g.createdBy,
        createdAt: g.createdAt,
      });
    const debit = (amountCents: number, createdAt: Date, reason: string, orderId: string | null) =>
      add({
        amountCents: -amountCents,
        remainingValueCents: 0,
        expirationDate: null,
        doesNotExpire: false,
        reasonId: null,
        reason,
        orderId,
        createdBy: 'system',
        createdAt,
      });
    for (const s of this.spends) debit(s.cents, s.at, 'Applied to order', s.orderId);
    for (const g of this.grants) {
      if (g.expiresAt && g.expiresAt <= clock.now && g.remainingCents > 0)
        debit(g.remainingCents, g.expiresAt, 'Unused credit lapsed', null);
    }
    const asGrant = (r: Row) => ({
      id: r.id,
      amountCents: r.amountCents,
      expiresAt: r.expirationDate ? r.expirationDate.getTime() : null,
      createdAt: (r.createdAt as Date).getTime(),
    });
    const settled = settle(rows.map(asGrant));
    const balance = rows.reduce((s, r) => s + r.amountCents, 0);
    for (const { id: _id, ...row } of rows)
      writer.add(productCreditLedger, { ...row, remainingValueCents: settled.get(_id)! });
    const expiry = balanceExpiry(rows.map((r) => ({ ...asGrant(r), remainingCents: settled.get(r.id)! })));
    const last = this.grants[this.grants.length - 1];
    writer.add(productCredit, {
      accountUid: this.draft.uid,
      country,
      balanceCents: balance,
      expirationDate: expiry === null ? null : new Date(expiry),
      updatedAt: last ? new Date(Math.min(clock.now.getTime(), last.createdAt.getTime() + DAY)) : clock.now,
    });
  }
}
