import { z } from 'zod';
import { AddressInput } from '../addresses/addresses';
import { OrderAddress } from '../orders/address';
import { ok } from '../platform/envelope';
import { countryName, ORDER_STATE } from '../reference/lists';
import { EXPORT_STATUSES } from './process-words';

// The downstream (Phoenix) export (DESIGN §2 "Phoenix"): captured orders are handed downstream and
// get a 9-digit Phoenix order id; an order that fails these checks becomes a failed order (spec 2
// §3 Failed order) with the reason, and waits for staff to fix it and retry.

export const PHOENIX_ORDER_ID_MIN = 100_000_000;
export const PHOENIX_ORDER_ID_MAX = 999_999_999;

/** A Phoenix order id is a 9-digit number (spec 2 §2 "Search by order number requires 9 digits"). */
export const isPhoenixOrderId = (n: number): boolean =>
  Number.isSafeInteger(n) && n >= PHOENIX_ORDER_ID_MIN && n <= PHOENIX_ORDER_ID_MAX;

/** Shipping methods that ship nothing, so need no shipping address (spec 2 §9). */
const NO_SHIPMENT_METHODS: readonly number[] = [1011, 1018];
/** Payment states in which the money was taken (captured, possibly refunded since). */
const PAID_STATES: readonly string[] = ['captured', 'partially_refunded', 'refunded'];

export const EXPORT_FAILURE_CODES = [
  'NO_LINES',
  'ADDRESS_INCOMPLETE',
  'ADDRESS_INVALID',
  'ACCOUNT_NOT_FOUND',
  'PAYMENT_NOT_CAPTURED',
  'TOTALS_MISMATCH',
  'VOLUME_MISMATCH',
] as const;
export type ExportFailureCode = (typeof EXPORT_FAILURE_CODES)[number];

export interface ExportIssue {
  code: ExportFailureCode;
  message: string;
}

export interface ExportAddress {
  firstName?: string | null;
  lastName?: string | null;
  companyName?: string | null;
  address?: string | null;
  address2?: string | null;
  city?: string | null;
  region?: string | null;
  postalCode?: string | null;
  countryId?: number | null;
  telephone?: string | null;
}

export interface ExportLine {
  sku: string;
  quantity: number;
  priceCents: number;
  discountCents: number;
  totalCents: number;
  cv: number;
  pv: number;
  qv: number;
}

export interface ExportPayment {
  method: 'card' | 'productCredit' | 'alternative';
  amountCents: number;
  state: string;
}

/** What the export checks of an order (all money in cents). */
export interface ExportCandidate {
  countryId: number;
  shippingMethodId: number | null;
  shippingAddress: ExportAddress | null;
  customerPhoenixId: number | null;
  paymentState: string;
  prePromoSubtotalCents: number;
  discountCents: number;
  subtotalCents: number;
  shippingCents: number;
  taxCents: number;
  appliedCreditCents: number;
  grandTotalCents: number;
  cv: number;
  pv: number;
  qv: number;
  lines: ExportLine[];
  payments: ExportPayment[];
}

const REQUIRED_ADDRESS_FIELDS = [
  ['firstName', 'first name'],
  ['lastName', 'last name'],
  ['address', 'address'],
  ['city', 'city'],
  ['region', 'state or province'],
  ['postalCode', 'postal code'],
] as const;

