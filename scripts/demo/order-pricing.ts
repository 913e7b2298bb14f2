import { SHIP_TO_SOCIAL_OPTION, SKU, ORDER_TYPE as T } from '@domain/reference';
import type { OrderAddress, orderLines } from '@server/db/schema';
import type { AccountDraft } from './accounts';
import { addressAt } from './addresses';
import type { CatalogItem } from './catalog';
import type { GenContext } from './context';
import type { OrderSpec } from './order-plan';
import { shippingRateOf, taxRateOf } from './rates';

// Prices an order from the catalog, in cents: lines at the customer's price, promo discounts,
// shipping by method, tax by state or province, then product credit. The totals always add up:
// subtotal − discount + shipping + tax − applied credit = grand total (here `subtotalCents` is
// before promos; the order row stores it as prePromoSubtotal and subtotal after promos).

export type LineRow = Omit<typeof orderLines.$inferInsert, 'orderId'>;

export interface PricedOrder {
  lines: LineRow[];
  address: OrderAddress;
  shippingMethodId: number;
  subtotalCents: number;
  discountCents: number;
  shippingCents: number;
  taxCents: number;
  shippingTaxCents: number;
  appliedCreditCents: number;
  grandTotalCents: number;
  appliedPromos: { name: string; amountCents: number }[];
  cv: number;
  pv: number;
  qv: number;
}

const round2 = (n: number) => Math.round(n * 100) / 100;
const SUBSCRIPTION_PROMO = 'Auto-Replenishment 10% Off';
const HOST_PROMO = 'Host Rewards';

interface Pick {
  item: CatalogItem;
  quantity: number;
  isSample?: boolean;
  isHostReward?: 'half' | 'free';
}

function pickLines(ctx: GenContext, spec: OrderSpec): Pick[] {
  const { rng, catalog } = ctx;
  const special = (sku: string): Pick => ({ item: catalog.bySku.get(sku) as CatalogItem, quantity: 1 });
  if (spec.purchase) return [special(spec.purchase.kind === 'renewal' ? SKU.renewal : SKU.memberProgram)];
  const everyday = () =>
    rng.chance(0.3) && catalog.bestSellers.length > 0
      ? rng.pick(catalog.bestSellers)
      : rng.pick(catalog.everyday);
  const count =
    spec.pricing === 'free'
      ? rng.int(1, 2)
      : rng.weighted([
          [1, 25],
          [2, 30],
          [3, 22],
          [4, 13],
          [5, 7],
          [6, 3],
        ] as const);
  const picks: Pick[] = spec.enrollment ? [special(SKU.enrollmentKit)] : [];
  const seen = new Set<string>();
  const extra = spec.enrollment ? rng.int(0, 3) : count;
  // Out-of-stock and repeated picks are skipped; keep drawing until the order has a line at least.
  const wanted = extra + (spec.enrollment ? 1 : 0);
  for (let i = 0; (i < extra * 2 || (picks.length === 0 && i < 50)) && picks.length < wanted; i++) {
    let item = everyday();
    if (spec.orderType === T.autoReplenishment) {
      const eligible = catalog.everyday.filter((c) => c.subscription);
      if (eligible.length > 0) item = rng.pick(eligible);
    }
    if (seen.has(item.sku) || !item.inStock) continue;
    seen.add(item.sku);
    picks.push({
      item,
      quantity: rng.weighted([
        [1, 80],
        [2, 15],
        [3, 5],
      ] as const),
    });
  }
  if (spec.orderType === T.personal && catalog.supplies.length > 0 && rng.chance(0.1)) {
    picks.push({ item: rng.pick(catalog.supplies), quantity: 1 });
  }
  if (spec.hostOrder && catalog.hostRewards.length > 0) {
    picks.push({
      item: rng.pick(catalog.hostRewards),
      quantity: 1,
      isHostReward: rng.chance(0.5) ? 'half' : 'free',
    });
  }
  const sample = catalog.bySku.get(ctx.catalog.promoSkus.samples[rng.int(0, 7)] ?? '');
  if (sample && spec.pricing !== 'free' && rng.chance(0.1))
    picks.push({ item: sample, quantity: 1, isSample: true });
  return picks;
}

/** Why a line's price is below its list price, as the order line records it (ADR 024). */
function priceStep(pick: Pick, spec: OrderSpec): 'member' | 'wholesale' | 'free' | null {
  if (spec.pricing === 'free' || pick.isSample) return 'free';
  if (pick.item.group === 'special') return null;
  return spec.pricing === 'wholesale' ? 'wholesale' : spec.pricing === 'member' ? 'member' : null;
}

function unitPrice(pick: Pick, spec: OrderSpec, countryId: 1 | 2): number {
  const p = pick.item.prices[countryId];
  if (spec.pricing === 'free' || pick.isSample) return 0;
  if (pick.item.group === 'special') return p.priceCents;
  if (spec.pricing === 'wholesale') return p.wholesalePriceCents;
  if (spec.pricing === 'member') return p.memberPriceCents;
  return p.priceCents;
}

