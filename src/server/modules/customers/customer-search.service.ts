import { accountTypeNames, DERIVED_ACCOUNT_TYPE_KEYS } from '@domain/customers/account-types';
import { memberStatus, type TermsRecord } from '@domain/customers/membership';
import type { QuickNameSearchQuery, QuickSearchConsultant } from '@domain/customers/quick-search';
import {
  type CustomerSearchAnswer,
  type CustomerSearchQuery,
  type CustomerSearchRow,
  classifyCustomerQuery,
  missingAccountName,
} from '@domain/customers/search';
import { CUSTOMER_SEARCH_CSV } from '@domain/customers/search-csv';
import { CSV_EXPORT_MAX_ROWS, csvCapNote, csvHeader, csvRows } from '@domain/platform/csv';
import { USER_TYPE } from '@domain/reference/lists';
import type { AppContext } from '../../platform/context';
import { badRequest } from '../../platform/errors';
import * as repo from './customer-search.repo';
import { pageWindow, planNameSearch } from './search-plan';

const fullName = (first: string | null, last: string | null) => [first, last].filter(Boolean).join(' ');

/** Uids of one page, best first: an account number is one exact lookup, a name the ranked tiers. */
async function pageUids(
  ctx: AppContext,
  q: string,
  filter: repo.SearchFilter,
  page: number,
  limit: number,
): Promise<string[]> {
  const query = classifyCustomerQuery(q);
  if (query.kind === 'empty') throw badRequest('Enter a name, email or account number');
  const { skip, take } = pageWindow(page, limit);
  if (query.kind === 'account') {
    if (!Number.isSafeInteger(query.phoenixId)) return [];
    return skip > 0 ? [] : repo.uidByPhoenixId(ctx.readDb, query.phoenixId, filter);
  }
  return repo.searchNameUids(ctx.readDb, planNameSearch(query.text), filter, skip, take);
}

function inOrder<T extends { uid: string }>(uids: readonly string[], records: readonly T[]): T[] {
  const byUid = new Map(records.map((r) => [r.uid, r]));
  return uids.flatMap((uid) => byUid.get(uid) ?? []);
}

function toRow(r: repo.SearchRowRecord, now: Date): CustomerSearchRow {
  const terms = (JSON.parse(r.terms) as TermsRecord[]) ?? [];
  const sponsorId = Number(r.sponsor_id);
  return {
    uid: r.uid,
    phoenixId: Number(r.phoenix_id),
    firstName: r.first_name,
    lastName: r.last_name,
    email: r.email,
    userType: r.user_type,
    accountTypes: accountTypeNames(
      r.user_type,
      DERIVED_ACCOUNT_TYPE_KEYS.filter((key) => r[key] === true),
    ),
    countryId: r.country_id,
    accountStatus: r.account_status,
    membershipStatus: memberStatus(terms, r.member_expiration_date_utc, now),
    sponsor: {
      uid: r.sponsor_uid,
      phoenixId: sponsorId,
      fullName:
        r.sponsor_uid !== null
          ? fullName(r.sponsor_first_name, r.sponsor_last_name)
          : missingAccountName(sponsorId),
    },
  };
}

/** The account-type filter: a stored user type by id, or a derived type by its key. */
function searchFilter(accountType: string | undefined): repo.SearchFilter {
  if (accountType === undefined) return {};
  const derived = DERIVED_ACCOUNT_TYPE_KEYS.find((key) => key === accountType);
  return derived ? { derivedType: derived } : { userType: Number(accountType) };
}

/** GET /api/customers: one page of the ranked search; `hasMore` when the page came back full. */
export async function searchCustomers(
  ctx: AppContext,
  query: CustomerSearchQuery,
): Promise<CustomerSearchAnswer> {
  const uids = await pageUids(ctx, query.q, searchFilter(query.accountType), query.page, query.limit);
  const records = inOrder(uids, await repo.searchRows(ctx.readDb, uids));
  const now = new Date();
  return {
    success: true,
    data: records.map((r) => toRow(r, now)),
    page: query.page,
    limit: query.limit,
    hasMore: records.length === query.limit,
  };
}

/** Uids of a whole search, best first, up to `max` (the same ranking as the pages). */
async function allUids(
  ctx: AppContext,
  q: string,
  filter: repo.SearchFilter,
  max: number,
): Promise<string[]> {
  const query = classifyCustomerQuery(q);
  if (query.kind === 'empty') throw badRequest('Enter a name, email or account number');
  if (query.kind === 'account')
    return Number.isSafeInteger(query.phoenixId) ? repo.uidByPhoenixId(ctx.db, query.phoenixId, filter) : [];
  return repo.searchNameUids(ctx.db, planNameSearch(query.text), filter, 0, max);
}

/**
 * GET /api/customers/export.csv: every account the search matches (not only the loaded pages),
 * best first, up to CSV_EXPORT_MAX_ROWS. The uids are found before the answer starts (a bad
 * query is a 400, not a broken file); the rows are then read and written 500 at a time.
 */
export async function exportCustomers(
  ctx: AppContext,
  q: string,
  { max = CSV_EXPORT_MAX_ROWS, accountType }: { max?: number; accountType?: string | undefined } = {},
): Promise<AsyncGenerator<string>> {
  const uids = await allUids(ctx, q, searchFilter(accountType), max + 1);
  const capped = uids.length > max;
  const now = new Date();
  return (async function* () {
    yield csvHeader(CUSTOMER_SEARCH_CSV.map((c) => c.header));
    const shown = uids.slice(0, max);
    for (let i = 0; i < shown.length; i += 500) {
      const chunk = shown.slice(i, i + 500);
      const records = inOrder(chunk, await repo.searchRows(ctx.db, chunk));
      yield csvRows(
        CUSTOMER_SEARCH_CSV,
        records.map((r) => toRow(r, now)),
      );
    }
    if (capped) yield csvCapNote(max);
  })();
}

/** GET /api/account/open/QuickNameSearchConsultants: consultants of one country, best first. */
export async function quickSearchConsultants(
  ctx: AppContext,
  query: QuickNameSearchQuery,
): Promise<QuickSearchConsultant[]> {
  const filter = { userType: USER_TYPE.consultant, countryId: query.countryid };
  const text = query.account ?? query.q ?? '';
  const uids = await pageUids(ctx, text, filter, 1, query.take);
  return inOrder(uids, await repo.consultantRows(ctx.readDb, uids)).map((r) => ({
    uid: r.uid,
    phoenixId: Number(r.phoenix_id),
    fullName: fullName(r.first_name, r.last_name),
    firstName: r.first_name,
    lastName: r.last_name,
    email: r.email,
    countryId: r.country_id,
    userType: r.user_type,
  }));
}
