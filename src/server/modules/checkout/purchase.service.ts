import { cartLineStep } from '@domain/carts';
import {
  attributedConsultantId,
  awaitsTerms,
  cardExpired,
  cardLabel,
  isLiveSiftSession,
  ORDERING_MESSAGES,
  SPLIT_MESSAGES,
  type SubmitAnswer,
  splitTotalMessage,
} from '@domain/checkout';
import { orderNumberLabel } from '@domain/customers/order-status';
import { GatewayError, type GatewayResult, type PaymentSource } from '@domain/payments/gateway';
import { CANADA_CARD_V2_CUTOVER, ORDER_STATE, ORDER_TYPE, SKU } from '@domain/reference';
import { and, eq, not, sql } from 'drizzle-orm';
import {
  accounts,
  orderLines,
  orderPayments,
  orders,
  paymentCards,
  paymentTokens,
  productCreditLedger,
  promoRedemptions,
  shippingAddresses,
  termsRecords,
} from '../../db/schema';
import { type Actor, recordChange } from '../../platform/audit';
import type { AppContext } from '../../platform/context';
import { customerEmailLocale } from '../../platform/customer-email';
import { rows, type Tx } from '../../platform/db';
import { AppError, badRequest, conflict } from '../../platform/errors';
import { heartbeat } from '../../platform/lease';
import { enqueueEmail } from '../../platform/outbox';
import { emptyEdit } from '../carts/carts.edits';
import { editCart } from '../carts/carts.service';
import { enqueueExport } from '../downstream/downstream.export';
import { orderEmail } from '../orders/emails';
import { orderDetail, recalculatePopupTotals } from '../orders/orders.service';
import { appendCredit, lockCredit } from '../product-credit/product-credit.service';
import { captureOrder } from './capture.service';
import {
  CHECKOUT_LEASE_SECONDS,
  type Claimed,
  claim,
  failIfOwner,
  renewLease,
  type SubmitValues,
  settleSucceeded,
  submission,
} from './checkout-lease';
import { type Estimate, estimate } from './estimate.service';

// The purchase (spec 2 §4, §7 purchase; ADR 015): the key is claimed first, everything is
// validated again on the server (the estimate), the card is charged through the gateway with a
// key derived from the checkout's, and the order is written in one transaction with its lines,
// payments, product-credit deduction, terms record, audit event, confirmation email and downstream
// export. A charge whose order write fails is voided. A second submit with the same key answers
// the first order; a failed attempt frees the key so a corrected retry can go ahead. The attempt
// holds a lease (ADR 014), renewed while it works: if its process dies, a later submit with the key
// takes it over once the lease lapsed and finishes it under the same order id and gateway keys
// (no second authorization, no second order). An attempt that outlived its lease never voids the
// authorization nor fails the key the attempt that took over now owns (checkout-lease, ADR 021).

/** Channel 4 Counterbase: orders placed from the back office. */
const BACK_OFFICE_CHANNEL = 4;

/** A refusal the screen shows as "Your order was not successful. {message}". */
class Refusal extends AppError {
  constructor(status: number, reason: string, issues?: { path: string; message: string }[]) {
    super(
      status,
      ORDERING_MESSAGES.notSuccessful(reason),
      status === 402 ? 'PAYMENT_DECLINED' : undefined,
      issues,
    );
  }
}

async function answerFor(ctx: AppContext, id: string): Promise<SubmitAnswer> {
  const [o] = await ctx.db
    .select({
      id: orders.id,
      order_id: orders.orderId,
      customer_user_type: orders.customerUserType,
      collection: orders.collection,
      state: orders.state,
      grand_total_cents: orders.grandTotalCents,
      currency: orders.currency,
    })
    .from(orders)
    .where(eq(orders.id, id));
  if (!o) throw new AppError(500, ORDERING_MESSAGES.defaultError);
  return {
    success: true,
    message: ORDERING_MESSAGES.submitted,
    data: {
      id: o.id,
      orderId: o.order_id,
      orderLabel: orderNumberLabel(o.order_id, o.customer_user_type),
      collection: o.collection,
      state: o.state,
      grandTotal: o.grand_total_cents,
      currency: o.currency,
    },
  };
}

/** Another attempt owns the checkout now (this one outlived its lease): this one decides nothing more. */
class LeaseLost extends Error {}

