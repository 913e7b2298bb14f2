import { z } from 'zod';
import { decimalInt, userUid } from '../platform/ids';
import { FIRST_PAGE, ORDER_LIST_PAGE_SIZE } from '../reference/constants';
import { COUNTRIES, ORDER_TYPES } from '../reference/lists';
import { parseDate } from '../validation/dates';

// Order search (spec 2 §2 Order search, §7 GET /cs/orders/, §9 page size 20 from page 1).
//
// Two kinds of criteria. The filters (names, order type, the two order numbers, location, dates)
// combine. UID, Phoenix ID and Email are unique values: each names one customer, so it is used
// alone, and any other criterion sent with it is ignored, by the form (it resets the other
// fields) and by the server alike.
//
// The two order numbers (spec 2 §2, §5 Returns search): the Firebase order id is the number staff
// read (shown F… or X…, a prefix is accepted); the Phoenix order number is the 9-digit downstream
// number, and "search by order number requires 9 digits".

export const ORDER_SEARCH_PAGE_SIZE = ORDER_LIST_PAGE_SIZE;
export const ORDER_SEARCH_FIRST_PAGE = FIRST_PAGE;
/** Load more stops here (10,000 rows): past it, narrow the search. */
export const ORDER_SEARCH_MAX_PAGE = 500;

export const ORDER_SEARCH_HINT =
  'UID, Phoenix ID and Email are unique values and cannot be combined with other search criteria; the other search fields will be reset.';

export const ORDER_SEARCH_MESSAGES = {
  phoenixOrderId: 'Search by order number requires 9 digits.',
  orderId: 'Enter the Firebase order id: its digits, with or without F or X.',
  phoenixId: 'Enter the Phoenix ID (account number): digits, with or without M.',
  uid: 'Enter the account UID: letters and digits.',
  email: 'Enter a complete email address.',
  name: 'Names are at most 50 characters.',
  orderType: 'Choose an order type from the list.',
  country: 'Choose a location from the list.',
  date: 'Must be a valid date',
  dateOrder: 'The from date must be on or before the to date.',
  oneUnique: 'Search by one of UID, Phoenix ID or Email at a time.',
  sort: 'Sort by date, total or customer.',
  direction: 'Sort in asc or desc order.',
} as const;

/** The form's field names, in the order the form shows them (also the query string's names). */
export const FILTER_FIELDS = [
  'firstName',
  'lastName',
  'orderType',
  'orderId',
  'phoenixOrderId',
  'country',
  'dateFrom',
  'dateTo',
] as const;
export const EXCLUSIVE_FIELDS = ['uid', 'phoenixId', 'email'] as const;
export const ORDER_SEARCH_FIELDS = [...FILTER_FIELDS, ...EXCLUSIVE_FIELDS] as const;
export type OrderSearchField = (typeof ORDER_SEARCH_FIELDS)[number];
export type ExclusiveField = (typeof EXCLUSIVE_FIELDS)[number];

export const ORDER_SEARCH_LABELS: Record<OrderSearchField, string> = {
  firstName: 'First name',
  lastName: 'Last name',
  orderType: 'Order type',
  orderId: 'Firebase order id',
  phoenixOrderId: 'Phoenix order number',
  country: 'Location',
  dateFrom: 'Date from',
  dateTo: 'Date to',
  uid: 'UID',
  phoenixId: 'Phoenix ID',
  email: 'Email',
};

/**
 * How the orders found are ordered (the table's sortable headers): by date (the default, newest
 * first), by total, or by the customer's last name. Each is an index order on the server, so any
 * page of any search reads only its own rows.
 */
