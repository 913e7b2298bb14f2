import { z } from 'zod';
import { decimalInt, userUid } from '../platform/ids';
import { COUNTRIES, ORDER_TYPES } from '../reference/lists';
import { parseDate } from '../validation/dates';
import {
  criteriaOf,
  DEFAULT_ORDER_SORT,
  EXCLUSIVE_FIELDS,
  FIRST_DIRECTION,
  ORDER_SEARCH_DIRECTIONS,
  ORDER_SEARCH_FIRST_PAGE,
  ORDER_SEARCH_MAX_PAGE,
  ORDER_SEARCH_MESSAGES,
  ORDER_SEARCH_PAGE_SIZE,
  ORDER_SEARCH_SORTS,
  type OrderSearchField,
  type OrderSearchValues,
} from './search';

// Order search's contract (spec 2 §7 GET /cs/orders/): the query string's rules, which the server
// applies and the form checks before sending, and the answer. The rest of the search (its fields,
// labels, messages, sorts and the form's values) is in search.ts, which loads no zod: the search
// screen loads this module when a search is submitted (ADR 043).

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
