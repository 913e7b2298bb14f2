import type { DerivedAccountType } from '@domain/customers/account-types';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { accounts } from '../../db/schema';
import { type Db, type DbOrTx, rows } from '../../platform/db';
import { derivedTypeSql } from '../customers/account-types.sql';
import {
  CLOSE_WORD_PREFIX,
  CLOSE_WORD_SCAN,
  CLOSE_WORD_SIMILARITY,
  CLOSE_WORDS,
  type CloseWord,
  closeNameTiers,
  FUZZY_CANDIDATES,
  prefixUpperBound,
  type SearchTier,
  splitFullName,
} from './search-plan';

// Customer search queries (spec 1 §2, §7). Every tier is an index-ordered scan:
// - names: btree (lower(last_name) collate "C", lower(first_name) collate "C", phoenix_id) and
//   (lower(first_name) …, lower(last_name) …, phoenix_id); prefixes are index ranges, so even a
//   one-letter prefix reads only the rows of the page;
// - emails: btree (lower(email) collate "C", phoenix_id);
// - typos: first the names on file that share the typed word's first letters (a loose index scan
//   of the name btree: one probe per distinct name) ranked by trigram similarity, each then read
//   as an exact name; only when none of those is found, the pg_trgm GIN index on
//   lower(first_name || ' ' || last_name) with `<%` / `%` (its posting lists are long on a big
//   table, so it is the last resort);
// - account numbers: the unique index on phoenix_id.

const LAST = sql`lower(a.last_name) collate "C"`;
const FIRST = sql`lower(a.first_name) collate "C"`;
const EMAIL = sql`lower(a.email) collate "C"`;
/** Must stay the exact expression of accounts_name_trgm_idx. */
const FULL_NAME = sql`lower(a.first_name || ' ' || a.last_name)`;

const BY_LAST = sql`${LAST}, ${FIRST}, a.phoenix_id`;
const BY_FIRST = sql`${FIRST}, ${LAST}, a.phoenix_id`;

const startsWith = (column: SQL, prefix: string) =>
  sql`(${column} >= ${prefix} and ${column} < ${prefixUpperBound(prefix)})`;

interface TierSql {
  where: SQL;
  order: SQL;
  /** Trigram tiers: the similarity threshold their operator uses. */
  fuzzy: number | null;
}

function tierSql(tier: SearchTier): TierSql {
  switch (tier.kind) {
    case 'emailExact':
      return { where: sql`${EMAIL} = ${tier.email}`, order: sql`${EMAIL}, a.phoenix_id`, fuzzy: null };
    case 'emailPrefix':
      return { where: startsWith(EMAIL, tier.prefix), order: sql`${EMAIL}, a.phoenix_id`, fuzzy: null };
    case 'lastExact':
      return { where: sql`${LAST} = ${tier.last}`, order: BY_LAST, fuzzy: null };
    case 'firstExact':
      return { where: sql`${FIRST} = ${tier.first}`, order: BY_FIRST, fuzzy: null };
    case 'lastPrefix':
      return { where: startsWith(LAST, tier.last), order: BY_LAST, fuzzy: null };
    case 'firstPrefix':
      return { where: startsWith(FIRST, tier.first), order: BY_FIRST, fuzzy: null };
    case 'fullExact':
      return {
        where: sql`(${FIRST} = ${tier.first} and ${LAST} = ${tier.last})`,
        order: BY_FIRST,
        fuzzy: null,
      };
    case 'firstExactLastPrefix':
      return {
        where: sql`(${FIRST} = ${tier.first} and ${startsWith(LAST, tier.last)})`,
        order: BY_FIRST,
        fuzzy: null,
      };
    case 'bothPrefix':
      return {
        where: sql`(${startsWith(FIRST, tier.first)} and ${startsWith(LAST, tier.last)})`,
        order: BY_FIRST,
        fuzzy: null,
      };
    case 'fuzzyWord':
      return {
        where: sql`${tier.text} <% ${FULL_NAME}`,
        order: sql`word_similarity(${tier.text}, ${FULL_NAME}) desc, ${BY_LAST}`,
        fuzzy: tier.threshold,
      };
    case 'fuzzyFull':
      return {
        where: sql`${FULL_NAME} % ${tier.text}`,
        order: sql`similarity(${FULL_NAME}, ${tier.text}) desc, ${BY_LAST}`,
        fuzzy: tier.threshold,
      };
  }
}

/** Restricts every tier (quick search: consultants of one country). */
export interface SearchFilter {
  userType?: number;
  countryId?: number;
  /** Enrolling Consultant, Enrolling Member or Host (spec 1 §1, derived: ADR 027). */
  derivedType?: DerivedAccountType;
}

