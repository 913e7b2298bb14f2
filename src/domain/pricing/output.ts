// Turns the worked cart into the priced cart: lines with volumes, promo items, DropItems for
// leftover free items (spec 3 §4 step 6), shipping after promos, and totals.
import { LOCALES } from '@domain/reference';
import { lineBase, lineTotal, type WorkLine } from './cart';
import { isZeroPriceOrder } from './context';
import type { EngineState } from './state';
import type {
  CartCounter,
  DropItem,
  PricedCart,
  PricedLine,
  PricingInput,
  PromoItem,
  RuleExplanation,
} from './types';
import { lineVolumes, sumVolumes, type VolumeSettings } from './volumes';

function currencyOf(input: PricingInput): { name: string; format: string } {
  if (input.currency) return { ...input.currency };
  const locale =
    LOCALES.find((l) => l.code === input.locale) ?? LOCALES.find((l) => l.countryId === input.regionId);
  return locale ? { ...locale.currency } : { name: 'USD', format: '$0' };
}

/** Free items the cart held that no rule gives any more, unless the shopper removed them. */
function leftoverDrops(state: EngineState, explanations: readonly RuleExplanation[]): DropItem[] {
  const { input, removed } = state.ctx;
  // The cart's promoItems and its isPromo lines describe the same free items: count each SKU once.
  const listed = new Map<string, { quantity: number; promo?: string }>();
  for (const item of input.promoItems ?? []) {
    const seen = listed.get(item.sku);
    if (seen) seen.quantity += item.quantity;
    else listed.set(item.sku, item.promo === undefined ? { quantity: item.quantity } : { ...item });
  }
  const onLines = new Map<string, number>();
  for (const line of input.lines)
    if (line.isPromo) onLines.set(line.sku, (onLines.get(line.sku) ?? 0) + line.quantity);
  const previous = new Map(listed);
  for (const [sku, quantity] of onLines) {
    const seen = previous.get(sku);
    previous.set(sku, seen ? { ...seen, quantity: Math.max(seen.quantity, quantity) } : { quantity });
  }
  const given = new Map<string, number>();
  for (const line of state.cart.lines)
    if (line.added) given.set(line.sku, (given.get(line.sku) ?? 0) + line.quantity);
  const drops: DropItem[] = [];
  if (previous.size === 0) return drops;
  const dropped = new Set<string>();
  for (const e of explanations) if (!e.applied && e.code === 'gifts_dropped') dropped.add(e.promo);
  for (const [sku, { quantity, promo }] of previous) {
    const left = quantity - (given.get(sku) ?? 0);
    if (left <= 0 || removed.has(sku)) continue;
    const reason = promo !== undefined && dropped.has(promo) ? 'gifts-dropped' : 'promo-no-longer-applies';
    drops.push({ kind: 'DropItem', sku, quantity: left, ...(promo === undefined ? {} : { promo }), reason });
  }
  return drops;
}

function pricedLine(line: WorkLine, settings: VolumeSettings): PricedLine {
  return {
    key: line.key,
    sku: line.sku,
    quantity: line.quantity,
    price: line.price,
    originalPrice: line.originalPrice,
    totalPrice: lineTotal(line),
    // The work cart is discarded after pricing: its discount entries become the output's.
    discounts: line.discounts,
    bundled: line.bundled,
    isPromo: line.isPromo,
    isSample: line.isSample,
    isIncluded: line.isIncluded,
    isHostReward: line.isHostReward,
    subscription: line.subscription,
    doNotShipAlone: line.doNotShipAlone,
    isFinalSaleConfig: line.isFinalSaleConfig,
    ...(line.selectedVariant === undefined ? {} : { selectedVariant: line.selectedVariant }),
    ...(line.redemptionKey === undefined ? {} : { redemptionKey: line.redemptionKey }),
    ...lineVolumes(line, settings),
  };
}

export interface AssembleArgs {
  input: PricingInput;
  state: EngineState;
  counters: CartCounter[];
  usedCodes: ReadonlySet<string>;
  explanations: RuleExplanation[];
  rulesNotConsidered: number;
}

export function assemble(args: AssembleArgs): PricedCart {
  const { input, state } = args;
  const lines = state.cart.lines;
  let prePromoSubtotal = 0;
  let discountTotal = 0;
  let giftValue = 0;
  for (const line of lines) {
    if (line.added) giftValue += lineBase(line);
    else {
      prePromoSubtotal += lineBase(line);
      discountTotal += line.discountSum;
    }
  }
  const subtotal = prePromoSubtotal - discountTotal;
  // Spec 2 §4: a chosen method no longer offered is cleared.
  const rate = state.rates.find((r) => r.method === state.method);
  const method = rate ? state.method : null;
  const shipping = rate?.amount ?? 0;
  const before = input.shipping?.rates.find((r) => r.method === method)?.amount ?? shipping;
  const credit = input.productCredit;
  // Spec 2 §5: product credit applied may not exceed the available balance; it pays for products only.
  const creditApplied = credit ? Math.max(0, Math.min(credit.requested, credit.balance, subtotal)) : 0;
  const settings: VolumeSettings = {
    tables: input.volumeTables,
    listA: new Set(input.volumeTables.listA),
    listB: new Set(input.volumeTables.listB),
    wholesale: state.ctx.wholesale,
    zeroCommission: isZeroPriceOrder(input),
    creditFactor: subtotal > 0 ? (subtotal - creditApplied) / subtotal : 1,
  };
  const priced = lines.map((l) => pricedLine(l, settings));
  const promoItems: PromoItem[] = lines.flatMap((l) =>
    l.added && l.addedBy
      ? [
          {
            sku: l.sku,
            quantity: l.quantity,
            promo: l.addedBy.rule.name,
            ruleType: l.addedBy.rule.id,
            isSample: l.isSample,
            value: lineBase(l),
          },
        ]
      : [],
  );
  return {
    regionId: input.regionId,
    currency: currencyOf(input),
    lines: priced,
    promoItems,
    promoTags: state.ctx.promoTags.map((t) => ({
      ...t,
      success: args.usedCodes.has(t.code.trim().toLowerCase()),
    })),
    dropItems: [...state.drops, ...leftoverDrops(state, args.explanations)],
    resolutions: state.resolutions,
    cartCounters: args.counters,
    cartErrors: state.cartErrors,
    shipping: { method, rates: state.rates },
    totals: {
      prePromoSubtotal,
      discountTotal,
      subtotal,
      giftValue,
      shipping,
      shippingDiscount: Math.max(0, before - shipping),
      creditApplied,
      totalBeforeTax: subtotal + shipping - creditApplied,
      volumes: sumVolumes(priced.map((p) => p.volumes)),
    },
    explanations: args.explanations,
    rulesNotConsidered: args.rulesNotConsidered,
  };
}
