import { FIRST_PAGE, ORDER_LIST_PAGE_SIZE } from '../reference/constants';

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
