import { USER_TYPE } from '@domain/reference';
import { carts } from '@server/db/schema';
import type { AccountDraft } from './accounts';
import type { CatalogItem } from './catalog';
import type { GenContext } from './context';
import { COMPANY } from './genealogy';
import { popupsOf } from './socials';
import { DAY, HOUR } from './time';

// Saved carts (spec 2 §3 Cart): personal carts, client carts a consultant built for a client,
// and popup carts; one instance per locale with line items, promo tags and host rewards.

const CART_SHARE: Record<number, number> = {
  [USER_TYPE.consultant]: 0.25,
  [USER_TYPE.member]: 0.2,
  [USER_TYPE.client]: 0.18,
  [USER_TYPE.employee]: 0.1,
  [USER_TYPE.prospect]: 0.25,
  [USER_TYPE.guest]: 0.05,
};

const dollars = (cents: number) => Math.round(cents) / 100;

/** A saved cart's line; `id` is drawn from the account's stream unless given. */
export function lineItem(
  ctx: GenContext,
  item: CatalogItem,
  countryId: 1 | 2,
  quantity: number,
  id: string = ctx.rng.alphanumeric(12),
) {
  const p = item.prices[countryId];
  return {
    id,
    sku: item.sku,
    quantity,
    price: dollars(p.priceCents),
    priceInCents: p.priceCents,
    totalPrice: dollars(p.priceCents * quantity),
    title: item.title,
    name: item.title,
    image: null,
    swatchlabel: item.swatchLabel,
    discounts: [],
    bundled: false,
    isPromo: false,
    isSample: false,
    isIncluded: false,
    isHostReward: false,
    selectedVariant: item.swatchLabel,
    subscription: false,
    doNotShipAlone: false,
    isFinalSaleConfig: false,
    CV: p.cv * quantity,
    PV: p.pv * quantity,
    QV: p.qv * quantity,
    NV: p.nv * quantity,
    SV: p.sv * quantity,
    originalCV: p.cv * quantity,
    originalPV: p.pv * quantity,
    originalQV: p.qv * quantity,
  };
}

export function addCarts(ctx: GenContext, draft: AccountDraft): void {
  const { rng, clock, catalog } = ctx;
  if (!rng.chance(CART_SHARE[draft.userType] ?? 0)) return;
  const now = clock.now.getTime();
  const sponsorIdx = draft.placement.sponsorIdx;
  const openPopup = [...popupsOf(ctx, draft.userType === USER_TYPE.consultant ? draft.idx : sponsorIdx)].find(
    (p) => p.phase === 'opened',
  );
  const kind =
    openPopup && rng.chance(0.4)
      ? 'popup'
      : sponsorIdx !== COMPANY && draft.userType === USER_TYPE.client && rng.chance(0.35)
        ? 'client'
        : 'personal';
  const locale = draft.countryId === 1 ? 'en-US' : draft.row.defaultLanguageId === 2 ? 'fr-CA' : 'en-CA';
  const currency =
    draft.countryId === 2
      ? { name: 'CAD', format: locale === 'fr-CA' ? '0 $' : '$0' }
      : { name: 'USD', format: '$0' };
  const products = rng.sample(catalog.everyday, rng.int(1, 5)).map((item) =>
    lineItem(
      ctx,
      item,
      draft.countryId,
      rng.weighted([
        [1, 85],
        [2, 15],
      ] as const),
    ),
  );
  const subtotal = products.reduce((s, p) => s + p.priceInCents * p.quantity, 0);
  const hostRewardItems =
    kind === 'popup' && draft.userType === USER_TYPE.consultant && catalog.hostRewards.length > 0
      ? [{ sku: rng.pick(catalog.hostRewards).sku, quantity: 1, isFree: rng.chance(0.5) }]
      : [];
  const code = ctx.promoCodes.length > 0 && rng.chance(0.2) ? rng.pick(ctx.promoCodes) : null;
  const promoTags = code
    ? [{ code, success: rng.chance(0.8), serverValidated: true, fromCheckout: rng.chance(0.5) }]
    : [];
  const earliest = Math.max(draft.enrolledAt.getTime(), now - 60 * DAY);
  const createdAt = new Date(earliest + rng.float() * (now - earliest));
  const lastSaved = new Date(Math.min(now, createdAt.getTime() + rng.int(0, 72) * HOUR));
  const cartId = rng.alphanumeric(28);
  const instance = {
    cartId,
    localeCode: locale,
    products,
    promoItems: [],
    unpromofiedItems: [],
    promoTags,
    removedPromoItems: [],
    hostRewardItems,
    currency,
    subtotal: dollars(subtotal),
    prePromoSubtotal: dollars(subtotal),
    totalProducts: products.reduce((s, p) => s + p.quantity, 0),
    totalUniqueProducts: products.length,
    lastSave: lastSaved.toISOString(),
  };
  ctx.writer.add(carts, {
    cartId,
    uid: draft.uid,
    cid: kind === 'client' ? ctx.directory.uidOf(sponsorIdx) : null,
    userEmail: draft.row.email ?? null,
    activeLocale: locale,
    cartInstances: { [locale]: instance },
    customer: {
      uid: draft.uid,
      phoenixId: draft.phoenixId,
      firstName: draft.person.firstName,
      lastName: draft.person.lastName,
      userType: draft.userType,
      countryId: draft.countryId,
    },
    socialId: kind === 'popup' ? (openPopup?.id ?? null) : null,
    currency,
    canceled: rng.chance(0.08),
    createdAt,
    lastSaved,
  });
}
