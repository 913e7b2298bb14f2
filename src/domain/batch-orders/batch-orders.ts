import { z } from 'zod';
import { type PostalPlace, postalCodeRegionIssue } from '../addresses/addresses';
import { ok } from '../platform/envelope';
import { ACCOUNT_STATUSES, countryName, ORDER_TYPE, USER_TYPE } from '../reference/lists';
import { accountKey, UploadRow, UploadSummary } from '../uploads/upload';
import { BATCH_ORDER_EXPORT_STATUSES } from './batch-order-words';

export {
  BATCH_ORDER_COLUMNS,
  BATCH_ORDER_EXPORT_LABELS,
  BATCH_ORDER_EXPORT_STATUSES,
  type BatchOrderExportStatus,
  batchOrderTypeLabel,
} from './batch-order-words';

// Batch orders (DESIGN §5): a CSV of orders placed for many accounts at once. Columns: account
// (account number or uid), skus ("SKU:quantity" separated by semicolons), shippingAddress (an
// address id of the account, or blank / "default" for its default address), orderType
// (10 Replacement, 20 Adjustment, 12 Employee, or the name) and reason.

export const BATCH_ORDER_REQUIRED = ['account', 'skus', 'orderType', 'reason'] as const;
export const BATCH_ORDER_TYPES = [
  ORDER_TYPE.replacement,
  ORDER_TYPE.adjustment,
  ORDER_TYPE.employee,
] as const;
export type BatchOrderType = (typeof BATCH_ORDER_TYPES)[number];
/** Most lines one order may hold, and the most of one SKU. */
export const MAX_BATCH_LINES = 50;
export const MAX_BATCH_QUANTITY = 999;

export const BATCH_ORDER_MESSAGES = {
  accountRequired: 'Account is required.',
  accountFormat: (v: string) => `"${v}" is not an account number or account id.`,
  accountMissing: (v: string) => `Account ${v} was not found.`,
  accountInactive: (v: string, status: string) => `Account ${v} is ${status}, not Active.`,
  skusRequired: 'SKUs are required, written SKU:quantity separated by semicolons (e.g. 1001:2;1002:1).',
  skuFormat: (v: string) => `"${v}" is not written SKU:quantity (e.g. 1001:2).`,
  quantity: (sku: string) => `Quantity of SKU ${sku} must be a whole number from 1 to ${MAX_BATCH_QUANTITY}.`,
  tooManyLines: `An order may hold at most ${MAX_BATCH_LINES} SKUs.`,
  repeatedSku: (sku: string) => `SKU ${sku} is listed twice; give it once with the total quantity.`,
  skuUnknown: (sku: string) => `SKU ${sku} is not in the catalog.`,
  skuNoPrice: (sku: string, country: string) => `SKU ${sku} is not sold in ${country}.`,
  addressFormat: (v: string) => `Shipping address "${v}" must be an address id or "default".`,
  addressNotOwned: (id: number, account: string) =>
    `Shipping address ${id} does not belong to account ${account}.`,
  noDefaultAddress: (account: string) =>
    `Account ${account} has no default shipping address; give an address id.`,
  /** The address form's ZIP/state check (ADR 029) on the address the order would ship to. */
  addressPostalCode: (id: number, account: string, issue: string) =>
    `Shipping address ${id} of account ${account}: ${issue} Correct it on the customer's Address tab.`,
  orderType: 'Order type must be 10 (Replacement), 20 (Adjustment) or 12 (Employee).',
  employeeOnly: (account: string) =>
    `Employee orders are only for employee accounts; account ${account} is not an employee.`,
  reasonRequired: 'Reason is required.',
  reasonLong: 'Reason may be at most 500 characters.',
} as const;

export interface ParsedBatchOrderRow {
  account: { phoenixId: number } | { uid: string };
  accountText: string;
  lines: { sku: string; quantity: number }[];
  /** null: the account's default shipping address. */
  shippingAddressId: number | null;
  orderType: BatchOrderType;
  reason: string;
}

const TYPE_BY_NAME: Record<string, BatchOrderType> = {
  '10': ORDER_TYPE.replacement,
  replacement: ORDER_TYPE.replacement,
  '20': ORDER_TYPE.adjustment,
  adjustment: ORDER_TYPE.adjustment,
  '12': ORDER_TYPE.employee,
  employee: ORDER_TYPE.employee,
};