function addressIssue(order: ExportCandidate): ExportIssue | null {
  if (order.shippingMethodId !== null && NO_SHIPMENT_METHODS.includes(order.shippingMethodId)) return null;
  const a = order.shippingAddress;
  const missing = REQUIRED_ADDRESS_FIELDS.filter(([key]) => !a?.[key]?.toString().trim()).map(
    ([, label]) => label,
  );
  if (!a || missing.length > 0)
    return {
      code: 'ADDRESS_INCOMPLETE',
      message: `Phoenix rejected order: shipping address is incomplete (${missing.join(', ')} missing)`,
    };
  if (a.countryId !== order.countryId)
    return {
      code: 'ADDRESS_INVALID',
      message: `Phoenix rejected order: shipping address is not in ${countryName(order.countryId) ?? 'the order country'}`,
    };
  // The address form's own rules (spec 2 §5): names and lines up to 35, region of the country,
  // US zip or Canadian postal code by country id.
  const parsed = AddressInput.safeParse({
    firstName: a.firstName,
    lastName: a.lastName,
    companyName: a.companyName ?? '',
    address: a.address,
    address2: a.address2 ?? '',
    city: a.city,
    region: a.region,
    postalCode: a.postalCode,
    countryId: a.countryId,
    telephone: a.telephone ?? '',
  });
  if (parsed.success) return null;
  const issue = parsed.error.issues[0]!;
  const field = String(issue.path[0] ?? '');
  const detail =
    field === 'postalCode'
      ? `postal code ${a.postalCode} is not valid for ${countryName(order.countryId) ?? 'the country'}`
      : field === 'region'
        ? `${a.region} is not a ${order.countryId === 2 ? 'province' : 'state'} of ${countryName(order.countryId) ?? 'the country'}`
        : `shipping address ${field}: ${issue.message}`;
  return { code: 'ADDRESS_INVALID', message: `Phoenix rejected order: ${detail}` };
}

const sumOf = <T>(items: readonly T[], f: (item: T) => number) => items.reduce((s, i) => s + f(i), 0);
/** Volumes carry two decimals; compare them in hundredths so float noise never fails an order. */
const hundredths = (v: number) => Math.round(v * 100);

function totalsIssue(order: ExportCandidate): ExportIssue | null {
  const lineTotals = sumOf(order.lines, (l) => l.totalCents);
  const gross = sumOf(order.lines, (l) => l.priceCents * l.quantity);
  const expectedGrand = order.subtotalCents + order.shippingCents + order.taxCents - order.appliedCreditCents;
  const problems: string[] = [];
  if (lineTotals !== order.subtotalCents) problems.push('lines do not add up to the subtotal');
  if (
    gross !== order.prePromoSubtotalCents ||
    order.prePromoSubtotalCents - order.discountCents !== order.subtotalCents
  )
    problems.push('subtotal before promotions less discounts is not the subtotal');
  // spec 2 §5: order total = subtotal + shipping + tax − applied product credit.
  if (expectedGrand !== order.grandTotalCents)
    problems.push('subtotal + shipping + tax − credit is not the grand total');
  return problems.length > 0
    ? { code: 'TOTALS_MISMATCH', message: `Phoenix rejected order: ${problems.join('; ')}` }
    : null;
}

function volumeIssue(order: ExportCandidate): ExportIssue | null {
  const off = (['cv', 'pv', 'qv'] as const).filter(
    (k) => Math.abs(hundredths(sumOf(order.lines, (l) => l[k])) - hundredths(order[k])) > 1,
  );
  return off.length > 0
    ? {
        code: 'VOLUME_MISMATCH',
        message: `Phoenix rejected order: line volumes do not add up to order volumes (${off.map((k) => k.toUpperCase()).join(', ')})`,
      }
    : null;
}

function paymentIssue(order: ExportCandidate): ExportIssue | null {
  const paid = sumOf(
    order.payments.filter((p) => p.method !== 'productCredit' && PAID_STATES.includes(p.state)),
    (p) => p.amountCents,
  );
  if (order.grandTotalCents === 0 && order.payments.every((p) => p.method === 'productCredit')) return null;
  if (!PAID_STATES.includes(order.paymentState) || paid !== order.grandTotalCents)
    return {
      code: 'PAYMENT_NOT_CAPTURED',
      message: 'Phoenix rejected order: payment is not captured for the grand total',
    };
  return null;
}

/**
 * Every reason Phoenix would refuse the order, most fundamental first; empty when it may be
 * exported. Pure: the worker gathers the order, its lines and payments and asks this.
 */
