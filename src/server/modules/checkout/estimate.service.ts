import { regionOfLocale } from '@domain/carts';
import {
  type CheckoutAddress,
  cartEligibility,
  ESTIMATE_CODES,
  type EstimateAnswer,
  type EstimateContext,
  formatMoneyFor,
  ORDERING_MESSAGES,
  type OrderContextValues,
  orderTotals,
} from '@domain/checkout';
import { NOTICE_CODES, type Notice } from '@domain/platform/notices';
import { wholesaleByDefault } from '@domain/pricing';
import { SHIP_TO_SOCIAL_OPTION, shippingMethodName, shippingOptionName, USER_TYPE } from '@domain/reference';
import type { AppContext } from '../../platform/context';
import type { DbOrTx } from '../../platform/db';
import { badRequest, notFound } from '../../platform/errors';
import { sha256 } from '../../platform/ids';
import { priceForCheckout } from '../carts/carts.service';
import { isFlagOn } from '../flags/flags.service';
import { postalCodeIssue } from '../maps/zip-dataset';
import * as repo from './checkout.repo';

/**
 * Spec 2 §6 (ADR 015): with the consultantOverrideDefaults flag on, a portal order for a consultant
 * starts with both overrides on; every other account, or the flag off, starts with both off.
 */
export async function overrideDefaultsFor(ctx: AppContext, userType: number) {
  const on = userType === USER_TYPE.consultant && (await isFlagOn(ctx.db, 'consultantOverrideDefaults'));
  return { overrideTax: on, overrideShipping: on };
}

/**
 * The sales tax rate of a state or province (the checkout's tax table), or null when the table
 * has no row for it; the promo tool's simulator taxes with it too.
 */
export const taxRateOf = (db: DbOrTx, countryId: number, region: string) =>
  repo.taxRateOf(db, countryId, region);

// The order estimate (spec 2 §4 estimate, §7): the cart priced with the order's shipping rates
// (rate tables, free-over thresholds, then the promo engine's shipping promos and drops), tax
// from the state or province table (shipping tax too), product credit never above the balance,
// and the total = subtotal with overrides + shipping + tax − applied credit. The purchase runs
// the same computation again before it charges anything.

export interface Estimate {
  answer: EstimateAnswer;
  /** Present when the estimate succeeded. */
  ok?: {
    account: repo.AccountRow;
    context: EstimateContext;
    priced: Awaited<ReturnType<typeof priceForCheckout>>;
    countryId: 1 | 2;
    /** Where the order ships: the popup host's address for Ship to Social, else the form's. */
    address: CheckoutAddress | null;
    /** Ship to Social (option 6) chosen with a popup: the order waits in ship-to-socials. */
    shipToSocial: boolean;
  };
  /** The fields of the request a failed estimate is about (the purchase answers them as field messages). */
  issues?: { path: string; message: string }[];
}

const fail = (code: string | null, message: string): Estimate => ({
  answer: { success: false, context: null, code, message },
});

/** The popup host's address as the order keeps it (Ship to Social). */
function hostAddress(p: repo.PopupRow, countryId: 1 | 2): CheckoutAddress | null {
  if (!p.address || !p.city || !p.region || !p.postal_code) return null;
  return {
    firstName: p.first_name ?? '',
    lastName: p.last_name ?? '',
    companyName: p.company_name,
    address: p.address,
    address2: p.address2,
    city: p.city,
    region: p.region,
    postalCode: p.postal_code,
    countryId,
    telephone: p.telephone,
    saveAddress: false,
  };
}