/** What the key answers now: the order another attempt placed, or 409 while it is at work. */
async function answerAsItStands(ctx: AppContext, key: string): Promise<SubmitAnswer> {
  const s = await submission(ctx, key);
  if (s?.status === 'succeeded' && s.order_id) return answerFor(ctx, s.order_id);
  throw conflict(ORDERING_MESSAGES.inFlight);
}

export async function purchase(ctx: AppContext, actor: Actor, body: SubmitValues): Promise<SubmitAnswer> {
  const claimed = await claim(ctx, body, actor);
  if (claimed.done) return answerFor(ctx, claimed.done);
  const key = body.idempotencyKey;
  // The lease is renewed while the attempt works (a slow gateway or database does not lose it).
  const beat = heartbeat(() => renewLease(ctx, key, claimed.owner), ctx.log, CHECKOUT_LEASE_SECONDS);
  try {
    // A taken-over attempt whose order was committed is finished, never placed again.
    const written = claimed.resumed ? await writtenOrder(ctx, claimed.docId) : null;
    const id = written
      ? await finishWritten(ctx, actor, written, checkoutChargeKey(key, claimed.attempt))
      : await place(ctx, actor, body, claimed);
    await settleSucceeded(ctx, key, id);
    ctx.wakeOutbox();
    ctx.wakeJobs();
    // Completing an order clears the cart (spec 2 §4); the order stands even if this fails.
    await editCart(ctx, actor, body.cartId, 'cart.checkoutClear', emptyEdit).catch((err) =>
      ctx.log.warn({ err, cartId: body.cartId }, 'cart not cleared after purchase'),
    );
    return answerFor(ctx, id);
  } catch (err) {
    // A dead process settles nothing: its key stays pending until the lease lapses.
    if (err instanceof SimulatedCrash) throw err;
    const message = err instanceof Error ? err.message : ORDERING_MESSAGES.defaultError;
    // Only the attempt that owns the lease marks it failed; one that lost it to another attempt
    // answers as the key now stands (that attempt's order, or 409 while it works).
    if (err instanceof LeaseLost || !(await failIfOwner(ctx, key, claimed.owner, message)))
      return answerAsItStands(ctx, key);
    throw err;
  } finally {
    beat.stop();
  }
}

/**
 * One card's part of the payment: where the money comes from, the card as staff read it, the
 * amount and the gateway key of its authorization (its capture and void derive from the capture
 * key). A single card pays the whole total under the attempt's key; each card of a split (ADR 030)
 * pays its own amount under the attempt's key plus its place in the split.
 */
interface Tender {
  source: PaymentSource;
  brand: string;
  last4: string;
  cardId: string | null;
  amountCents: number;
  chargeKey: string;
  saveCard: boolean;
}

async function singleTender(
  ctx: AppContext,
  body: SubmitValues,
  countryId: number,
  amountCents: number,
  chargeKey: string,
): Promise<Tender> {
  const p = body.payment!;
  if (p.savedCard) {
    const [card] = await ctx.db
      .select({ brand: paymentCards.brand, last4: paymentCards.last4 })
      .from(paymentCards)
      .where(
        and(
          eq(paymentCards.id, p.cardId!),
          eq(paymentCards.accountUid, body.uid),
          eq(paymentCards.countryId, countryId),
          not(paymentCards.disabled),
        ),
      );
    if (!card) throw new Refusal(400, ORDERING_MESSAGES.noSuchCard);
    return {
      source: { cardId: p.cardId! },
      ...card,
      cardId: p.cardId!,
      amountCents,
      chargeKey,
      saveCard: false,
    };
  }
  const [token] = await ctx.db
    .select({ brand: paymentTokens.brand, last4: paymentTokens.last4 })
    .from(paymentTokens)
    .where(eq(paymentTokens.id, p.squareNonce!));
  if (!token) throw new Refusal(400, 'The card token is not valid. Enter the card again.');
  return {
    source: { token: p.squareNonce! },
    ...token,
    cardId: null,
    amountCents,
    chargeKey,
    saveCard: !!p.saveCard,
  };
}

/**
 * The cards of a split payment (ADR 030), checked before anything is charged: the amounts add up
 * to what the cards must pay (the total after product credit), and each card is the customer's,
 * of the order's country, on file and not expired (a new card: a live token, not expired).
 */
