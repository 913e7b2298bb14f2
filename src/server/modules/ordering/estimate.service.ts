import { regionOfLocale } from '@domain/carts';
import {
  cartEligibility,
  ESTIMATE_CODES,
  type EstimateAnswer,
  type EstimateContext,
  ORDERING_MESSAGES,
  type OrderContextValues,
  orderTotals,
} from '@domain/ordering';
import { shippingMethodName } from '@domain/reference';
import type { AppContext } from '../../platform/context';
import { badRequest, notFound } from '../../platform/errors';
import { sha256 } from '../../platform/ids';
import { priceForCheckout } from '../carts/carts.service';
import { shippingAddressProblem } from '../maps/maps.service';
import * as repo from './ordering.repo';

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
  };
}

const fail = (code: string | null, message: string): Estimate => ({
  answer: { success: false, context: null, code, message },
});

export async function estimate(ctx: AppContext, body: OrderContextValues): Promise<Estimate> {
  const address = body.shipping.address;
  const countryId = regionOfLocale(body.localeCode);
  // Independent reads together (on PostgreSQL they run side by side on the pool).
  const [account, rateRows, taxRate] = await Promise.all([
    repo.accountOf(ctx.db, body.uid),
    repo.shippingRatesOf(ctx.db, countryId),
    address ? repo.taxRateOf(ctx.db, countryId, address.region) : Promise.resolve(null),
  ]);
  if (!account) throw notFound(ORDERING_MESSAGES.noSuchCustomer);
  if (address && address.countryId !== countryId)
    return fail(ESTIMATE_CODES.voidShippingAddress, ORDERING_MESSAGES.cartCountry);
  if (address) {
    const problem = shippingAddressProblem(address);
    if (problem)
      return fail(ESTIMATE_CODES.voidShippingAddress, ORDERING_MESSAGES.voidShippingAddress(problem));
  }
  const balance = countryId === 2 ? account.credit_ca : account.credit_us;
  const pendingTerms = account.pending_terms;
  const now = Math.floor(Date.now() / 1000);
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
        phoenixShippingMethodId: r.phoenix_shipping_method_id,
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
      name: shippingMethodName(r.method) ?? `Method ${r.method}`,
      amount: free ? 0 : r.amount,
      regularAmount: row?.amount_cents ?? r.amount,
      phoenixShippingMethodId: r.phoenixShippingMethodId ?? row?.phoenix_shipping_method_id ?? null,
    };
  });
  const method = rates.some((r) => r.method === body.shipping.method) ? body.shipping.method : null;
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
  const hasPayment =
    !!body.payment && (body.payment.savedCard ? !!body.payment.cardId : !!body.payment.squareNonce);
  const context: EstimateContext = {
    estimateId: sha256(
      JSON.stringify([body.cartId, view.version, method, totals, body.shipping.address?.postalCode ?? '']),
    ).slice(0, 24),
    countryId,
    currency: view.currency,
    shipping: { method, rates },
    tax: { taxAmount: totals.tax, rateBasisPoints: taxRate?.rateBasisPoints ?? 0 },
    productCredit: { balance, applied: totals.appliedCredit },
    totals,
    isMembership: skus.includes('9000'),
    isRenewal: skus.includes('9916'),
    step: method !== null && hasPayment ? 3 : rates.length > 0 && address ? 2 : 1,
    errors,
    cartMessages: view.cartErrors.map((e) => ({ code: e.code, message: e.message })),
  };
  return {
    answer: { success: true, context, code: null, message: null },
    ok: { account, context, priced, countryId },
  };
}