function filterSql(filter: SearchFilter): SQL[] {
  const parts: SQL[] = [];
  if (filter.userType !== undefined) parts.push(sql`a.user_type = ${filter.userType}`);
  if (filter.countryId !== undefined) parts.push(sql`a.country_id = ${filter.countryId}`);
  if (filter.derivedType !== undefined) parts.push(derivedTypeSql(filter.derivedType));
  return parts;
}

/** The trigram thresholds hold for this transaction only (set_config … is_local). */
async function withTrigramThreshold<T>(
  db: Db,
  threshold: number,
  run: (tx: DbOrTx) => Promise<T>,
): Promise<T> {
  return db.transaction(async (tx) => {
    // Raw SQL: set_config has no builder form.
    await tx.execute(
      sql`select set_config('pg_trgm.word_similarity_threshold', ${String(threshold)}, true),
                 set_config('pg_trgm.similarity_threshold', ${String(threshold)}, true)`,
    );
    return run(tx);
  });
}

/**
 * Distinct names on file starting like `word` (loose index scan), close to it by trigram
 * similarity: those sharing its first two letters, else (a slip in the second letter) its first.
 */
async function closeWords(db: Db, column: SQL, word: string): Promise<CloseWord[]> {
  if (word.length < CLOSE_WORD_PREFIX + 1) return [];
  const close = await closeWordsFrom(db, column, word, word.slice(0, CLOSE_WORD_PREFIX));
  return close.length > 0 ? close : closeWordsFrom(db, column, word, word.slice(0, 1));
}

async function closeWordsFrom(db: Db, column: SQL, word: string, lo: string): Promise<CloseWord[]> {
  const hi = prefixUpperBound(lo);
  // Raw SQL: a recursive CTE (a loose index scan of the name btree) has no builder form.
  const found = await rows<{ word: string; similarity: number }>(
    db,
    sql`with recursive v(n, steps) as (
          select min(${column}), 1 from accounts a where ${column} >= ${lo} and ${column} < ${hi}
          union all
          select (select min(${column}) from accounts a where ${column} > v.n and ${column} < ${hi}), v.steps + 1
            from v where v.n is not null and v.steps < ${CLOSE_WORD_SCAN})
        select n as word, similarity(n, ${word})::float8 as similarity from v
         where n is not null and similarity(n, ${word}) >= ${CLOSE_WORD_SIMILARITY}
         order by 2 desc, 1 limit ${CLOSE_WORDS}`,
  );
  return found.map((r) => ({ word: r.word, similarity: Number(r.similarity) }));
}

/** The exact-name tiers a typo expands to (see closeNameTiers). */
async function similarSpellings(
  db: Db,
  tier: Extract<SearchTier, { kind: 'fuzzyWord' | 'fuzzyFull' }>,
): Promise<SearchTier[]> {
  const [firstWord, lastWord] = tier.kind === 'fuzzyWord' ? [tier.text, tier.text] : splitFullName(tier.text);
  const first = await closeWords(db, FIRST, firstWord);
  const last = await closeWords(db, LAST, lastWord);
  return closeNameTiers(tier, { first, last });
}

/**
 * Uids of rows `skip` … `skip + take` of the ranked result: tier by tier, each tier without the
 * rows of the tiers before it. A tier that lies wholly before the page is only counted (capped
 * at what is left to skip), never read out. The similar-spelling tiers run only when no exact or
 * prefix tier matched anything: they are for typos, and they are the costly ones.
 */
