// Field and collection names of the change logs in the words staff use: a change event records
// record keys (`productCredit.us.balance`, `memberExpirationDateUTC`); the audit screens never
// show them as they are.

/** Record keys with a name of their own; any other key is written out from its camelCase. */
const FIELD_LABELS: Record<string, string> = {
  accountStatus: 'account status',
  address1: 'street',
  address2: 'apartment or suite',
  adjustedPrice: 'price',
  adminUid: 'staff member',
  adminName: 'staff member',
  amount: 'amount',
  analystEmail: 'analyst',
  appliedCredit: 'product credit applied',
  authDisabled: 'sign-in disabled',
  bccom: 'employee account',
  by: 'by',
  captureAttempts: 'capture attempts',
  captureRetry: 'capture retry',
  cartId: 'cart',
  'cs-users': 'service account',
  countryId: 'country',
  createdAt: 'created',
  createdBy: 'by',
  defaultLanguageId: 'language',
  dhlHoldStatus: 'DHL hold',
  doesNotExpire: 'never expires',
  downstreamExport: 'Phoenix export',
  email: 'email',
  emailSent: 'email sent',
  enrollerId: 'enroller',
  entityName: 'business name',
  expirationDate: 'expires',
  expiresAt: 'expires',
  fileHash: 'file fingerprint',
  grandTotal: 'grand total',
  grantId: 'credit grant',
  id: 'number',
  idempotencyKey: 'request key',
  isDefaultShipping: 'default shipping address',
  isEntity: 'business entity',
  isFraud: 'fraud',
  isHostReward: 'host reward',
  lastError: 'last error',
  lastName: 'last name',
  firstName: 'first name',
  ledgerEntry: 'ledger entry',
  localeCode: 'language and country',
  memberExpirationDateUTC: 'membership expires',
  memberExpirationDateUtc: 'membership expires',
  nextRenewalDateUtc: 'next renewal',
  nextRenewalDateUTC: 'next renewal',
  orderId: 'order number',
  orderType: 'order type',
  paymentState: 'payment state',
  pcAmount: 'product credit amount',
  phoenixId: 'Phoenix number',
  phoenixOrderId: 'Phoenix order number',
  pwsKey: 'personal website',
  reasonId: 'reason number',
  reasonName: 'reason',
  refundAmount: 'refund amount',
  remainingValue: 'left to use',
  returnStatus: 'return status',
  rewardPayoutId: 'reward payout',
  rewardPayoutIds: 'reward payouts',
  rowNo: 'row',
  shippingAddress: 'shipping address',
  shippingMethod: 'shipping method',
  shippingTotal: 'shipping',
  signInAs: 'sign in as the customer',
  sku: 'product',
  socialId: 'popup',
  sponsorId: 'sponsor',
  state: 'order state',
  taxNumber: 'tax number',
  telephone: 'telephone',
  totalCents: 'total',
  transactionId: 'transaction',
  userType: 'account type',
  zip: 'ZIP or postal code',
};

/** Keys under `productCredit` are countries. */
const COUNTRY_LABELS: Record<string, string> = { us: 'US', ca: 'Canadian' };

/** "memberExpirationDateUTC" → "member expiration date (UTC)"; "cs-users" → "cs users". */
export function humanizeKey(key: string): string {
  const known = FIELD_LABELS[key];
  if (known) return known;
  const words = key
    .replace(/UTC$|Utc$/, '')
    .replace(/Cents$/, '')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .replace(/[-_.]+/g, ' ')
    .trim()
    .split(/\s+/)
    .map((w) => (/^[A-Z0-9]+$/.test(w) && w.length > 1 ? w : w.toLowerCase()));
  const last = words.at(-1);
  if (words.length > 1 && (last === 'id' || last === 'ids'))
    words[words.length - 1] = last === 'id' ? 'number' : 'numbers';
  return words.join(' ') || 'record';
}

const singular = (label: string) => label.replace(/ies$/, 'y').replace(/(?<!s)s$/, '');

export const capitalize = (s: string) => (s ? s[0]!.toUpperCase() + s.slice(1) : s);

/**
 * A difference path as a field label: `productCredit.us.balance` → "US product credit balance",
 * `lines.0.sku` → "Line 1 › product", `shippingAddress.city` → "Shipping address › city".
 */
export function fieldLabel(path: readonly (string | number)[]): string {
  if (path.length === 0) return 'Record';
  const parts: string[] = [];
  for (let i = 0; i < path.length; i++) {
    const key = path[i]!;
    const parent = i > 0 ? path[i - 1] : undefined;
    if (key === 'productCredit' && typeof path[i + 1] === 'string') {
      const country = COUNTRY_LABELS[String(path[i + 1])] ?? String(path[i + 1]).toUpperCase();
      const rest = path[i + 2];
      parts.push(
        rest === undefined
          ? `${country} product credit`
          : `${country} product credit ${humanizeKey(String(rest))}`,
      );
      i += 2;
      continue;
    }
    if (typeof key === 'number' || /^\d+$/.test(key)) {
      const owner = parts.pop() ?? 'item';
      const n = typeof key === 'number' ? key + 1 : Number(key);
      parts.push(`${singular(owner)} ${n}`);
      continue;
    }
    parts.push(parent === 'ledgerEntry' && key === 'reason' ? 'note' : humanizeKey(key));
  }
  return capitalize(parts.join(' › '));
}

/** Change-log collections in words (the audit screens' filter and each event's tag). */
const COLLECTION_LABELS: Record<string, string> = {
  'account-log': 'Account',
  'orders-log': 'Order',
  'staff-log': 'Staff',
  'flags-log': 'Feature flags',
  'promos-log': 'Promotions',
  'socials-log': 'Popups',
  'carts-log': 'Carts',
  'incentives-log': 'Incentives',
  'batch-orders-log': 'Batch orders',
  'bulk-ledgers-log': 'Bulk ledgers',
  'reconciliation-log': 'Reconciliation',
};

export function collectionLabel(collection: string): string {
  return COLLECTION_LABELS[collection] ?? capitalize(humanizeKey(collection.replace(/-log$/, '')));
}
