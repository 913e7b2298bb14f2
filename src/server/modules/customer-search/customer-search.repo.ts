import { type SQL, sql } from 'drizzle-orm';
import { type Db, type DbOrTx, rows } from '../../platform/db';
import { FUZZY_FULL_THRESHOLD, FUZZY_WORD_THRESHOLD, prefixUpperBound, type SearchTier } from './search-plan';

// Customer search queries (spec 1 §2, §7). Every tier is an index-ordered scan:
// - names: btree (lower(last_name) collate "C", lower(first_name) collate "C", phoenix_id) and
//   (lower(first_name) …, lower(last_name) …, phoenix_id); prefixes are index ranges, so even a
//   one-letter prefix reads only the rows of the page;
// - emails: btree (lower(email) collate "C", phoenix_id);
// - typos: the pg_trgm GIN index on lower(first_name || ' ' || last_name) with `<%` / `%`;
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
  fuzzy: boolean;
}

function tierSql(tier: SearchTier): TierSql {
  switch (tier.kind) {
    case 'emailExact':
      return { where: sql`${EMAIL} = ${tier.email}`, order: sql`${EMAIL}, a.phoenix_id`, fuzzy: false };
    case 'emailPrefix':
      return { where: startsWith(EMAIL, tier.prefix), order: sql`${EMAIL}, a.phoenix_id`, fuzzy: false };
    case 'lastExact':
      return { where: sql`${LAST} = ${tier.last}`, order: BY_LAST, fuzzy: false };
    case 'firstExact':
      return { where: sql`${FIRST} = ${tier.first}`, order: BY_FIRST, fuzzy: false };
    case 'lastPrefix':
      return { where: startsWith(LAST, tier.last), order: BY_LAST, fuzzy: false };
    case 'firstPrefix':
      return { where: startsWith(FIRST, tier.first), order: BY_FIRST, fuzzy: false };
    case 'fullExact':
      return {
        where: sql`(${FIRST} = ${tier.first} and ${LAST} = ${tier.last})`,
        order: BY_FIRST,
        fuzzy: false,
      };
    case 'firstExactLastPrefix':
      return {
        where: sql`(${FIRST} = ${tier.first} and ${startsWith(LAST, tier.last)})`,
        order: BY_FIRST,
        fuzzy: false,
      };
    case 'bothPrefix':
      return {
        where: sql`(${startsWith(FIRST, tier.first)} and ${startsWith(LAST, tier.last)})`,
        order: BY_FIRST,
        fuzzy: false,
      };
    case 'fuzzyWord':
      return {
        where: sql`${tier.text} <% ${FULL_NAME}`,
        order: sql`word_similarity(${tier.text}, ${FULL_NAME}) desc, ${BY_LAST}`,
        fuzzy: true,
      };
    case 'fuzzyFull':
      return {
        where: sql`${FULL_NAME} % ${tier.text}`,
        order: sql`similarity(${FULL_NAME}, ${tier.text}) desc, ${BY_LAST}`,
        fuzzy: true,
      };
  }
}

/** Restricts every tier (quick search: consultants of one country). */
export interface SearchFilter {
  userType?: number;
  countryId?: number;
}

function filterSql(filter: SearchFilter): SQL[] {
  const parts: SQL[] = [];
  if (filter.userType !== undefined) parts.push(sql`a.user_type = ${filter.userType}`);
  if (filter.countryId !== undefined) parts.push(sql`a.country_id = ${filter.countryId}`);
  return parts;
}

/** The trigram thresholds hold for this transaction only (set_config … is_local). */
async function withTrigramThresholds<T>(db: Db, run: (tx: DbOrTx) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(
      sql`select set_config('pg_trgm.word_similarity_threshold', ${String(FUZZY_WORD_THRESHOLD)}, true),
                 set_config('pg_trgm.similarity_threshold', ${String(FUZZY_FULL_THRESHOLD)}, true)`,
    );
    return run(tx);
  });
}

/**
 * Uids of rows `skip` … `skip + take` of the ranked result: tier by tier, each tier without the
 * rows of the tiers before it. A tier that lies wholly before the page is only counted (capped
 * at what is left to skip), never read out.
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
  for (const tier of tiers) {
    if (found.length >= take) break;
    const t = tierSql(tier);
    const where = sql.join([...base, t.where, ...earlier.map((w) => sql`(${w}) is not true`)], sql` and `);
    earlier.push(t.where);
    const read = async (q: DbOrTx) => {
      if (toSkip > 0) {
        const [counted] = await rows<{ n: number }>(
          q,
          sql`select count(*)::int as n from (select 1 from accounts a where ${where} limit ${toSkip}) x`,
        );
        const n = counted?.n ?? 0;
        if (n < toSkip) {
          toSkip -= n;
          return;
        }
      }
      const page = await rows<{ uid: string }>(
        q,
        sql`select a.uid from accounts a where ${where} order by ${t.order} limit ${take - found.length} offset ${toSkip}`,
      );
      toSkip = 0;
      for (const r of page) found.push(r.uid);
    };
    if (t.fuzzy) await withTrigramThresholds(db, read);
    else await read(db);
  }
  return found;
}

export async function uidByPhoenixId(db: Db, phoenixId: number, filter: SearchFilter): Promise<string[]> {
  const where = sql.join([sql`a.phoenix_id = ${phoenixId}`, ...filterSql(filter)], sql` and `);
  const found = await rows<{ uid: string }>(db, sql`select a.uid from accounts a where ${where}`);
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
}

/** The result rows for these uids (any order): sponsor and membership terms records with them. */
export async function searchRows(db: Db, uids: readonly string[]): Promise<SearchRowRecord[]> {
  if (uids.length === 0) return [];
  return rows<SearchRowRecord>(
    db,
    sql`select a.uid, a.phoenix_id, a.first_name, a.last_name, a.email, a.user_type, a.country_id,
               a.account_status, a.sponsor_id, a.member_expiration_date_utc,
               s.uid as sponsor_uid, s.first_name as sponsor_first_name, s.last_name as sponsor_last_name,
               coalesce((select json_agg(json_build_object('orderDate', t.order_date,
                                                           'orderExpiration', t.order_expiration,
                                                           'signed', t.signed, 'declined', t.declined))
                           from terms_records t where t.account_uid = a.uid), '[]')::text as terms
          from accounts a
          left join accounts s on s.phoenix_id = a.sponsor_id
         where a.uid in (${sql.join(
           uids.map((u) => sql`${u}`),
           sql`, `,
         )})`,
  );
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
  return rows<ConsultantRecord>(
    db,
    sql`select a.uid, a.phoenix_id, a.first_name, a.last_name, a.email, a.country_id, a.user_type
          from accounts a
         where a.uid in (${sql.join(
           uids.map((u) => sql`${u}`),
           sql`, `,
         )})`,
  );
}