/** The rules that need nothing but the row itself. */
export function parseBatchOrderRow(
  values: Record<string, string>,
): { ok: true; row: ParsedBatchOrderRow } | { ok: false; errors: string[] } {
  const errors: string[] = [];
  const accountText = (values.account ?? '').trim();
  const account = accountText === '' ? null : accountKey(accountText);
  if (accountText === '') errors.push(BATCH_ORDER_MESSAGES.accountRequired);
  else if (!account) errors.push(BATCH_ORDER_MESSAGES.accountFormat(accountText));

  const lines: { sku: string; quantity: number }[] = [];
  const skusText = (values.skus ?? '').trim();
  if (skusText === '') errors.push(BATCH_ORDER_MESSAGES.skusRequired);
  else {
    const parts = skusText.split(/[;|\s]+/).filter(Boolean);
    if (parts.length > MAX_BATCH_LINES) errors.push(BATCH_ORDER_MESSAGES.tooManyLines);
    for (const part of parts.slice(0, MAX_BATCH_LINES)) {
      const m = /^([A-Za-z0-9._-]{1,40})(?:[:x*=](.*))?$/.exec(part);
      if (!m) {
        errors.push(BATCH_ORDER_MESSAGES.skuFormat(part));
        continue;
      }
      const sku = m[1]!;
      const qtyText = m[2] ?? '1';
      if (!/^\d{1,4}$/.test(qtyText) || Number(qtyText) < 1 || Number(qtyText) > MAX_BATCH_QUANTITY) {
        errors.push(BATCH_ORDER_MESSAGES.quantity(sku));
        continue;
      }
      if (lines.some((l) => l.sku === sku)) errors.push(BATCH_ORDER_MESSAGES.repeatedSku(sku));
      else lines.push({ sku, quantity: Number(qtyText) });
    }
  }

  const addressText = (values.shippingAddress ?? '').trim();
  let shippingAddressId: number | null = null;
  if (addressText !== '' && addressText.toLowerCase() !== 'default') {
    if (/^\d{1,15}$/.test(addressText)) shippingAddressId = Number(addressText);
    else errors.push(BATCH_ORDER_MESSAGES.addressFormat(addressText));
  }

  const orderType = TYPE_BY_NAME[(values.orderType ?? '').trim().toLowerCase()];
  if (!orderType) errors.push(BATCH_ORDER_MESSAGES.orderType);

  const reason = (values.reason ?? '').trim();
  if (reason === '') errors.push(BATCH_ORDER_MESSAGES.reasonRequired);
  else if (reason.length > 500) errors.push(BATCH_ORDER_MESSAGES.reasonLong);

  if (errors.length > 0 || !account || !orderType) return { ok: false, errors };
  return { ok: true, row: { account, accountText, lines, shippingAddressId, orderType, reason } };
}

export interface AccountFacts {
  uid: string;
  phoenixId: number;
  userType: number;
  accountStatus: number;
  addresses: { id: number; countryId: number; isDefault: boolean; region: string; postalCode: string }[];
}
export interface ProductFacts {
  sku: string;
  /** Country ids the product has a price in. */
  countries: number[];
}
export interface BatchOrderLookups {
  account(key: ParsedBatchOrderRow['account']): AccountFacts | undefined;
  product(sku: string): ProductFacts | undefined;
  /** Where a ZIP/postal code lies in the verification dataset (null: not found). */
  postalPlace(postalCode: string, countryId: number): PostalPlace | null;
}

export interface CheckedBatchOrder {
  row: ParsedBatchOrderRow;
  account: AccountFacts;
  addressId: number;
  countryId: number;
}

