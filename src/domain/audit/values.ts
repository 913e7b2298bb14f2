import {
  accountStatusName,
  countryName,
  formatMoney,
  orderStateName,
  orderTypeName,
  returnStatusName,
  SHIPPING_OPTIONS,
  userTypeName,
} from '../reference';
import { formatMediumDate, formatMediumDateTime } from '../reference/plain-formats';

// Values of the change logs in words: cents as money, ids of reference lists by name, staff by
// name, products by name, dates as dates, yes/no for flags.

/** Names the server resolved for the ids and emails an answer's events carry. */
export interface AuditNames {
  /** Staff id or email → name. */
  staff: Record<string, string>;
  /** SKU → product title. */
  products: Record<string, string>;
}

export const NO_NAMES: AuditNames = { staff: {}, products: {} };

export interface ValueContext {
  names: AuditNames;
  /** ISO currency of the event's money (USD unless the event says otherwise). */
  currency: string;
}

/** Fields whose numbers are cents (the change logs keep money as the records do). */
const MONEY_KEYS = new Set([
  'adjustedPrice',
  'amount',
  'appliedCredit',
  'balance',
  'discount',
  'grandTotal',
  'pcAmount',
  'prePromoSubtotal',
  'refundAmount',
  'remainingValue',
  'shippingTax',
  'shippingTotal',
  'subtotal',
  'tax',
  'total',
]);

export function isMoneyField(path: readonly (string | number)[]): boolean {
  const key = String(path.at(-1) ?? '');
  return MONEY_KEYS.has(key) || /Cents$/.test(key) || path.at(-2) === 'totals';
}

/** Fields whose value is a staff member's id or email. */
const STAFF_KEYS = new Set(['adminUid', 'analystEmail', 'by', 'createdBy', 'updatedBy', 'changedBy']);

const LANGUAGES: Record<number, string> = { 1: 'English', 2: 'French' };
const LOCALES: Record<string, string> = {
  'en-US': 'English (United States)',
  'en-CA': 'English (Canada)',
  'fr-CA': 'French (Canada)',
};

/** Cents as the back office writes them (ADR 024): "$98.00" for USD, "CA$98.00" for CAD. */
const money = (cents: number, currency: string) => formatMoney(cents, currency, 'en-US');

const ISO_DATE = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/;

function formatDate(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return iso.length === 10 ? formatMediumDate(date, { utc: true }) : formatMediumDateTime(date);
}

/** A reference-list value by name, where the field is one (order state 3 → "Captured"). */
function referenceName(key: string, value: number): string | undefined {
  switch (key) {
    case 'state':
      return orderStateName(value);
    case 'accountStatus':
      return accountStatusName(value);
    case 'userType':
    case 'toType':
    case 'fromType':
      return userTypeName(value);
    case 'countryId':
      return countryName(value);
    case 'returnStatus':
      return returnStatusName(value);
    case 'orderType':
      return orderTypeName(value);
    case 'defaultLanguageId':
      return LANGUAGES[value];
    case 'shippingMethod':
      return SHIPPING_OPTIONS.find((o) => o.id === value)?.name;
    default:
      return undefined;
  }
}

export function productName(sku: string, names: AuditNames): string {
  const title = names.products[sku];
  return title ? `${title} (${sku})` : `SKU ${sku}`;
}

export function staffName(idOrEmail: string, names: AuditNames): string {
  return names.staff[idOrEmail] ?? names.staff[idOrEmail.toLowerCase()] ?? idOrEmail;
}

/** One recorded value (a leaf: not an object) as staff read it. */
export function formatValue(path: readonly (string | number)[], value: unknown, ctx: ValueContext): string {
  if (value === undefined || value === null || value === '') return '—';
  const key = String(path.at(-1) ?? '');
  if (Array.isArray(value)) {
    if (value.length === 0) return 'none';
    return value.map((v) => formatValue(path, v, ctx)).join(', ');
  }
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'number') {
    if (isMoneyField(path)) return money(value, ctx.currency);
    return referenceName(key, value) ?? String(value);
  }
  if (typeof value === 'object') return summarize(value as Record<string, unknown>);
  const text = String(value);
  if (STAFF_KEYS.has(key)) return staffName(text, ctx.names);
  if (key === 'sku') return productName(text, ctx.names);
  if (key === 'localeCode') return LOCALES[text] ?? text;
  if (ISO_DATE.test(text)) return formatDate(text);
  return text;
}

/** An object left whole (rare: rows flatten objects first) as a count of its fields. */
function summarize(value: Record<string, unknown>): string {
  const n = Object.keys(value).length;
  return n === 0 ? 'none' : `${n} field${n === 1 ? '' : 's'}`;
}
