// What every rule reads about the shopper and the cart, computed once per pricing.
import { MEMBERSHIP_WINDOW_MONTHS, ORDER_TYPE, USER_TYPE } from '@domain/reference';
import type { RegionKey } from '../promos/rule';
import { addMonths, endOfPacificDay, pacificDate } from './calendar';
import { normalizeChannel } from './channel';
import type { AccountFacts, PricingInput, PromoTag } from './types';

export interface PricingContext {
  readonly input: PricingInput;
  readonly now: number;
  readonly regionId: number;
  /** Key of per-region rule values ('1' US, '2' CA); null for any other region id. */
  readonly regionKey: RegionKey | null;
  /** The customer's type when a consultant shops for a customer (spec 3 §3 Cart line item). */
  readonly pricingUserType: number;
  readonly channel: string | number;
  readonly account: AccountFacts;
  readonly promoTags: PromoTag[];
  /** Lower-cased codes of the kept promo tags. */
  readonly codes: ReadonlySet<string>;
  readonly removed: ReadonlySet<string>;
  readonly wholesale: boolean;
  /** SKUs the shopper put in the cart (disqualification looks at these). */
  readonly shopperSkus: ReadonlySet<string>;
  readonly hasSubscription: boolean;
  readonly isAnniversaryMonth: boolean;
}

/** Spec 3 §4: a promo code replaces any earlier checkout-origin code; only one checkout code is kept. */
export function keptPromoTags(tags: readonly PromoTag[]): PromoTag[] {
  let lastCheckout = -1;
  tags.forEach((t, i) => {
    if (t.fromCheckout) lastCheckout = i;
  });
  const seen = new Set<string>();
  const kept: PromoTag[] = [];
  tags.forEach((t, i) => {
    const code = t.code.trim().toLowerCase();
    if ((t.fromCheckout && i !== lastCheckout) || code === '' || seen.has(code)) return;
    seen.add(code);
    kept.push({ ...t });
  });
  return kept;
}

function anniversaryMonth(now: number, enrollment: number | undefined): boolean {
  if (enrollment === undefined) return false;
  const today = pacificDate(now);
  const enrolled = pacificDate(enrollment);
  return today.month === enrolled.month && today.year > enrolled.year;
}

/** Order context isWholesale when not given: prices follow the consultant or employee type. */
export const wholesaleByDefault = (pricingUserType: number): boolean =>
  pricingUserType === USER_TYPE.consultant || pricingUserType === USER_TYPE.employee;

export function buildContext(input: PricingInput): PricingContext {
  const promoTags = keptPromoTags(input.promoTags ?? []);
  const pricingUserType = input.customerUserType ?? input.userType;
  const shopperLines = input.lines.filter((l) => !l.isPromo);
  return {
    input,
    now: input.now,
    regionId: input.regionId,
    regionKey: input.regionId === 1 ? '1' : input.regionId === 2 ? '2' : null,
    pricingUserType,
    channel: normalizeChannel(input.channel),
    account: input.account ?? {},
    promoTags,
    codes: new Set(promoTags.map((t) => t.code.trim().toLowerCase())),
    removed: new Set(input.removedPromoItems ?? []),
    wholesale: input.isWholesale ?? wholesaleByDefault(pricingUserType),
    shopperSkus: new Set(shopperLines.map((l) => l.sku)),
    hasSubscription: shopperLines.some((l) => l.subscription === true),
    isAnniversaryMonth: anniversaryMonth(input.now, input.account?.enrollmentDate),
  };
}

/** Renewal SKU 9916: a Member, from 6 months before the end of the expiry day (Pacific) to 6 months after (DESIGN §5). */
export function inRenewalWindow(ctx: PricingContext): boolean {
  const expiry = ctx.account.memberExpirationDate;
  if (ctx.pricingUserType !== USER_TYPE.member || expiry === undefined) return false;
  const day = pacificDate(expiry);
  const opens = endOfPacificDay(addMonths(day, -MEMBERSHIP_WINDOW_MONTHS));
  const closes = endOfPacificDay(addMonths(day, MEMBERSHIP_WINDOW_MONTHS));
  return ctx.now >= opens && ctx.now <= closes;
}

/**
 * Membership SKU 9000 (DESIGN §5): blocked for Consultants and Employees, for Members unless the
 * membership expired more than 6 months ago, and while member terms are pending (spec 2 §5).
 */
export function mayBuyMembership(ctx: PricingContext): boolean {
  const type = ctx.pricingUserType;
  if (ctx.account.pendingMemberTerms) return false;
  if (type === USER_TYPE.consultant || type === USER_TYPE.employee) return false;
  if (type !== USER_TYPE.member) return true;
  const expiry = ctx.account.memberExpirationDate;
  if (expiry === undefined) return false;
  return ctx.now > endOfPacificDay(addMonths(pacificDate(expiry), MEMBERSHIP_WINDOW_MONTHS));
}

/** Consultant orders of this type get zero price and no CV, PV or QV (spec 3 §4; ADR 002). */
export const ZERO_PRICE_ORDER_TYPE: number = ORDER_TYPE.replacement;

export const isZeroPriceOrder = (input: PricingInput): boolean =>
  input.userType === USER_TYPE.consultant && input.orderType === ZERO_PRICE_ORDER_TYPE;

/** A rule's value for the cart region (discountValue, spendThreshold and tiers are keyed by region id). */
export function forRegion<T>(
  values: Partial<Record<RegionKey, T>> | undefined,
  ctx: PricingContext,
): T | undefined {
  return ctx.regionKey === null ? undefined : values?.[ctx.regionKey];
}
