// The cart while rules apply to it: lines with their discounts, an index by SKU, and the few
// operations rules need (discount, split free units into their own line, add a gift, remove).
import type { PromoRule } from '../promos/rule';
import type { CompiledRule } from './compile';
import type { LineDiscount, Volumes } from './types';

/** Type 20's per-unit CV/PV/QV change, carried on the line until volumes are computed. */
export type VolumeAdjustment = NonNullable<PromoRule['volumeAdjustment']>;

export interface WorkLine {
  key: string;
  /** Creation order; breaks ties between equal lines deterministically. */
  seq: number;
  sku: string;
  quantity: number;
  /** Unit price in cents after member or wholesale pricing. */
  price: number;
  originalPrice: number;
  memberPrice: number | undefined;
  discounts: LineDiscount[];
  discountSum: number;
  /** Whole line given away (total 0). */
  free: boolean;
  /** Added by a rule (gift or sample), not by the shopper. */
  added: boolean;
  /** Rule that added the line. */
  addedBy?: CompiledRule;
  isPromo: boolean;
  isSample: boolean;
  isHostReward: boolean;
  hostFree: boolean;
  subscription: boolean;
  doNotShipAlone: boolean;
  isFinalSaleConfig: boolean;
  bundled: boolean;
  isIncluded: boolean;
  selectedVariant?: string;
  redemptionKey?: string;
  /** Touched by a doNotStack rule: takes no further discount (DESIGN §6). */
  locked: boolean;
  /** Touched by an excludeFromSubtotal rule. */
  excludedFromSubtotal: boolean;
  unitVolumes: Volumes;
  volumeAdjustment?: VolumeAdjustment;
}

export const lineBase = (line: WorkLine): number => line.price * line.quantity;
export const lineTotal = (line: WorkLine): number => line.price * line.quantity - line.discountSum;

/** What linesOf answers for a SKU not in the cart: one shared list, never added to. */
const NO_LINES: readonly WorkLine[] = Object.freeze([]);

export class WorkCart {
  readonly lines: WorkLine[] = [];
  private readonly bySku = new Map<string, WorkLine[]>();
  private readonly splits = new Map<string, number>();
  /** Bumped on every change, so cached subtotals know when to recompute. */
  version = 0;
  /** Subtotal seen by rules without exclusionItems, valid while `version` matches. */
  readonly spendCache = { version: -1, value: 0 };
  /**
   * The same subtotal as it stands now, kept up to date by every change below, so that a stale
   * spendCache is refreshed without summing every line again.
   */
  private counted = 0;
  private seq = 0;

  nextSeq(): number {
    return this.seq++;
  }

  push(line: WorkLine): void {
    this.lines.push(line);
    this.index(line);
    if (countsTowardSpend(line)) this.counted += lineTotal(line);
    this.version++;
  }

  /** The subtotal of ordinary lines not left out of it, as summing them now would give. */
  countedSpend(): number {
    return this.counted;
  }

  /** Leaves a line out of the subtotal that later rules see (excludeFromSubtotal). */
  leaveOutOfSubtotal(line: WorkLine): void {
    if (line.excludedFromSubtotal) return;
    if (countsTowardSpend(line)) this.counted -= lineTotal(line);
    line.excludedFromSubtotal = true;
  }

  private index(line: WorkLine): void {
    const list = this.bySku.get(line.sku);
    if (list) list.push(line);
    else this.bySku.set(line.sku, [line]);
  }

  linesOf(sku: string): readonly WorkLine[] {
    return this.bySku.get(sku) ?? NO_LINES;
  }

  remove(line: WorkLine): void {
    const at = this.lines.indexOf(line);
    if (at >= 0) {
      this.lines.splice(at, 1);
      if (countsTowardSpend(line)) this.counted -= lineTotal(line);
    }
    const list = this.bySku.get(line.sku);
    if (list) list.splice(list.indexOf(line), 1);
    this.version++;
  }

  /** Adds a discount of up to the line's remaining total; returns what was taken. */
  discount(line: WorkLine, rule: CompiledRule, amount: number): number {
    const taken = Math.max(0, Math.min(Math.round(amount), lineTotal(line)));
    if (taken === 0) return 0;
    const name = rule.name;
    // A rule's discounts on a line come one after another, so only the last entry can be its own.
    const last = line.discounts[line.discounts.length - 1];
    const existing = last?.promo === name ? last : undefined;
    if (existing) existing.amount += taken;
    else {
      const entry: LineDiscount = { promo: name, ruleType: rule.type, amount: taken };
      if (rule.tag !== undefined) entry.tag = rule.tag;
      line.discounts.push(entry);
    }
    line.discountSum += taken;
    if (countsTowardSpend(line)) this.counted -= taken;
    this.version++;
    return taken;
  }

  /**
   * Moves `units` of a line into a new line placed right after it; earlier discounts follow the
   * units in proportion (spec 2 §3: free items are split into a line of their own).
   */
  split(line: WorkLine, units: number): WorkLine {
    const n = (this.splits.get(line.key) ?? 0) + 1;
    this.splits.set(line.key, n);
    const part: WorkLine = {
      ...line,
      key: `${line.key}.${n}`,
      seq: this.nextSeq(),
      quantity: units,
      discounts: [],
      discountSum: 0,
    };
    for (const d of line.discounts) {
      const moved = Math.floor((d.amount * units) / line.quantity);
      d.amount -= moved;
      line.discountSum -= moved;
      if (moved > 0) {
        part.discounts.push({ ...d, amount: moved });
        part.discountSum += moved;
      }
    }
    line.quantity -= units;
    this.lines.splice(this.lines.indexOf(line) + 1, 0, part);
    this.index(part);
    this.version++;
    return part;
  }

  /** Gives `units` of a line away: split off when partial, discounted to 0, marked as a promo line. */
  makeFree(line: WorkLine, units: number, rule: CompiledRule): { line: WorkLine; amount: number } {
    const target = units < line.quantity ? this.split(line, units) : line;
    const amount = this.discount(target, rule, lineTotal(target));
    if (countsTowardSpend(target)) this.counted -= lineTotal(target);
    target.free = true;
    target.isPromo = true;
    return { line: target, amount };
  }
}

/** Whether a line counts toward the subtotal of a rule without exclusionItems. */
function countsTowardSpend(line: WorkLine): boolean {
  return !line.free && !line.added && !line.isHostReward && !line.excludedFromSubtotal;
}

/** Whether a line may count toward or receive an ordinary promo (not 14/15, which target host rewards). */
export function isOrdinary(line: WorkLine, rule: CompiledRule): boolean {
  return (
    !line.free &&
    !line.added &&
    !line.isHostReward &&
    !(rule.hasExclusions && rule.exclusionSet.has(line.sku))
  );
}

/** Whether a line may still take a discount from this rule. */
export function isDiscountable(line: WorkLine, rule: CompiledRule): boolean {
  return isOrdinary(line, rule) && !line.locked && lineTotal(line) > 0;
}