export function priceOrder(
  ctx: GenContext,
  draft: AccountDraft,
  spec: OrderSpec,
  creditAvailable: number,
): PricedOrder {
  const { rng, catalog } = ctx;
  const countryId = draft.countryId;
  const picks = pickLines(ctx, spec);
  const promo =
    spec.pricing !== 'free' && !spec.purchase && ctx.promoNames.length > 0 && rng.chance(0.25)
      ? rng.pick(ctx.promoNames)
      : null;
  const promoShare = rng.pick([0.1, 0.15, 0.2]);
  const special = new Set(catalog.specialVolume.filter((s) => s.list !== 'listA').map((s) => s.sku));
  const wholesale = spec.pricing === 'wholesale';
  const promoTotals = new Map<string, number>();
  let subtotalCents = 0;
  let discountCents = 0;
  let taxableCents = 0;
  const lines: LineRow[] = picks.map((pick, i) => {
    const priceCents = unitPrice(pick, spec, countryId);
    const listCents = pick.item.prices[countryId].priceCents;
    const step = listCents !== priceCents ? priceStep(pick, spec) : null;
    const gross = priceCents * pick.quantity;
    const discounts: { promo: string; amountCents: number }[] = [];
    if (pick.isHostReward)
      discounts.push({
        promo: HOST_PROMO,
        amountCents: pick.isHostReward === 'free' ? gross : Math.round(gross / 2),
      });
    else if (spec.orderType === T.autoReplenishment)
      discounts.push({ promo: SUBSCRIPTION_PROMO, amountCents: Math.round(gross * 0.1) });
    else if (promo && pick.item.group !== 'special' && gross > 0 && (i === 0 || rng.chance(0.5)))
      discounts.push({ promo, amountCents: Math.round(gross * promoShare) });
    const lineDiscount = discounts.reduce((sum, d) => sum + d.amountCents, 0);
    for (const d of discounts) promoTotals.set(d.promo, (promoTotals.get(d.promo) ?? 0) + d.amountCents);
    const totalCents = gross - lineDiscount;
    subtotalCents += gross;
    discountCents += lineDiscount;
    if (pick.item.group !== 'special') taxableCents += totalCents;
    // Wholesale carts earn 0.75 of the volume, except the SKUs whose volume rules say otherwise.
    const factor =
      pick.isSample || spec.pricing === 'free'
        ? 0
        : (wholesale && !special.has(pick.item.sku) ? 0.75 : 1) * pick.quantity;
    const v = pick.item.prices[countryId];
    return {
      lineNo: i + 1,
      sku: pick.item.sku,
      title: pick.item.title,
      quantity: pick.quantity,
      priceCents,
      listPriceCents: step ? listCents : null,
      priceStep: step,
      adjustedPriceCents: Math.round(totalCents / pick.quantity),
      discountCents: lineDiscount,
      totalCents,
      isPromo: pick.isSample === true,
      isSample: pick.isSample === true,
      isHostReward: pick.isHostReward !== undefined,
      subscription: spec.orderType === T.autoReplenishment,
      selectedVariant: pick.item.swatchLabel,
      discounts,
      cv: round2(v.cv * factor),
      pv: round2(v.pv * factor),
      qv: round2(v.qv * factor),
      nv: round2(v.nv * factor),
      sv: round2(v.sv * factor),
    };
  });

  const chosen = draft.addresses.find((a) => a.isDefault) ?? draft.addresses[0];
  const snapshot = chosen?.address ?? addressAt(rng, draft.person, draft.home, draft.row.telephone ?? null);
  const shippingMethodId = spec.social ? SHIP_TO_SOCIAL_OPTION : methodFor(ctx, countryId, spec);
  const rate = shippingRateOf(countryId, shippingMethodId);
  const merchandise = subtotalCents - discountCents;
  const free =
    spec.social !== null ||
    spec.pricing === 'free' ||
    spec.purchase !== null ||
    !rate ||
    (rate.freeOverCents !== null && merchandise >= rate.freeOverCents);
  const shippingCents = free ? 0 : rate.amountCents;
  const tax = taxRateOf(countryId, snapshot.region);
  const itemTax = Math.round((taxableCents * tax.rateBasisPoints) / 10_000);
  const shippingTaxCents = tax.taxShipping ? Math.round((shippingCents * tax.rateBasisPoints) / 10_000) : 0;
  const taxCents = itemTax + shippingTaxCents;
  const beforeCredit = merchandise + shippingCents + taxCents;
  let appliedCreditCents = 0;
  if (creditAvailable > 0 && beforeCredit > 0 && rng.chance(0.35)) {
    appliedCreditCents = Math.min(
      beforeCredit,
      creditAvailable,
      rng.chance(0.15) ? beforeCredit : rng.int(5, 60) * 100,
    );
  }
  // Credit scales volumes down proportionally, except for the full-volume SKU (spec 2 §9).
  const creditFactor = merchandise > 0 ? Math.max(0, 1 - appliedCreditCents / merchandise) : 1;
  const fullVolume = catalog.specialVolume.find((s) => s.list === 'fullVolume')?.sku;
  for (const line of lines) {
    if (line.sku === fullVolume || creditFactor === 1) continue;
    for (const k of ['cv', 'pv', 'qv', 'nv', 'sv'] as const) line[k] = round2((line[k] ?? 0) * creditFactor);
  }
  const sum = (k: 'cv' | 'pv' | 'qv') => round2(lines.reduce((s, l) => s + (l[k] ?? 0), 0));
  return {
    lines,
    address: snapshot,
    shippingMethodId,
    subtotalCents,
    discountCents,
    shippingCents,
    taxCents,
    shippingTaxCents,
    appliedCreditCents,
    grandTotalCents: beforeCredit - appliedCreditCents,
    appliedPromos: [...promoTotals].map(([name, amountCents]) => ({ name, amountCents })),
    cv: sum('cv'),
    pv: sum('pv'),
    qv: sum('qv'),
  };
}

function methodFor(ctx: GenContext, countryId: 1 | 2, spec: OrderSpec): number {
  const { rng } = ctx;
  if (spec.orderType === T.retail && countryId === 1) return rng.chance(0.7) ? 1011 : 3;
  if (countryId === 2)
    return rng.weighted([
      [9, 80],
      [10, 12],
      [11, 6],
      [1018, 2],
    ] as const);
  return rng.weighted([
    [3, 80],
    [5, 10],
    [6, 4],
    [1011, 3],
    [1018, 3],
  ] as const);
}