export function exportIssues(order: ExportCandidate): ExportIssue[] {
  const issues: (ExportIssue | null)[] = [];
  if (order.lines.length === 0)
    issues.push({ code: 'NO_LINES', message: 'Phoenix rejected order: the order has no lines' });
  if (order.customerPhoenixId === null)
    issues.push({
      code: 'ACCOUNT_NOT_FOUND',
      message: 'Phoenix insert failed: account not found in downstream system (no Phoenix account number)',
    });
  issues.push(addressIssue(order), paymentIssue(order));
  if (order.lines.length > 0) issues.push(totalsIssue(order), volumeIssue(order));
  return issues.filter((i): i is ExportIssue => i !== null);
}

/** The reason stored on a failed order: the first issue's code, every issue's message. */
export function failureReason(issues: readonly ExportIssue[]): { code: ExportFailureCode; message: string } {
  const first = issues[0];
  if (!first) throw new Error('failureReason needs at least one issue');
  return { code: first.code, message: issues.map((i) => i.message).join('; ') };
}

/** Orders that stop going downstream: cancelled before their export ran. */
export const isCancelledForExport = (state: number, hasCancellation: boolean): boolean =>
  hasCancellation || state === ORDER_STATE.cancelled || state === ORDER_STATE.cancelledPaid;

// --- Process view (`GET /api/cs/order/{id}/process`) -------------------------------------------
// Its words (the export's states, the events' names) are in process-words.ts, without zod.

export const DownstreamExport = z.object({
  status: z.enum(EXPORT_STATUSES),
  attempts: z.number().int(),
  queuedAt: z.string(),
  nextAttemptAt: z.string().nullable(),
  exportedAt: z.string().nullable(),
  lastError: z.string().nullable(),
});
export type DownstreamExport = z.infer<typeof DownstreamExport>;

export const ProcessFailure = z.object({
  id: z.number().int(),
  dateCreatedUTC: z.string().nullable(),
  errorCode: z.string().nullable(),
  errorMessage: z.string(),
  resolvedAt: z.string().nullable(),
  resolvedBy: z.string().nullable(),
});
export type ProcessFailure = z.infer<typeof ProcessFailure>;

export const ProcessEvent = z.object({
  id: z.number().int(),
  action: z.string(),
  dateChangedUTC: z.string(),
  changedBy: z.string(),
  changedByName: z.string().nullable(),
  /** What changed, as "path: before → after" lines. */
  changes: z.array(z.object({ path: z.string(), before: z.unknown(), after: z.unknown() })),
});
export type ProcessEvent = z.infer<typeof ProcessEvent>;

export const OrderProcess = z.object({
  order: z.object({
    id: z.string(),
    orderId: z.number().int(),
    customerUserType: z.number().int(),
    customerUid: z.string(),
    customerName: z.string(),
    collection: z.string(),
    state: z.number().int(),
    stateName: z.string(),
    /** null is shown as N/A: not in the downstream system (spec 2 §3). */
    phoenixOrderId: z.number().int().nullable(),
    dhlHoldStatus: z.string().nullable(),
    dateCreatedUTC: z.string(),
    dateCapturedUTC: z.string().nullable(),
    countryId: z.number().int(),
    shippingMethodId: z.number().int().nullable(),
    /** What goes downstream; the usual thing to fix before a retry. */
    shippingAddress: OrderAddress.nullable(),
  }),
  export: DownstreamExport.nullable(),
  failures: z.array(ProcessFailure),
  history: z.array(ProcessEvent),
});
export type OrderProcess = z.infer<typeof OrderProcess>;
export const OrderProcessAnswer = ok(OrderProcess);

/** The order's document id in a path (`orders.id`). */
export const OrderDocParams = z.object({
  id: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'Not an order id'),
});

export const ShippingAddressFixed = z.object({
  success: z.literal(true),
  message: z.string(),
  data: OrderAddress,
});