export const ORDER_SEARCH_SORTS = ['date', 'total', 'customer'] as const;
export type OrderSearchSort = (typeof ORDER_SEARCH_SORTS)[number];
export const ORDER_SEARCH_DIRECTIONS = ['asc', 'desc'] as const;
export type OrderSearchDirection = (typeof ORDER_SEARCH_DIRECTIONS)[number];
export const DEFAULT_ORDER_SORT: { sort: OrderSearchSort; direction: OrderSearchDirection } = {
  sort: 'date',
  direction: 'desc',
};
/** The direction a header sorts in when first clicked: the newest and the largest first, names A to Z. */
export const FIRST_DIRECTION: Record<OrderSearchSort, OrderSearchDirection> = {
  date: 'desc',
  total: 'desc',
  customer: 'asc',
};

const INT_MAX = 2_147_483_647;
const ORDER_NUMBER = /^[FfXx]?(\d{1,10})$/;
const PHOENIX_ORDER_NUMBER = /^\d{9}$/;
const ACCOUNT_NUMBER = /^[Mm]?(\d{1,15})$/;
const ORDER_TYPE_IDS = new Set<number>(ORDER_TYPES.map((t) => t.id));
const COUNTRY_IDS = new Set<number>(COUNTRIES.map((c) => c.id));

/** A blank query-string value is no criterion at all. */
const text = (max: number, message: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : typeof v === 'string' ? v.trim() : v),
    z.string().max(max, message).optional(),
  );

const blankIsNone = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), schema);

/** Digits (the regex's first group) as a number, `ok` for its range. */
const numberIn = (re: RegExp, message: string, ok: (n: number) => boolean) =>
  text(20, message).pipe(
    z
      .string()
      .optional()
      .transform((v, c) => {
        if (v === undefined) return undefined;
        const m = re.exec(v);
        const n = m ? Number(m[1]) : Number.NaN;
        if (!m || !ok(n)) {
          c.addIssue({ code: 'custom', message });
          return z.NEVER;
        }
        return n;
      }),
  );

const date = text(10, ORDER_SEARCH_MESSAGES.date).pipe(
  z
    .string()
    .optional()
    .superRefine((v, c) => {
      if (v !== undefined && (!/^\d{4}-\d{2}-\d{2}$/.test(v) || parseDate(v) === null))
        c.addIssue({ code: 'custom', message: ORDER_SEARCH_MESSAGES.date });
    }),
);

const phoenixOrderId = text(20, ORDER_SEARCH_MESSAGES.phoenixOrderId).pipe(
  z.string().regex(PHOENIX_ORDER_NUMBER, ORDER_SEARCH_MESSAGES.phoenixOrderId).transform(Number).optional(),
);

/** GET /api/cs/orders/ query string. */
export const OrderSearchQuery = z
  .object({
    firstName: text(50, ORDER_SEARCH_MESSAGES.name),
    lastName: text(50, ORDER_SEARCH_MESSAGES.name),
    orderType: numberIn(/^(\d{1,3})$/, ORDER_SEARCH_MESSAGES.orderType, (n) => ORDER_TYPE_IDS.has(n)),
    orderId: numberIn(ORDER_NUMBER, ORDER_SEARCH_MESSAGES.orderId, (n) => n >= 1 && n <= INT_MAX),
    phoenixOrderId,
    country: numberIn(/^(\d)$/, ORDER_SEARCH_MESSAGES.country, (n) => COUNTRY_IDS.has(n)),
    dateFrom: date,
    dateTo: date,
    uid: text(64, ORDER_SEARCH_MESSAGES.uid).pipe(userUid(ORDER_SEARCH_MESSAGES.uid).optional()),
    phoenixId: numberIn(
      ACCOUNT_NUMBER,
      ORDER_SEARCH_MESSAGES.phoenixId,
      (n) => Number.isSafeInteger(n) && n > 0,
    ),
    email: text(254, ORDER_SEARCH_MESSAGES.email).pipe(
      z
        .email(ORDER_SEARCH_MESSAGES.email)
        .transform((e) => e.toLowerCase())
        .optional(),
    ),
    page: decimalInt(ORDER_SEARCH_FIRST_PAGE, ORDER_SEARCH_MAX_PAGE).default(ORDER_SEARCH_FIRST_PAGE),
    limit: decimalInt(1, 100).default(ORDER_SEARCH_PAGE_SIZE),
    sort: blankIsNone(z.enum(ORDER_SEARCH_SORTS, ORDER_SEARCH_MESSAGES.sort).optional()),
    direction: blankIsNone(z.enum(ORDER_SEARCH_DIRECTIONS, ORDER_SEARCH_MESSAGES.direction).optional()),
  })
  .superRefine((q, c) => {
    if (EXCLUSIVE_FIELDS.filter((f) => q[f] !== undefined).length > 1)
      c.addIssue({ code: 'custom', path: ['uid'], message: ORDER_SEARCH_MESSAGES.oneUnique });
    if (q.dateFrom && q.dateTo && q.dateFrom > q.dateTo)
      c.addIssue({ code: 'custom', path: ['dateTo'], message: ORDER_SEARCH_MESSAGES.dateOrder });
  });