/** Every rule of one row (DESIGN §5): the row's own, then those that need the account and catalog. */
export function validateBatchOrderRow(
  values: Record<string, string>,
  lookups: BatchOrderLookups,
): { ok: true; order: CheckedBatchOrder } | { ok: false; errors: string[] } {
  const parsed = parseBatchOrderRow(values);
  if (!parsed.ok) return parsed;
  const { row } = parsed;
  const errors: string[] = [];
  const account = lookups.account(row.account);
  if (!account) return { ok: false, errors: [BATCH_ORDER_MESSAGES.accountMissing(row.accountText)] };
  if (account.accountStatus !== 1) {
    const status = ACCOUNT_STATUSES.find((s) => s.id === account.accountStatus)?.name ?? 'inactive';
    errors.push(BATCH_ORDER_MESSAGES.accountInactive(row.accountText, status));
  }
  if (row.orderType === ORDER_TYPE.employee && account.userType !== USER_TYPE.employee)
    errors.push(BATCH_ORDER_MESSAGES.employeeOnly(row.accountText));
  const address =
    row.shippingAddressId === null
      ? account.addresses.find((a) => a.isDefault)
      : account.addresses.find((a) => a.id === row.shippingAddressId);
  if (!address)
    errors.push(
      row.shippingAddressId === null
        ? BATCH_ORDER_MESSAGES.noDefaultAddress(row.accountText)
        : BATCH_ORDER_MESSAGES.addressNotOwned(row.shippingAddressId, row.accountText),
    );
  else {
    const issue = postalCodeRegionIssue(address, lookups.postalPlace(address.postalCode, address.countryId));
    if (issue) errors.push(BATCH_ORDER_MESSAGES.addressPostalCode(address.id, row.accountText, issue));
  }
  for (const line of row.lines) {
    const product = lookups.product(line.sku);
    if (!product) errors.push(BATCH_ORDER_MESSAGES.skuUnknown(line.sku));
    else if (address && !product.countries.includes(address.countryId))
      errors.push(
        BATCH_ORDER_MESSAGES.skuNoPrice(line.sku, countryName(address.countryId) ?? 'that country'),
      );
  }
  if (errors.length > 0 || !address) return { ok: false, errors };
  return { ok: true, order: { row, account, addressId: address.id, countryId: address.countryId } };
}

/** Replacement and adjustment orders are free; employee orders pay the catalog price (decision 008). */
export const isChargedOrderType = (orderType: number) => orderType === ORDER_TYPE.employee;

export const BatchOrderSummary = UploadSummary.extend({
  orderType: z.number().int().nullable(),
  reason: z.string().nullable(),
});
export type BatchOrderSummary = z.infer<typeof BatchOrderSummary>;

export const BatchOrderExport = z.object({
  status: z.enum(BATCH_ORDER_EXPORT_STATUSES),
  phoenixOrderId: z.number().int().nullable(),
  /** Why Phoenix refused the order, while it is failed. */
  error: z.string().nullable(),
});
export type BatchOrderExport = z.infer<typeof BatchOrderExport>;

/** The export state of an order from its Phoenix id and its export queue row (none: not queued yet). */
export function batchOrderExport(o: {
  phoenixOrderId: number | null;
  exportStatus: string | null;
  lastError: string | null;
}): BatchOrderExport {
  if (o.phoenixOrderId !== null) return { status: 'exported', phoenixOrderId: o.phoenixOrderId, error: null };
  if (o.exportStatus === 'failed')
    return { status: 'failed', phoenixOrderId: null, error: o.lastError ?? 'Phoenix refused the order.' };
  if (o.exportStatus === 'cancelled') return { status: 'cancelled', phoenixOrderId: null, error: null };
  return { status: 'queued', phoenixOrderId: null, error: null };
}

/** A row with the order it created: its document id, the number staff read, the customer and its export. */
export const BatchOrderRow = UploadRow.extend({
  order: z
    .object({
      id: z.string(),
      label: z.string(),
      customerUid: z.string(),
      customerName: z.string(),
      grandTotal: z.number().int(),
      currency: z.string(),
      downstream: BatchOrderExport,
    })
    .nullable(),
});
export type BatchOrderRow = z.infer<typeof BatchOrderRow>;

/** How the orders a batch created stand downstream, over the whole batch. */
export const BatchOrderExportCounts = z.object({
  orders: z.number().int(),
  exported: z.number().int(),
  queued: z.number().int(),
  failed: z.number().int(),
  cancelled: z.number().int(),
});
export type BatchOrderExportCounts = z.infer<typeof BatchOrderExportCounts>;
/** The answer of GET /api/batchOrders/{id}/downstream. */
export const BatchOrderExportCountsAnswer = ok(BatchOrderExportCounts);
