import { humanizeKey } from './labels';
import { formatValue, productName, type ValueContext } from './values';

// One sentence per kind of change event the server writes (the `action` of recordChange), so a
// team lead reads "Casey Morgan added $20.00 of US product credit (Goodwill after call)" instead
// of a field key and cents. An action this list does not know still reads as a sentence built
// from the names of the fields it changed.

export interface SentenceContext {
  /** Who made the change, by name ("Casey Morgan", "The system"). */
  who: string;
  action: string;
  /** The event's values before and after, rebuilt from its differences. */
  before: Record<string, unknown>;
  after: Record<string, unknown>;
  /** The fields the event touched, in words ("first name and email"). */
  fields: string;
  values: ValueContext;
}

type Sentence = (c: SentenceContext) => string;

export const at = (root: unknown, ...path: (string | number)[]): unknown => {
  let node = root;
  for (const key of path) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string | number, unknown>)[key];
  }
  return node;
};

const num = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);
const str = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined);
const money = (c: SentenceContext, cents: number) => formatValue(['amount'], cents, c.values);
const val = (c: SentenceContext, key: string, v: unknown) => formatValue([key], v, c.values);
const quote = (text: string) => `“${text.length > 120 ? `${text.slice(0, 117)}…` : text}”`;
const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
/** " from Active to Terminated", " to Terminated" when nothing was before, "" when neither is known. */
const fromTo = (c: SentenceContext, key: string, path: (string | number)[] = [key]) => {
  const before = at(c.before, ...path);
  const after = at(c.after, ...path);
  if (before === undefined && after === undefined) return '';
  if (before === undefined) return ` to ${val(c, key, after)}`;
  return ` from ${val(c, key, before)} to ${val(c, key, after)}`;
};

/** The product credit events (ADR 021): one ledger entry and the balance it moves. */
function credit(c: SentenceContext) {
  const byCountry = (at(c.after, 'productCredit') ?? at(c.before, 'productCredit')) as
    | Record<string, unknown>
    | undefined;
  const country = Object.keys(byCountry ?? {})[0] ?? 'us';
  const label = country === 'ca' ? 'Canadian' : 'US';
  const before = num(at(c.before, 'productCredit', country, 'balance')) ?? 0;
  const after = num(at(c.after, 'productCredit', country, 'balance')) ?? 0;
  const amount = num(at(c.after, 'ledgerEntry', 'amount')) ?? after - before;
  const reason = str(at(c.after, 'ledgerEntry', 'reasonName')) ?? str(at(c.after, 'ledgerEntry', 'reason'));
  return {
    label,
    amount,
    reason,
    of: (cents: number) => `${money(c, Math.abs(cents))} of ${label} product credit`,
  };
}

const withReason = (text: string, reason: string | undefined) => (reason ? `${text} (${reason})` : text);