async function splitTenders(
  ctx: AppContext,
  body: SubmitValues,
  countryId: number,
  dueCents: number,
  currency: string,
  chargeKey: string,
): Promise<Tender[]> {
  const splits = body.payment!.splitPayments!;
  const at = (i: number, field: string) => `payment.splitPayments.${i}.${field}`;
  const off = splitTotalMessage(
    dueCents,
    splits.map((s) => s.amount),
    currency,
    body.localeCode,
  );
  if (off) throw new Refusal(400, off, [{ path: 'payment.splitPayments', message: off }]);
  const now = new Date();
  const tenders: Tender[] = [];
  for (const [i, s] of splits.entries()) {
    const common = { amountCents: s.amount, chargeKey: `${chargeKey}:split:${i + 1}` };
    if (s.cardId) {
      const [card] = await ctx.db
        .select({
          brand: paymentCards.brand,
          last4: paymentCards.last4,
          exp_month: paymentCards.expMonth,
          exp_year: paymentCards.expYear,
          account_uid: paymentCards.accountUid,
          country_id: paymentCards.countryId,
          disabled: paymentCards.disabled,
        })
        .from(paymentCards)
        .where(eq(paymentCards.id, s.cardId));
      if (!card || card.account_uid !== body.uid || card.country_id !== countryId || card.disabled) {
        const message = card ? SPLIT_MESSAGES.notCustomers(cardLabel(card)) : ORDERING_MESSAGES.noSuchCard;
        throw new Refusal(400, message, [{ path: at(i, 'cardId'), message }]);
      }
      if (cardExpired({ expMonth: card.exp_month, expYear: card.exp_year }, now)) {
        const message = SPLIT_MESSAGES.expired(cardLabel(card));
        throw new Refusal(400, message, [{ path: at(i, 'cardId'), message }]);
      }
      tenders.push({
        source: { cardId: s.cardId },
        brand: card.brand,
        last4: card.last4,
        cardId: s.cardId,
        saveCard: false,
        ...common,
      });
      continue;
    }
    const [token] = await ctx.db
      .select({
        brand: paymentTokens.brand,
        last4: paymentTokens.last4,
        exp_month: paymentTokens.expMonth,
        exp_year: paymentTokens.expYear,
        live: sql<boolean>`${paymentTokens.expiresAt} > now()`,
      })
      .from(paymentTokens)
      .where(eq(paymentTokens.id, s.squareNonce!));
    if (!token?.live) {
      const message = 'The card token is not valid. Enter the card again.';
      throw new Refusal(400, message, [{ path: at(i, 'squareNonce'), message }]);
    }
    if (cardExpired({ expMonth: token.exp_month, expYear: token.exp_year }, now)) {
      const message = SPLIT_MESSAGES.expired(cardLabel(token));
      throw new Refusal(400, message, [{ path: at(i, 'squareNonce'), message }]);
    }
    tenders.push({
      source: { token: s.squareNonce! },
      brand: token.brand,
      last4: token.last4,
      cardId: null,
      saveCard: !!s.saveCard,
      ...common,
    });
  }
  return tenders;
}

/** The gateway key of a checkout attempt's authorization (its capture and void derive from it). */
const checkoutChargeKey = (key: string, attempt: number) => `checkout:${key}:${attempt}`;

interface WrittenOrder {
  id: string;
  collection: string;
  payment_state: string;
  transaction_id: string | null;
}

async function writtenOrder(ctx: AppContext, docId: string): Promise<WrittenOrder | null> {
  const [o] = await ctx.db
    .select({
      id: orders.id,
      collection: orders.collection,
      payment_state: orders.paymentState,
      // Named in full: the builder names a lone table's columns bare, and order_payments has an id too.
      transaction_id: sql<string | null>`(select p.transaction_id from order_payments p
        where p.order_id = orders.id and p.method = 'card' limit 1)`,
    })
    .from(orders)
    .where(eq(orders.id, docId));
  return o ?? null;
}

/**
 * Finishes an attempt whose order was committed before its process died: the capture runs under
 * the attempt's key (the gateway answers an earlier capture from its ledger, never capturing twice).
 */
