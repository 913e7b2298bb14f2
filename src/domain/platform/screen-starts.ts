import { afterCart } from '../checkout/first-calls';
import type { GetCall, PostCall } from './calls';

// What a screen needs first, in one table for the browser and the server (ADR 034, ADR 035,
// ADR 051): its first GET calls, as the URLs its API module builds, its first reads sent as a
// POST, the calls that follow from their answers, and the name of its code's chunk. The server
// asks for the calls as the staff member and writes their answers into the page it answers for
// that URL, with the chunks named as module preloads; on a move inside the app, the router starts
// the calls when the route matches, alongside the screen's code. Reads only: never a write.

/** The route's parameters (`:id` …) and the URL's query. */
export type ScreenCalls = (
  params: Readonly<Record<string, string | undefined>>,
  search: URLSearchParams,
) => (string | undefined)[];

export interface ScreenStart {
  /** Reads sent as a POST (GraphQL queries): the router starts them with `calls`; a page cannot name them. */
  posts?: (search: URLSearchParams) => readonly PostCall[];
  /**
   * Calls that follow from the first calls' answers (the bodies of `calls` then `posts`, in order;
   * undefined for one that failed): started as soon as those are in, still ahead of the screen's code.
   */
  followUps?: (
    answers: readonly unknown[],
    search: URLSearchParams,
  ) => readonly (GetCall | PostCall)[] | Promise<readonly (GetCall | PostCall)[]>;
  /** The route, as the router writes it: `/customers/:id/dashboard`. */
  path: string;
  /** A layout: it also starts for every path below its own (the tabs inside it). */
  layout?: boolean;
  /** The chunk of its code, as the build names it (its module's file name). */
  chunk: string;
  calls: ScreenCalls;
}

const enc = encodeURIComponent;

/** The promo tool's first reads: the tags, and every collection's rules. */
const promoToolCalls: ScreenCalls = () => ['/api/cs/promos/tags', '/api/cs/promo/rules?prod=true'];

/** PERIODS_QUERY of src/domain/incentives/queries.ts (a test keeps them equal). */
export const PERIODS_QUERY_TEXT = '{ periods { periodId startDate endDate } }';

/** ORDER_SEARCH_PAGE_SIZE of src/domain/order-search/search.ts, without its schemas (a test keeps them equal). */
export const ORDER_SEARCH_FIRST_PAGE = 20;