export async function estimate(ctx: AppContext, body: OrderContextValues): Promise<Estimate> {
  const countryId = regionOfLocale(body.localeCode);
  // A chosen popup must be one the customer may order into; its host's address is where Ship to
  // Social (option 6) delivers, offered only when the host has an address in this country.
  const popup = body.popupId == null ? null : await repo.popupFor(ctx.db, body.uid, body.popupId, countryId);
  if (body.popupId != null && !popup) return fail(null, ORDERING_MESSAGES.popupNotOpen);
  const socialAddress = popup ? hostAddress(popup, countryId) : null;
  const shipToSocial = !!socialAddress && body.shipping.method === SHIP_TO_SOCIAL_OPTION;
  if (popup && !socialAddress && body.shipping.method === SHIP_TO_SOCIAL_OPTION && !body.shipping.address)
    return fail(ESTIMATE_CODES.voidShippingAddress, ORDERING_MESSAGES.popupNoAddress);
  const address = shipToSocial ? socialAddress : body.shipping.address;
  // Independent reads together (on PostgreSQL they run side by side on the pool).
  const [account, tableRates, taxRate] = await Promise.all([
    repo.accountOf(ctx.db, body.uid),
    repo.shippingRatesOf(ctx.db, countryId),
    address ? repo.taxRateOf(ctx.db, countryId, address.region) : Promise.resolve(null),
  ]);
  if (!account) throw notFound(ORDERING_MESSAGES.noSuchCustomer);
  // Ship to Social costs nothing (the rate tables have no entry for it: their method 6 is the US
  // Next Day, which a popup order is not offered since the two share the id); it goes through the
  // engine like any rate, so shipping promos and drops treat it as they treat the others.
  const rateRows: repo.RateRow[] = socialAddress
    ? [
        ...tableRates.filter((r) => r.shipping_method_id !== SHIP_TO_SOCIAL_OPTION),
        {
          shipping_method_id: SHIP_TO_SOCIAL_OPTION,
          amount_cents: 0,
          free_over_cents: null,
          phoenix_shipping_method_id: null,
        },
      ]
    : tableRates;
  if (address && address.countryId !== countryId)
    return fail(ESTIMATE_CODES.voidShippingAddress, ORDERING_MESSAGES.cartCountry);
  // The address form's ZIP/postal code vs state/province check (ADR 029): on the form's postal
  // code field when the address is the form's, not the popup host's.
  const postalProblem = address ? postalCodeIssue(address) : null;
  if (postalProblem)
    return {
      ...fail(ESTIMATE_CODES.voidShippingAddress, ORDERING_MESSAGES.voidShippingAddress(postalProblem)),
      ...(shipToSocial
        ? {}
        : { issues: [{ path: 'body.shipping.address.postalCode', message: postalProblem }] }),
    };
  const balance = countryId === 2 ? account.credit_ca : account.credit_us;
  const pendingTerms = account.pending_terms;
  const now = Math.floor(ctx.clock.now() / 1000);
  const seconds = (d: Date | null) => (d ? Math.floor(new Date(d).getTime() / 1000) : undefined);
  const priced = await priceForCheckout(ctx, body.cartId, {
    // Order-level facts the engine reads (spec 2 §6 pricing roles): the order type and the
    // account's pending member terms; shipping comes from the tables below.
    ...(body.orderType === null ? {} : { orderType: body.orderType }),
    shipping: {
      method: body.shipping.method,
      rates: rateRows.map((r) => ({
        method: r.shipping_method_id,
        amount: r.amount_cents,
        ...(r.phoenix_shipping_method_id === null
          ? {}
          : { phoenixShippingMethodId: r.phoenix_shipping_method_id }),
      })),
    },
    productCredit: { requested: body.appliedCredit, balance },
  });
  if (priced.row.uid !== body.uid) throw badRequest(ORDERING_MESSAGES.cartOwner);
  if (regionOfLocale(priced.state.localeCode) !== countryId) return fail(null, ORDERING_MESSAGES.cartCountry);
  const view = priced.view;
  if (view.totalProducts === 0) return fail(ESTIMATE_CODES.emptyCart, ORDERING_MESSAGES.emptyCart);

  // Free-over thresholds of the rate table apply to the subtotal before the promo engine's
  // shipping promos (which only ever lower a rate further).
  const regular = new Map(rateRows.map((r) => [r.shipping_method_id, r]));
  const rates = priced.priced.shipping.rates.map((r) => {
    const row = regular.get(r.method);
    const free = row?.free_over_cents != null && view.subtotalInCents >= row.free_over_cents;
    return {
      method: r.method,
      name:
        (socialAddress && r.method === SHIP_TO_SOCIAL_OPTION
          ? shippingOptionName(r.method)
          : shippingMethodName(r.method)) ?? `Method ${r.method}`,
      amount: free ? 0 : r.amount,
      regularAmount: row?.amount_cents ?? r.amount,
      phoenixShippingMethodId: r.phoenixShippingMethodId ?? row?.phoenix_shipping_method_id ?? null,
    };
  });
  const method = rates.some((r) => r.method === body.shipping.method) ? body.shipping.method : null;
  const toSocial = shipToSocial && method === SHIP_TO_SOCIAL_OPTION;
  const shipping = rates.find((r) => r.method === method)?.amount ?? 0;
  const errors: string[] = [];
  if (body.appliedCredit > balance) errors.push(ORDERING_MESSAGES.creditOverBalance);
  const skus = view.products.map((p) => p.sku);
  errors.push(
    ...cartEligibility(skus, {
      now,
      userType: account.user_type,
      account: {
        pendingMemberTerms: pendingTerms,
        ...(seconds(account.member_expiration_date_utc) === undefined
          ? {}
          : { memberExpirationDate: seconds(account.member_expiration_date_utc)! }),
      },
    }),
  );
  const totals = orderTotals({
    prePromoSubtotal: view.prePromoSubtotalInCents,
    subtotal: view.subtotalInCents,
    shipping,
    appliedCredit: Math.min(body.appliedCredit, balance),
    rate: taxRate,
    overrideTax: body.overrides.overrideTax ?? null,
    overrideShipping: body.overrides.overrideShipping ?? null,
  });
  const defaults = await overrideDefaultsFor(ctx, account.user_type);
  const own =
    defaults.overrideTax || defaults.overrideShipping
      ? orderTotals({
          prePromoSubtotal: view.prePromoSubtotalInCents,
          subtotal: view.subtotalInCents,
          shipping,
          appliedCredit: 0,
          rate: taxRate,
        })
      : null;
  // Spec 2 §5: credit is never applied above the balance (the purchase refuses it) nor above the
  // subtotal; either is said at the credit field, never applied silently (ADR 026).
  const notices: Notice[] = [];
  if (body.appliedCredit > balance)
    notices.push({
      code: NOTICE_CODES.creditOverBalance,
      message: ORDERING_MESSAGES.creditOverBalance,
      field: 'appliedCredit',
    });
  else if (body.appliedCredit > totals.appliedCredit)
    notices.push({
      code: NOTICE_CODES.creditOverSubtotal,
      message: ORDERING_MESSAGES.creditOverSubtotal(formatMoneyFor(totals.appliedCredit, body.localeCode)),
      field: 'appliedCredit',
    });
  notices.push(...view.notices);
  const hasPayment =
    !!body.payment &&
    (!!body.payment.splitPayments ||
      (body.payment.savedCard ? !!body.payment.cardId : !!body.payment.squareNonce));
  const iso = (d: Date | string | null | undefined) => (d ? new Date(d).toISOString() : null);
  const context: EstimateContext = {
    customer: {
      uid: account.uid,
      firstName: account.first_name,
      lastName: account.last_name,
      userType: account.user_type,
      sponsorId: Number(account.sponsor_id),
      phoenixId: Number(account.phoenix_id),
      email: account.email,
      groupId: account.group_id,
      memberExpirationDateUTC: iso(account.member_expiration_date_utc),
      enrollmentDateUTC: iso(account.enrollment_date_utc),
      consultantMilestones: (account.consultant_milestones ?? []).map((m) => ({
        name: m.name,
        achievedAt: m.achievedAt ?? null,
        expirationDate: m.expirationDate ?? null,
      })),
    },
    giftOption: body.giftOption ?? !!body.giftMessage?.trim(),
    hostRewardItems: view.hostRewardItems,
    outOfStock: [...new Set(view.products.map((p) => p.sku))].filter(
      (sku) => priced.catalog.get(sku)?.inStock === false,
    ),
    isWholesale: wholesaleByDefault(view.typeId ?? account.user_type),
    estimateId: sha256(
      JSON.stringify([
        body.cartId,
        view.version,
        method,
        totals,
        address?.postalCode ?? '',
        body.popupId ?? null,
      ]),
    ).slice(0, 24),
    countryId,
    currency: view.currency,
    shipping: { method, rates },
    tax: { taxAmount: totals.tax, rateBasisPoints: taxRate?.rateBasisPoints ?? 0 },
    productCredit: { balance, applied: totals.appliedCredit },
    totals,
    isMembership: skus.includes('9000'),
    isRenewal: skus.includes('9916'),
    shipToSocial:
      popup && socialAddress
        ? {
            popupId: popup.id,
            name: popup.name,
            chosen: toSocial,
            address: {
              firstName: socialAddress.firstName,
              lastName: socialAddress.lastName,
              address: socialAddress.address,
              address2: socialAddress.address2 ?? null,
              city: socialAddress.city,
              region: socialAddress.region,
              postalCode: socialAddress.postalCode,
              countryId,
            },
          }
        : null,
    overrideDefaults: own ? { overrideTax: own.tax, overrideShipping: own.shipping } : null,
    step: method !== null && hasPayment ? 3 : rates.length > 0 && address ? 2 : 1,
    errors,
    cartMessages: view.cartErrors.map((e) => ({ code: e.code, message: e.message })),
    notices,
  };
  return {
    answer: { success: true, context, code: null, message: null },
    ok: {
      account,
      context,
      priced,
      countryId,
      address: toSocial ? socialAddress : body.shipping.address,
      shipToSocial: toSocial,
    },
  };
}