const SENTENCES: Record<string, Sentence> = {
  // Product credit (account-log)
  'productCredit.adjust': (c) => {
    const { amount, reason, of } = credit(c);
    return withReason(
      amount >= 0 ? `${c.who} added ${of(amount)}` : `${c.who} took away ${of(amount)}`,
      reason,
    );
  },
  'productCredit.order': (c) => {
    const { amount, of } = credit(c);
    const order = at(c.after, 'ledgerEntry', 'orderId');
    return `${c.who} spent ${of(amount)} on an order${order ? ` (order ${val(c, 'orderId', order)})` : ''}`;
  },
  'productCredit.refund': (c) => `${c.who} gave back ${credit(c).of(credit(c).amount)} with a refund`,
  'productCredit.incentive': (c) =>
    withReason(`${c.who} issued ${credit(c).of(credit(c).amount)} as an enroller reward`, credit(c).reason),
  'productCredit.lapse': (c) => `${c.who} lapsed ${credit(c).of(credit(c).amount)} that expired unused`,
  // The account (account-log)
  'account.profile': (c) => `${c.who} updated the profile: ${c.fields}`,
  'account.sponsor': (c) => `${c.who} changed the sponsor${fromTo(c, 'sponsorId')}`,
  'account.enroller': (c) => `${c.who} changed the enroller${fromTo(c, 'enrollerId')}`,
  'account.country': (c) => `${c.who} moved the account${fromTo(c, 'countryId')}`,
  'account.status': (c) => `${c.who} changed the account status${fromTo(c, 'accountStatus')}`,
  'account.type': (c) => `${c.who} changed the account type${fromTo(c, 'userType')}`,
  'account.taxNumber': (c) => `${c.who} changed the tax number`,
  'account.comment': (c) => {
    const comment = Object.values((at(c.after, 'comments') ?? {}) as Record<string, unknown>)[0];
    const text = str(at(comment, 'description'));
    return text ? `${c.who} added a comment: ${quote(text)}` : `${c.who} added a comment`;
  },
  'account.systemComment': (c) => {
    const text = str(at(c.after, 'comments'));
    return text ? `${c.who} added a comment: ${quote(text)}` : `${c.who} added a comment`;
  },
  'account.signInAs': (c) => {
    const until = at(c.after, 'signInAs', 'expiresAt');
    return `${c.who} opened a sign-in as the customer${until ? `, valid until ${val(c, 'expiresAt', until)}` : ''}`;
  },
  'account.signInAsRedeemed': (c) => `${c.who} signed in as the customer`,
  'membership.manual-upgrade': (c) =>
    `${c.who} upgraded the membership: account type${fromTo(c, 'userType')}`,
  'membership.manual-downgrade': (c) =>
    `${c.who} downgraded the membership: account type${fromTo(c, 'userType')}`,
  'membership.expiration': (c) =>
    `${c.who} set the membership to expire on ${val(c, 'expiresAt', at(c.after, 'memberExpirationDateUtc'))}`,
  'membership.lapse': (c) => `${c.who} ended the membership today`,
  'membership.restoreToConsultant': (c) => `${c.who} restored the account to Consultant`,
  'pws.create': (c) => `${c.who} set the personal website to ${quote(String(at(c.after, 'pwsKey') ?? ''))}`,
  'pws.update': (c) => `${c.who} changed the personal website${fromTo(c, 'pwsKey')}`,
  'genealogy.restoreClientsAndMembers': (c) =>
    `${c.who} restored ${plural(listLength(at(c.after, 'restored')), 'client or member', 'clients and members')} to this account`,
  'genealogy.restoreDownline': (c) =>
    `${c.who} restored ${plural(listLength(at(c.after, 'restored')), 'downline account')} to this account`,
  'commissions.compressedUp': (c) =>
    `${c.who} moved the account up to sponsor ${val(c, 'sponsorId', at(c.after, 'sponsorId'))}`,
  'commissions.compressAccount': (c) =>
    `${c.who} compressed the account: ${plural(listLength(at(c.before, 'downline')), 'downline account')} moved up`,
  'commissions.compressDownline': (c) => {
    const n = num(at(c.after, 'compressedDownline', 'accounts')) ?? 0;
    return `${c.who} compressed the downline: ${plural(n, 'terminated account')}`;
  },
  'commissions.changeCountry': (c) =>
    `${c.who} moved the account${fromTo(c, 'countryId')} and queued a commission recalculation`,
  'email.termsAcceptance': (c) =>
    `${c.who} sent the terms acceptance email to ${val(c, 'email', at(c.after, 'emails', 'termsAcceptance'))}`,
  'email.passwordReset': (c) =>
    `${c.who} sent a password reset email to ${val(c, 'email', at(c.after, 'emails', 'passwordReset'))}`,
  'email.update': (c) => `${c.who} changed the email${fromTo(c, 'email')}`,
  'employee.authDisabled': (c) => `${c.who} turned off the employee's sign-in`,
  'employee.accountModified': (c) => `${c.who} changed the employee account: ${c.fields}`,
  'employee.csUserRemoved': (c) => `${c.who} removed the service account`,
  'address.add': (c) => `${c.who} added a shipping address${place(at(c.after, 'shippingAddress'))}`,
  'address.update': (c) =>
    `${c.who} changed a shipping address${place(at(c.after, 'shippingAddress'))}: ${c.fields}`,
  'address.delete': (c) => `${c.who} removed a shipping address${place(at(c.before, 'shippingAddress'))}`,
  'address.default': (c) => `${c.who} chose a new default shipping address`,
  // Orders (orders-log)
  'order.create': (c) => {
    const total = num(at(c.after, 'totals', 'grandTotal'));
    const order = at(c.after, 'orderId');
    return `${c.who} placed order ${val(c, 'orderId', order)}${total === undefined ? '' : ` for ${money(c, total)}`}`;
  },
  'order.batchCreate': (c) => {
    const total = num(at(c.after, 'grandTotal'));
    return `${c.who} created order ${val(c, 'orderId', at(c.after, 'orderId'))} from batch ${val(c, 'id', at(c.after, 'batchOrder', 'id'))}, row ${val(c, 'rowNo', at(c.after, 'batchOrder', 'rowNo'))}${total === undefined ? '' : `, for ${money(c, total)}`}`;
  },
  'order.captured': (c) => `${c.who} captured the card payment`,
  'order.captureFailed': (c) => `${c.who} could not capture the card payment${errorOf(c)}`,
  'order.captureRetryFailed': (c) => `${c.who} retried the card capture and it failed again${errorOf(c)}`,
  'order.captureGaveUp': (c) =>
    `${c.who} stopped trying to capture the card payment after ${plural(num(at(c.after, 'captureAttempts')) ?? 0, 'attempt')}${errorOf(c)}`,
  'order.captureStopped': (c) => `${c.who} cancelled the waiting card capture`,
  'order.comment': (c) => {
    const text = str(at(c.after, 'comment', 'description'));
    return text ? `${c.who} added a comment: ${quote(text)}` : `${c.who} added a comment`;
  },
  'order.cancel': (c) =>
    withReason(`${c.who} cancelled the order`, str(at(c.after, 'cancellation', 'reason'))),
  'order.fraud': (c) => `${c.who} marked the order as ${fraud(c)} and told Sift`,
  'sift.applyOrderDecision': (c) => `${c.who} recorded Sift's decision: ${fraud(c)}`,
  'order.popup': (c) => {
    const to = at(c.after, 'socialId');
    return to == null
      ? `${c.who} took the order out of its popup`
      : `${c.who} moved the order to popup ${String(to)}`;
  },
  'order.popupClosed': (c) =>
    withReason(`${c.who} moved the order from its popup to invoices`, str(at(c.after, 'payment'))),
  'order.shippingAddress': (c) => `${c.who} changed the shipping address: ${c.fields}`,
  'order.refund': (c) =>
    withReason(
      `${c.who} refunded ${money(c, num(at(c.after, 'refund', 'amount')) ?? 0)}`,
      str(at(c.after, 'refund', 'reason')),
    ),
  'order.refund.status': (c) =>
    `${c.who} recorded the refund as ${String(at(c.after, 'refund', 'status') ?? 'changed')}`,
  'order.refund.retry': (c) => `${c.who} retried the refund's card payments`,
  'return.status': (c) =>
    `${c.who} changed the return status${fromTo(c, 'returnStatus', ['return', 'returnStatus'])}`,
  'downstream.queued': (c) => `${c.who} queued the order for export to Phoenix`,
  'downstream.retry': (c) => `${c.who} retried the export to Phoenix`,
  'downstream.cancelled': (c) => `${c.who} cancelled the export to Phoenix`,
  'downstream.exported': (c) =>
    `${c.who} exported the order to Phoenix as order ${val(c, 'phoenixOrderId', at(c.after, 'phoenixOrderId'))}`,
  'downstream.failed': (c) => {
    const error = str(at(c.after, 'downstreamExport', 'lastError'));
    return `${c.who} could not export the order to Phoenix${error ? `: ${error}` : ''}`;
  },
  // Staff (staff-log)
  'password.set': (c) => `${c.who} set their password`,
  'password.reset': (c) => `${c.who} reset their password`,
  'staff.create': (c) => `${c.who} added a staff member${named(at(c.after, 'name'))}`,
  'staff.update': (c) => `${c.who} changed a staff member: ${c.fields}`,
  'staff.activate': (c) => `${c.who} reactivated a staff member`,
  'staff.deactivate': (c) => `${c.who} deactivated a staff member`,
  'staff.passwordLink': (c) => `${c.who} sent a staff member a password link`,
  // Feature flags, promotions, popups, incentives, uploads, reconciliation, carts
  'flag.set': (c) => `${c.who} turned the feature ${at(c.after, 'enabled') ? 'on' : 'off'}`,
  'promo.create': (c) => `${c.who} created the promotion`,
  'promo.update': (c) => `${c.who} changed the promotion: ${c.fields}`,
  'promo.bulkUpdate': (c) => `${c.who} changed the promotion in a bulk edit: ${c.fields}`,
  'promo.deploy': (c) => `${c.who} deployed the promotion to production`,
  'promo.scheduledDeploy': (c) => `${c.who} deployed the promotion to production as scheduled`,
  'promo.scheduledDeployFailed': (c) =>
    withReason(`${c.who} could not deploy the promotion as scheduled`, str(at(c.after, 'error'))),
  'promo.restore': (c) => `${c.who} restored an earlier version of the promotion`,
  'promo.onFile': (c) => `${c.who} recorded the promotion as it was on file`,
  'social.close': (c) =>
    `${c.who} closed the popup with ${plural(num(at(c.after, 'orderCount')) ?? 0, 'order')} totalling ${money(c, num(at(c.after, 'totalCents')) ?? 0)}`,
  'social.recalculate': (c) =>
    `${c.who} recalculated the popup: ${plural(num(at(c.after, 'orderCount')) ?? 0, 'order')} totalling ${money(c, num(at(c.after, 'totalCents')) ?? 0)}`,
  'milestone.update': (c) => `${c.who} changed the milestone: ${c.fields}`,
  'enrollerPayouts.pay': (c) =>
    `${c.who} paid ${plural(num(at(c.after, 'paidCount')) ?? 0, 'enroller payout')} totalling ${money(c, num(at(c.after, 'totalCents')) ?? 0)}`,
  'counting.start': (c) => `${c.who} started counting the incentive period`,
  'upload.confirm': (c) =>
    `${c.who} uploaded ${quote(String(at(c.after, 'fileName') ?? 'a file'))} with ${plural(num(at(c.after, 'totalRows')) ?? 0, 'row')}, ${num(at(c.after, 'failedRows')) ?? 0} refused`,
  'upload.retry': (c) => `${c.who} retried ${plural(num(at(c.after, 'rows')) ?? 0, 'failed row')}`,
  'upload.rowCorrected': (c) =>
    `${c.who} corrected row ${String(at(c.after, 'rowNo') ?? '')} and queued it again`,
  'upload.resumed': (c) =>
    `${c.who} handed the batch, stuck ${String(at(c.before, 'status') ?? 'queued')}, to a worker again`,
  'reconciliation.start': (c) => `${c.who} started a money reconciliation run`,
  'cart.create': (c) => `${c.who} opened a cart`,
  'cart.delete': (c) => `${c.who} deleted the cart`,
  'cart.addProduct': (c) => `${c.who} added ${cartProduct(c, 'after') ?? 'a product'} to the cart`,
  'cart.removeProduct': (c) => `${c.who} removed ${cartProduct(c, 'before') ?? 'a product'} from the cart`,
  'cart.setQuantity': (c) => `${c.who} changed a quantity in the cart`,
  'cart.clear': (c) => `${c.who} emptied the cart`,
  'cart.giftSelection': (c) => `${c.who} chose a free gift`,
  'cart.hostReward': (c) => `${c.who} changed the host rewards`,
  'cart.override': (c) => `${c.who} overrode a price`,
  'cart.removeOverride': (c) => `${c.who} removed a price override`,
  'cart.promoCode': (c) => `${c.who} applied a promo code`,
  'cart.removePromoCode': (c) => `${c.who} removed a promo code`,
  'cart.switchLocale': (c) => `${c.who} switched the cart's language and country`,
  // Demo history (scripts/demo) uses these shorter names.
  update: (c) => `${c.who} changed ${c.fields}`,
  updateEmail: (c) => `${c.who} changed the email${fromTo(c, 'email')}`,
  updateSponsor: (c) => `${c.who} changed the sponsor${fromTo(c, 'sponsorId')}`,
  updateStatus: (c) => `${c.who} changed the account status${fromTo(c, 'accountStatus')}`,
  updateExpiration: (c) =>
    `${c.who} set the membership to expire on ${val(c, 'expiresAt', at(c.after, 'memberExpirationDateUTC'))}`,
  addAddress: (c) => `${c.who} added a shipping address`,
  review: (c) => `${c.who} reviewed the order${fromTo(c, 'state')}`,
  hold: (c) => `${c.who} put the order on DHL hold`,
};