async function finishWritten(ctx: AppContext, actor: Actor, o: WrittenOrder, chargeKey: string) {
  if (o.transaction_id && o.collection === 'invoices' && o.payment_state === 'authorized')
    await captureOrder(ctx, actor, o.id, o.transaction_id, `${chargeKey}:capture`);
  return o.id;
}

async function place(ctx: AppContext, actor: Actor, body: SubmitValues, claimed: Claimed): Promise<string> {
  const { attempt, docId, owner } = claimed;
  const est: Estimate = await estimate(ctx, body);
  if (!est.ok) throw new Refusal(400, est.answer.message ?? ORDERING_MESSAGES.defaultError, est.issues);
  const { account, context, priced, countryId } = est.ok;
  if (context.errors.length > 0) throw new Refusal(400, context.errors[0]!);
  const address = est.ok.address;
  if (!address) throw new Refusal(400, ORDERING_MESSAGES.noAddress);
  if (context.shipping.method === null)
    throw new Refusal(
      400,
      body.shipping.method === null ? ORDERING_MESSAGES.noShippingMethod : ORDERING_MESSAGES.methodNotOffered,
    );
  if (!body.payment) throw new Refusal(400, ORDERING_MESSAGES.noPayment);

  const view = priced.view;
  const skus = view.products.map((p) => p.sku);
  const pendingTerms = awaitsTerms(skus, account.t_and_c_accepted, account.user_type);
  const totals = context.totals;
  const currency = view.currency.name;
  const chargeKey = checkoutChargeKey(body.idempotencyKey, attempt);
  // Every card is checked before any is charged.
  let tenders: Tender[];
  if (body.payment.splitPayments)
    tenders = await splitTenders(ctx, body, countryId, totals.grandTotal, currency, chargeKey);
  else {
    const card = await singleTender(ctx, body, countryId, totals.grandTotal, chargeKey);
    // Paid by product credit alone, the card is checked and never charged.
    tenders = totals.grandTotal > 0 ? [card] : [];
  }
  const charges: Charged[] = [];
  for (const tender of tenders) {
    let charge: GatewayResult;
    try {
      charge = await ctx.gateway.charge({
        source: tender.source,
        amountCents: tender.amountCents,
        currency,
        idempotencyKey: tender.chargeKey,
        orderId: docId,
        // Authorized first: a charge whose order write fails is voided, never left charged. The
        // capture follows the commit, except for a membership order awaiting terms (captured
        // once the terms are accepted).
        capture: false,
        ...(tender.saveCard
          ? {
              saveCard: {
                accountUid: body.uid,
                countryId,
                cardholderName: `${address.firstName} ${address.lastName}`,
              },
            }
          : {}),
      });
    } catch (err) {
      if (!(err instanceof GatewayError)) throw err;
      charge = {
        transactionId: '',
        kind: 'authorize',
        status: 'failed',
        amountCents: tender.amountCents,
        currency,
        parentTransactionId: null,
        error: { code: err.code, message: err.message },
        replayed: false,
        cardId: null,
      };
    }
    if (charge.status !== 'succeeded') {
      const why = charge.error?.message ?? 'The card was declined.';
      // A split card declined: the cards already authorized are given up (by the lease's owner
      // only, as after a failed write) and the order is not placed; the answer names the card.
      if (charges.length > 0) await voidCharges(ctx, body.idempotencyKey, owner, charges, why);
      throw new Refusal(
        402,
        body.payment.splitPayments ? SPLIT_MESSAGES.declined(cardLabel(tender), why) : why,
      );
    }
    charges.push({ tender, result: charge });
  }
  crashPoint('authorized');
  try {
    await ctx.db.transaction((tx) =>
      writeOrder(tx, actor, {
        docId,
        body,
        est: est.ok!,
        charges,
        pendingTerms,
        customerSiteUrl: ctx.config.customerSiteUrl,
      }),
    );
  } catch (err) {
    // Nothing may stay charged for an order that was not written; but only the attempt that owns
    // the lease gives the authorizations up (marking the attempt failed first, so that no other
    // can take it over): one that outlived its lease leaves them to the attempt that owns it now.
    const failure = err instanceof AppError ? err.message : ORDERING_MESSAGES.defaultError;
    if (charges.length > 0) await voidCharges(ctx, body.idempotencyKey, owner, charges, failure);
    if (err instanceof AppError && err.statusCode < 500) throw new Refusal(err.statusCode, err.message);
    ctx.log.error({ err }, 'order write failed');
    throw new Refusal(500, ORDERING_MESSAGES.defaultError);
  }
  crashPoint('committed');
  // Captured after the commit (every card of a split, each once); a capture that fails is retried
  // by the capture worker. An order waiting for its pop-up stays authorized, out of the export,
  // like one awaiting terms.
  if (charges.length > 0 && !pendingTerms && !est.ok.shipToSocial)
    await captureOrder(ctx, actor, docId, charges[0]!.result.transactionId, `${chargeKey}:capture`);
  return docId;
}