export type OrderSearchQuery = z.output<typeof OrderSearchQuery>;

/** The order a query asks for: its sort, in its direction or the sort's first one. */
export function sortOf(q: Pick<OrderSearchQuery, 'sort' | 'direction'>) {
  const sort = q.sort ?? DEFAULT_ORDER_SORT.sort;
  return { sort, direction: q.direction ?? FIRST_DIRECTION[sort] };
}

/** The sort as the URL keeps it: nothing for the default order. */
export function sortParams(sort: OrderSearchSort, direction: OrderSearchDirection): [string, string][] {
  if (sort === DEFAULT_ORDER_SORT.sort && direction === DEFAULT_ORDER_SORT.direction) return [];
  return direction === FIRST_DIRECTION[sort]
    ? [['sort', sort]]
    : [
        ['sort', sort],
        ['direction', direction],
      ];
}

/** How a sort reads in the list's status line. */
export const SORT_LABELS: Record<OrderSearchSort, Record<OrderSearchDirection, string>> = {
  date: { desc: 'newest first', asc: 'oldest first' },
  total: { desc: 'largest total first', asc: 'smallest total first' },
  customer: { asc: 'customers A to Z', desc: 'customers Z to A' },
};

/** The sort a URL names; anything unknown is the default order. */
export function sortFromParams(params: URLSearchParams): {
  sort: OrderSearchSort;
  direction: OrderSearchDirection;
} {
  const sort = params.get('sort');
  const direction = params.get('direction');
  if (!(ORDER_SEARCH_SORTS as readonly (string | null)[]).includes(sort)) return DEFAULT_ORDER_SORT;
  const s = sort as OrderSearchSort;
  return {
    sort: s,
    direction: (ORDER_SEARCH_DIRECTIONS as readonly (string | null)[]).includes(direction)
      ? (direction as OrderSearchDirection)
      : FIRST_DIRECTION[s],
  };
}

/** What the search looks for once the exclusive rule is applied. */
export type OrderSearchPlan =
  | { kind: 'uid'; uid: string }
  | { kind: 'phoenixId'; phoenixId: number }
  | { kind: 'email'; email: string }
  | {
      kind: 'filters';
      firstName?: string;
      lastName?: string;
      orderType?: number;
      orderId?: number;
      phoenixOrderId?: number;
      countryId?: number;
      dateFrom?: string;
      dateTo?: string;
    };

/** A unique value, when given, is the whole search: the other criteria are dropped. */
export function planOrderSearch(q: OrderSearchQuery): OrderSearchPlan {
  if (q.uid !== undefined) return { kind: 'uid', uid: q.uid };
  if (q.phoenixId !== undefined) return { kind: 'phoenixId', phoenixId: q.phoenixId };
  if (q.email !== undefined) return { kind: 'email', email: q.email };
  const plan: OrderSearchPlan = { kind: 'filters' };
  if (q.firstName) plan.firstName = q.firstName.toLowerCase();
  if (q.lastName) plan.lastName = q.lastName.toLowerCase();
  if (q.orderType !== undefined) plan.orderType = q.orderType;
  if (q.orderId !== undefined) plan.orderId = q.orderId;
  if (q.phoenixOrderId !== undefined) plan.phoenixOrderId = q.phoenixOrderId;
  if (q.country !== undefined) plan.countryId = q.country;
  if (q.dateFrom) plan.dateFrom = q.dateFrom;
  if (q.dateTo) plan.dateTo = q.dateTo;
  return plan;
}