/** Actions named with a variable part: `genealogy.restoreTo.<id>`, `order.email.<template>`. */
const FAMILIES: [RegExp, (c: SentenceContext, m: RegExpMatchArray) => string][] = [
  [/^genealogy\.restoreTo\.(\d+)$/, (c, m) => `${c.who} restored the account to sponsor ${m[1]}`],
  [/^order\.email\.(.+)$/, (c, m) => `${c.who} sent the ${humanizeKey(m[1]!)} email`],
];

/** The actions with a sentence of their own (the rest read from their fields). */
export const KNOWN_ACTIONS: readonly string[] = Object.keys(SENTENCES);

export function sentenceOf(c: SentenceContext): string {
  const own = SENTENCES[c.action];
  if (own) return own(c);
  for (const [pattern, make] of FAMILIES) {
    const m = c.action.match(pattern);
    if (m) return make(c, m);
  }
  return `${c.who} changed ${c.fields}`;
}

export const hasOwnSentence = (action: string) =>
  action in SENTENCES || FAMILIES.some(([pattern]) => pattern.test(action));

function listLength(v: unknown): number {
  return Array.isArray(v) ? v.length : 0;
}

function place(address: unknown): string {
  const city = str(at(address, 'city'));
  const street = str(at(address, 'address1'));
  const where = [street, city].filter(Boolean).join(', ');
  return where ? ` (${where})` : '';
}

function named(name: unknown): string {
  return typeof name === 'string' && name ? ` (${name})` : '';
}

function errorOf(c: SentenceContext): string {
  const error = str(at(c.after, 'error'));
  return error ? `: ${error}` : '';
}

function fraud(c: SentenceContext): string {
  return at(c.after, 'isFraud') ? 'fraud' : 'not fraud';
}

function cartProduct(c: SentenceContext, side: 'before' | 'after'): string | undefined {
  const lines = (x: unknown) =>
    (x && typeof x === 'object' ? Object.values(x) : []).map((l) => String(at(l, 'sku')));
  const mine = lines(at(c[side], 'lines'));
  const other = new Set(lines(at(side === 'after' ? c.before : c.after, 'lines')));
  const sku = mine.find((s) => !other.has(s));
  return sku ? productName(sku, c.values.names) : undefined;
}