interface Charged {
  tender: Tender;
  result: GatewayResult;
}

/**
 * Gives up the authorizations of an attempt that will place no order, only while the attempt owns
 * its lease (marked failed first, so none can take it over); otherwise the attempt that owns it
 * now decides (LeaseLost).
 */
async function voidCharges(ctx: AppContext, key: string, owner: string, charges: Charged[], failure: string) {
  if (!(await failIfOwner(ctx, key, owner, failure))) throw new LeaseLost();
  for (const { tender, result } of charges)
    await ctx.gateway
      .void({ transactionId: result.transactionId, idempotencyKey: `${tender.chargeKey}:void` })
      .catch((voidErr) =>
        ctx.log.error(
          { err: voidErr, transactionId: result.transactionId },
          'void of an authorization of an order not placed failed',
        ),
      );
}

interface WriteArgs {
  docId: string;
  body: SubmitValues;
  est: NonNullable<Estimate['ok']>;
  /** The card authorizations, one per card (none for an order paid by product credit alone). */
  charges: Charged[];
  pendingTerms: boolean;
  customerSiteUrl: string;
}

/** A process dying at a stage of the purchase (test hook): nothing after it runs. */
export class SimulatedCrash extends Error {}

/**
 * Test hooks: a failure injected into the order write (the void path), and the process dying right
 * after the authorization or right after the order's commit.
 */
export const faults = {
  beforeCommit: null as null | ((docId: string) => void),
  crashAt: null as null | 'authorized' | 'committed',
};

function crashPoint(stage: 'authorized' | 'committed') {
  if (faults.crashAt === stage) throw new SimulatedCrash(`simulated crash after ${stage}`);
}

/**
 * Records this order's redemptions of limitOnePerEmail rules for the customer's email (spec 3 §4),
 * in the order's transaction. An email that redeemed one of them since the cart was priced (a
 * second purchase at the same moment) refuses the whole order: nothing is written and the charge
 * is voided; the cart then prices without that promotion.
 */
async function recordRedemptions(tx: Tx, email: string | null, orderId: string, promos: readonly string[]) {
  if (!email || promos.length === 0) return;
  const written = await tx
    .insert(promoRedemptions)
    .values(promos.map((promo) => ({ email: email.toLowerCase(), promo, orderId })))
    .onConflictDoNothing()
    .returning({ promo: promoRedemptions.promo });
  const taken = promos.filter((p) => !written.some((w) => w.promo === p));
  if (taken.length > 0) throw conflict(ORDERING_MESSAGES.alreadyRedeemed(taken[0]!));
}