// ---------------------------------------------------------------------------------------------
// The form's values (strings, as typed) and the URL they are kept in.

export type OrderSearchValues = Record<OrderSearchField, string>;

export const emptyOrderSearch = (): OrderSearchValues =>
  Object.fromEntries(ORDER_SEARCH_FIELDS.map((f) => [f, ''])) as OrderSearchValues;

/**
 * Typing in a field: a unique field (UID, Phoenix ID, Email) clears every other field; a filter
 * field clears the unique fields, since they cannot be combined with it.
 */
export function withField(
  values: OrderSearchValues,
  field: OrderSearchField,
  value: string,
): OrderSearchValues {
  const exclusive = (EXCLUSIVE_FIELDS as readonly string[]).includes(field);
  if (value.trim() === '') return { ...values, [field]: value };
  const next = emptyOrderSearch();
  for (const f of ORDER_SEARCH_FIELDS) {
    const keep = exclusive ? f === field : !(EXCLUSIVE_FIELDS as readonly string[]).includes(f);
    if (keep) next[f] = values[f];
  }
  next[field] = value;
  return next;
}

/** The criteria from a URL's query string (unknown names ignored). */
export function valuesFromParams(params: URLSearchParams): OrderSearchValues {
  const values = emptyOrderSearch();
  for (const f of ORDER_SEARCH_FIELDS) values[f] = params.get(f) ?? '';
  return values;
}

/** The non-blank criteria, trimmed, in field order: the URL's query string and the API's. */
export function criteriaOf(values: OrderSearchValues): [OrderSearchField, string][] {
  return ORDER_SEARCH_FIELDS.flatMap((f) => {
    const v = values[f].trim();
    return v ? [[f, v] as [OrderSearchField, string]] : [];
  });
}

/** Field messages of the form, from the same rules as the server's. */
export function orderSearchErrors(values: OrderSearchValues): Partial<Record<OrderSearchField, string>> {
  const result = OrderSearchQuery.safeParse(Object.fromEntries(criteriaOf(values)));
  if (result.success) return {};
  const errors: Partial<Record<OrderSearchField, string>> = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as OrderSearchField;
    if (field && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}

// ---------------------------------------------------------------------------------------------
// The answer: data.processedOrders (spec 2 §7).

export const ProcessedOrder = z.object({
  /** Order document id: the {id} of /orders/{id}/info. */
  id: z.string(),
  orderId: z.number().int(),
  /** The number staff read: X or F plus the order id (spec 2 §2). */
  orderNumber: z.string(),
  /** Null until the order is downstream; shown N/A. */
  phoenixOrderId: z.number().int().nullable(),
  /** Displayed status (spec 2 §4): Shipped, Printed, the state name, Pending Terms, Pending Pop-up. */
  status: z.string(),
  state: z.number().int(),
  orderType: z.number().int(),
  dateCreatedUtc: z.string(),
  customer: z.object({
    uid: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    email: z.string().nullable(),
    phoenixId: z.number().int().nullable(),
    userType: z.number().int(),
  }),
  grandTotalCents: z.number().int(),
  currency: z.string(),
  countryId: z.number().int(),
});
export type ProcessedOrder = z.infer<typeof ProcessedOrder>;

/** A page; `hasMore` while a page comes back full (no total is counted, spec 2 §9). */
export const OrderSearchAnswer = z.object({
  success: z.literal(true),
  data: z.object({
    processedOrders: z.array(ProcessedOrder),
    page: z.number().int(),
    limit: z.number().int(),
    hasMore: z.boolean(),
  }),
});
export type OrderSearchAnswer = z.infer<typeof OrderSearchAnswer>;