export async function searchNameUids(
  db: Db,
  tiers: readonly SearchTier[],
  filter: SearchFilter,
  skip: number,
  take: number,
): Promise<string[]> {
  const found: string[] = [];
  const earlier: SQL[] = [];
  const base = filterSql(filter);
  let toSkip = skip;
  let matched = false;
  const queue = [...tiers];
  const expanded = new Set<SearchTier>();
  while (queue.length > 0 && found.length < take) {
    const tier = queue.shift()!;
    const t = tierSql(tier);
    if (t.fuzzy !== null && matched) break;
    if ((tier.kind === 'fuzzyWord' || tier.kind === 'fuzzyFull') && !expanded.has(tier)) {
      // Names spelled alike first; the trigram scan itself only if none of them is found.
      expanded.add(tier);
      queue.unshift(...(await similarSpellings(db, tier)), tier);
      continue;
    }
    const where = sql.join([...base, t.where, ...earlier.map((w) => sql`(${w}) is not true`)], sql` and `);
    earlier.push(t.where);
    // A trigram tier ranks at most FUZZY_CANDIDATES matching rows (the heap scan stops there).
    const from =
      t.fuzzy === null
        ? sql`accounts a where ${where}`
        : sql`(select * from accounts a where ${where} limit ${FUZZY_CANDIDATES}) a`;
    const read = async (q: DbOrTx) => {
      if (toSkip > 0) {
        // Raw SQL: the builder has no form for the index-exact lower(x) collate "C" and pg_trgm conditions.
        const [counted] = await rows<{ n: number }>(
          q,
          sql`select count(*)::int as n from (select 1 from ${from} limit ${toSkip}) x`,
        );
        const n = counted?.n ?? 0;
        if (n > 0) matched = true;
        if (n < toSkip) {
          toSkip -= n;
          return;
        }
      }
      // Raw SQL: the index needs the exact expression lower(x) collate "C", which the builder cannot order by.
      const page = await rows<{ uid: string }>(
        q,
        sql`select a.uid from ${from} order by ${t.order} limit ${take - found.length} offset ${toSkip}`,
      );
      toSkip = 0;
      if (page.length > 0) matched = true;
      for (const r of page) found.push(r.uid);
    };
    if (t.fuzzy === null) await read(db);
    else await withTrigramThreshold(db, t.fuzzy, read);
  }
  return found;
}

export async function uidByPhoenixId(db: Db, phoenixId: number, filter: SearchFilter): Promise<string[]> {
  // The filters read the account row as `a`.
  const a = alias(accounts, 'a');
  const found = await db
    .select({ uid: a.uid })
    .from(a)
    .where(and(eq(a.phoenixId, phoenixId), ...filterSql(filter)));
  return found.map((r) => r.uid);
}

export interface SearchRowRecord {
  uid: string;
  phoenix_id: string | number;
  first_name: string;
  last_name: string;
  email: string | null;
  user_type: number;
  country_id: number;
  account_status: number;
  sponsor_id: string | number;
  member_expiration_date_utc: string | Date | null;
  sponsor_uid: string | null;
  sponsor_first_name: string | null;
  sponsor_last_name: string | null;
  /** JSON text: [{orderDate, orderExpiration, signed, declined}]. */
  terms: string;
  enrollingConsultant: boolean;
  enrollingMember: boolean;
  host: boolean;
}

/** The result rows for these uids (any order): sponsor and membership terms records with them. */
export async function searchRows(db: Db, uids: readonly string[]): Promise<SearchRowRecord[]> {
  if (uids.length === 0) return [];
  // The derived types' SQL reads the account row as `a`.
  const a = alias(accounts, 'a');
  const s = alias(accounts, 's');
  return db
    .select({
      uid: a.uid,
      phoenix_id: a.phoenixId,
      first_name: a.firstName,
      last_name: a.lastName,
      email: a.email,
      user_type: a.userType,
      country_id: a.countryId,
      account_status: a.accountStatus,
      sponsor_id: a.sponsorId,
      member_expiration_date_utc: a.memberExpirationDateUtc,
      sponsor_uid: s.uid,
      sponsor_first_name: s.firstName,
      sponsor_last_name: s.lastName,
      terms: sql<string>`coalesce((select json_agg(json_build_object('orderDate', t.order_date,
                                                                     'orderExpiration', t.order_expiration,
                                                                     'signed', t.signed, 'declined', t.declined))
                                     from terms_records t where t.account_uid = a.uid), '[]')::text`,
      enrollingConsultant: sql<boolean>`${derivedTypeSql('enrollingConsultant')}`,
      enrollingMember: sql<boolean>`${derivedTypeSql('enrollingMember')}`,
      host: sql<boolean>`${derivedTypeSql('host')}`,
    })
    .from(a)
    .leftJoin(s, eq(s.phoenixId, a.sponsorId))
    .where(inArray(a.uid, [...uids]));
}

export interface ConsultantRecord {
  uid: string;
  phoenix_id: string | number;
  first_name: string;
  last_name: string;
  email: string | null;
  country_id: number;
  user_type: number;
}

export async function consultantRows(db: Db, uids: readonly string[]): Promise<ConsultantRecord[]> {
  if (uids.length === 0) return [];
  return db
    .select({
      uid: accounts.uid,
      phoenix_id: accounts.phoenixId,
      first_name: accounts.firstName,
      last_name: accounts.lastName,
      email: accounts.email,
      country_id: accounts.countryId,
      user_type: accounts.userType,
    })
    .from(accounts)
    .where(inArray(accounts.uid, [...uids]));
}