/** Writes the order and all that goes with it; false when an attempt under its key already did. */
async function writeOrder(tx: Tx, actor: Actor, a: WriteArgs): Promise<boolean> {
  const { docId, body, est, charges, pendingTerms } = a;
  const { account, context, priced, countryId } = est;
  const view = priced.view;
  const totals = context.totals;
  const address = est.address!;
  // As the order keeps it, and as the address book keeps it when the customer saves it.
  const storedAddress = {
    firstName: address.firstName,
    lastName: address.lastName,
    companyName: address.companyName ?? null,
    address: address.address,
    address2: address.address2 ?? null,
    city: address.city,
    region: address.region,
    postalCode: address.postalCode,
    country: countryId === 2 ? 'CA' : 'US',
    countryId,
    telephone: address.telephone ?? null,
  };
  const now = new Date();
  // Spec 2 §6 attribution: the order names the consultant it is attributed to.
  const attributedId = attributedConsultantId(account.user_type, Number(account.sponsor_id));
  const [consultant] =
    attributedId === null
      ? []
      : await tx
          .select({ name: sql<string>`trim(concat_ws(' ', ${accounts.firstName}, ${accounts.lastName}))` })
          .from(accounts)
          .where(eq(accounts.phoenixId, attributedId));
  // Raw SQL: nextval reads a sequence, not a table, and the builder has no select without a FROM.
  const [next] = await rows<{ n: string | number }>(tx, sql`select nextval('order_number_seq') as n`);
  const orderId = Number(next!.n);
  const label = orderNumberLabel(orderId, account.user_type);
  const skus = view.products.map((p) => p.sku);
  // Spec 2 §3, §4: an order awaiting terms waits in `orders` (Pending Terms), one shipped to its
  // pop-up in `ship-to-socials` (Pending Pop-up); only an invoice is captured and goes downstream.
  const collection = pendingTerms ? 'orders' : est.shipToSocial ? 'ship-to-socials' : 'invoices';
  const captured = collection === 'invoices';
  // A card payment stays authorized until its capture (after the commit) succeeds; an order paid
  // by product credit alone is captured at once.
  const paid = captured && charges.length === 0;
  // Captured (3) counts as paid: a card order is Processing until its capture succeeds.
  const state = paid ? ORDER_STATE.captured : ORDER_STATE.processing;
  const currency = view.currency.name;
  const round2 = (n: number) => Math.round(n * 100) / 100;
  const [inserted] = await tx
    .insert(orders)
    .values({
      id: docId,
      orderId,
      collection,
      state,
      orderType: body.orderType ?? ORDER_TYPE.portal,
      channel: BACK_OFFICE_CHANNEL,
      customerUid: account.uid,
      customerUserType: account.user_type,
      customerFirstName: account.first_name,
      customerLastName: account.last_name,
      customerEmail: account.email,
      customerPhoenixId: Number(account.phoenix_id),
      sponsorId: Number(account.sponsor_id),
      consultantName: consultant?.name || null,
      socialId: body.popupId ?? null,
      countryId,
      currency,
      localeCode: body.localeCode,
      shippingMethodId: context.shipping.method,
      shippingAddress: storedAddress,
      subtotalCents: totals.subtotal,
      prePromoSubtotalCents: totals.prePromoSubtotal,
      discountCents: totals.discount,
      shippingCents: totals.shipping,
      taxCents: totals.tax,
      shippingTaxCents: totals.shippingTax,
      appliedCreditCents: totals.appliedCredit,
      grandTotalCents: totals.grandTotal,
      cv: round2(view.volumes.CV),
      pv: round2(view.volumes.PV),
      qv: round2(view.volumes.QV),
      paymentState: paid ? 'captured' : 'authorized',
      squareV2: countryId === 2 && now >= new Date(CANADA_CARD_V2_CUTOVER),
      isMembership: skus.includes(SKU.memberProgram),
      isRenewal: skus.includes(SKU.renewal),
      giftMessage: body.giftMessage ?? null,
      siftSessionId:
        body.siftSessionId && isLiveSiftSession(body.siftSessionId, now.getTime())
          ? body.siftSessionId
          : null,
      appliedPromos: view.appliedPromos
        .filter((p) => p.applied)
        .map((p) => ({ name: p.promo, amountCents: p.amountInCents })),
      dateCreatedUtc: now,
      dateCapturedUtc: paid ? now : null,
    })
    // The order's id is the attempt's: an attempt that took this one over may have written it.
    .onConflictDoNothing({ target: orders.id })
    .returning({ id: orders.id });
  if (!inserted) return false;
  await tx.insert(orderLines).values(
    view.products.map((p, i) => {
      const step = cartLineStep(p, view.typeId);
      return {
        orderId: docId,
        lineNo: i + 1,
        sku: p.sku,
        title: p.title,
        quantity: p.quantity,
        // The unit price the customer was charged before promotions (ADR 023), so the lines add up
        // to the order's pre-promotion subtotal as Phoenix checks.
        priceCents: p.priceInCents,
        // The step down from the list price, shown on the line (ADR 024).
        listPriceCents: step ? p.originalPriceInCents : null,
        priceStep: step,
        adjustedPriceCents: p.quantity > 0 ? Math.round(p.totalPriceInCents / p.quantity) : 0,
        discountCents: p.priceInCents * p.quantity - p.totalPriceInCents,
        totalCents: p.totalPriceInCents,
        isPromo: p.isPromo,
        isSample: p.isSample,
        isHostReward: p.isHostReward,
        subscription: p.subscription,
        selectedVariant: p.selectedVariant,
        discounts: p.discounts.map((d) => ({ promo: d.promo, amountCents: d.amountInCents })),
        cv: p.volumes.CV,
        pv: p.volumes.PV,
        qv: p.volumes.QV,
        nv: p.volumes.NV,
        sv: p.volumes.SV,
      };
    }),
  );
  await recordRedemptions(tx, account.email, docId, priced.redeemsPerEmail);
  // One payment per card (a split's in the order staff entered them), each authorized.
  for (const { tender, result } of charges)
    await tx.insert(orderPayments).values({
      orderId: docId,
      method: 'card',
      cardId: result.cardId ?? tender.cardId,
      brand: tender.brand,
      accountNumber: tender.last4,
      tenderId: result.transactionId,
      transactionId: result.transactionId,
      amountCents: result.amountCents,
      currency,
      state: 'authorized',
    });
  if (totals.appliedCredit > 0) {
    const country = countryId === 2 ? 'ca' : 'us';
    // Deducted on the locked balance in this transaction: never above what the account holds.
    const locked = await lockCredit(tx, account.uid, country, now);
    if (locked.balanceCents < totals.appliedCredit) throw badRequest(ORDERING_MESSAGES.creditOverBalance);
    const { entry } = await appendCredit(tx, {
      uid: account.uid,
      country,
      cents: -totals.appliedCredit,
      locked,
      expiresAt: null,
      doesNotExpire: false,
      reasonId: null,
      reason: `Applied to order ${label}`,
      actor,
      action: 'productCredit.order',
      about: { orderId: docId },
      now,
    });
    await tx.update(productCreditLedger).set({ orderId: docId }).where(eq(productCreditLedger.id, entry.id));
    await tx.insert(orderPayments).values({
      orderId: docId,
      method: 'productCredit',
      transactionId: `pc-${docId}`,
      amountCents: totals.appliedCredit,
      currency,
      state: 'captured',
    });
  }
  if (pendingTerms)
    await tx.insert(termsRecords).values({ accountUid: account.uid, orderId: docId, orderDate: now });
  if (address.saveAddress && !address.id && !est.shipToSocial) {
    await tx.insert(shippingAddresses).values({
      accountUid: account.uid,
      ...storedAddress,
      melissaVerificationDateUtc: address.melissaVerificationDateUTC
        ? new Date(address.melissaVerificationDateUTC)
        : null,
    });
  }
  await recordChange(tx, {
    collection: 'orders-log',
    entityId: docId,
    action: 'order.create',
    actor,
    before: {},
    after: {
      orderId,
      orderType: body.orderType ?? ORDER_TYPE.portal,
      collection,
      state,
      cartId: body.cartId,
      lines: view.products.map((p) => ({ sku: p.sku, quantity: p.quantity, total: p.totalPriceInCents })),
      totals,
      ...(body.popupId == null ? {} : { socialId: body.popupId, shippingMethod: context.shipping.method }),
      payment:
        charges.length === 1
          ? {
              transactionId: charges[0]!.result.transactionId,
              brand: charges[0]!.tender.brand,
              last4: charges[0]!.tender.last4,
            }
          : null,
      ...(charges.length > 1
        ? {
            splitPayments: charges.map(({ tender, result }) => ({
              amount: result.amountCents,
              transactionId: result.transactionId,
              brand: tender.brand,
              last4: tender.last4,
            })),
          }
        : {}),
      appliedCredit: totals.appliedCredit,
    },
  });
  // Only a captured order goes downstream (a card payment's capture queues it).
  if (paid) await enqueueExport(tx, docId, actor);
  // The popup's totals count its orders (as a popup reassignment recalculates them).
  if (body.popupId != null) await recalculatePopupTotals(tx, body.popupId);
  if (account.email) {
    const detail = await orderDetail(tx, docId);
    const locale = customerEmailLocale({
      localeCode: detail.localeCode,
      languageId: account.default_language_id,
      countryId,
    });
    await enqueueEmail(
      tx,
      orderEmail('order-confirmation', detail, account.email, { locale, customerSiteUrl: a.customerSiteUrl }),
    );
  }
  faults.beforeCommit?.(docId);
  return true;
}