export const SCREEN_STARTS = {
  dashboard: { path: '/', chunk: 'dashboard-page', calls: () => ['/api/dashboard'] },
  customer: {
    path: '/customers/:id',
    layout: true,
    chunk: 'customer-layout',
    // The header of every tab: the account's summary.
    calls: ({ id = '' }) => [`/api/customers/${enc(id)}/summary`],
  },
  customerDashboard: {
    path: '/customers/:id/dashboard',
    chunk: 'customer-dashboard-page',
    calls: ({ id = '' }) => [
      `/api/customers/${enc(id)}/dashboard`,
      `/api/checkout/account/${enc(id)}`,
      `/api/customers/${enc(id)}/downline?tree=sponsor&depth=2`,
    ],
  },
  customerDetail: {
    path: '/customers/:id/detail',
    chunk: 'customer-detail-page',
    calls: ({ id = '' }) => [`/api/cs/customer/${enc(id)}`, `/api/cs/customer/${enc(id)}/comments`],
    // The account-type history shows only for an account that has one, which the account says.
    followUps: ([customer]) => {
      const account = (customer as { data?: { uid?: unknown; hasAccountTypeHistory?: unknown } } | undefined)
        ?.data;
      return account?.hasAccountTypeHistory === true && typeof account.uid === 'string'
        ? [[`/api/cs/account/accountTypeHistory/${enc(account.uid)}`]]
        : [];
    },
  },
  orderSearch: {
    path: '/orders',
    chunk: 'order-search-page',
    // Without criteria the search lists the newest orders (ORDER_SEARCH_PAGE_SIZE to a page).
    calls: (_params, search) => [
      search.size > 0 ? undefined : `/api/cs/orders/?page=1&limit=${ORDER_SEARCH_FIRST_PAGE}`,
    ],
  },
  orderInfo: {
    path: '/orders/:id/info',
    chunk: 'order-info-page',
    calls: ({ id = '' }) => [`/api/cs/order/${enc(id)}`],
  },
  orderRefunds: {
    path: '/orders/:id/refunds',
    chunk: 'order-refunds-page',
    calls: ({ id = '' }) => [`/api/cs/order/${enc(id)}`, `/api/cs/order/${enc(id)}/refunds`],
  },
  // The localized checkout URL the admin cart view and the customer's "New order" lead to (spec 2 §2).
  checkout: {
    path: '/:locale/checkout/:cartId',
    chunk: 'checkout-page',
    calls: ({ cartId = '' }) => [`/api/carts/${enc(cartId)}`],
    // The cart names its customer and locale: their account, recent orders and the catalog's first
    // page start as it answers, not after the screen has drawn it (two steps, not three).
    followUps: ([cart]) => afterCart(cart),
  },
  // Enroller payouts (spec 3 §2): the periods, then the shown period's first page and its runs.
  payouts: {
    path: '/incentives/enrollers',
    chunk: 'enroller-payouts-page',
    calls: () => [],
    // periodsCall() of incentives/first-calls, written out: that module (with the service's
    // GraphQL documents) loads only when the periods have answered, not on every screen.
    posts: () => [['POST', '/api/startCounting/query', { query: PERIODS_QUERY_TEXT, variables: {} }]],
    followUps: async ([periods], search) =>
      (await import('../incentives/first-calls')).afterPeriods(periods, search, new Date().toISOString()),
  },
  promoTool: {
    path: '/promos/tool',
    chunk: 'promo-tool-page',
    calls: promoToolCalls,
  },
  // The editor's URLs are the tool's screen (spec 3 §2), with the same first calls.
  promoEditor: {
    path: '/promos/editor',
    chunk: 'promo-tool-page',
    calls: promoToolCalls,
  },
  promoEditorRule: {
    path: '/promos/editor/:promoName',
    chunk: 'promo-tool-page',
    calls: promoToolCalls,
  },
} satisfies Record<string, ScreenStart>;

/** What the shell of every signed-in screen asks for first (its menu's feature flags, the session). */
export const SHELL_START = { chunk: 'app-shell', calls: ['/api/auth/session', '/api/flags'] } as const;

/** The route's parameters when `pathname` is on it (or below it, for a layout), else null. */
export function matchScreen(start: ScreenStart, pathname: string): Record<string, string> | null {
  const want = start.path.split('/').filter(Boolean);
  const have = pathname.split('/').filter(Boolean);
  if (have.length < want.length || (!start.layout && have.length !== want.length)) return null;
  const params: Record<string, string> = {};
  for (const [i, part] of want.entries()) {
    const value = have[i]!;
    if (part.startsWith(':')) {
      try {
        params[part.slice(1)] = decodeURIComponent(value);
      } catch {
        return null;
      }
    } else if (part !== value) return null;
  }
  return params;
}

/** A screen that starts at a URL, with its first calls and what follows from their answers. */
export interface ScreenStartAt {
  chunk: string;
  /** Its first GET calls' URLs. */
  calls: string[];
  /** Its first reads sent as a POST. */
  posts: PostCall[];
  /** The calls that follow from the answers of `calls` then `posts`, in order (undefined for one that failed). */
  followUps?: (answers: readonly unknown[]) => Promise<readonly (GetCall | PostCall)[]>;
}

/** The screens that start at this URL (a layout and its tab, say), with their first calls. */
export function screenStartsAt(pathname: string, search: URLSearchParams): ScreenStartAt[] {
  const starts: ScreenStartAt[] = [];
  for (const start of Object.values(SCREEN_STARTS) as ScreenStart[]) {
    const params = matchScreen(start, pathname);
    if (!params) continue;
    const { followUps } = start;
    starts.push({
      chunk: start.chunk,
      calls: start.calls(params, search).filter((c): c is string => Boolean(c)),
      posts: [...(start.posts?.(search) ?? [])],
      ...(followUps ? { followUps: async (answers) => followUps(answers, search) } : {}),
    });
  }
  return starts;
}
