import { en, en_US, Faker } from '@faker-js/faker';
import { type Db, rows } from '@server/platform/db';
import { sql } from 'drizzle-orm';
import { Rng } from './rng';

// Accounts only, in bulk, for the customer search benchmark (a company of a million accounts):
// `INSERT … SELECT generate_series` inside the database, names drawn from the generator's own
// name lists. Deterministic: the same seed, size and `now` give the same rows. The per-account
// generator (orders, credit, popups …) writes ~40 rows per account and needs half an hour for a
// million; this writes only `accounts` and `terms_records`, at tens of thousands of rows a second.
//
// Shape: one account, `DOWNLINE_ROOT_UID`, heads a sponsor downline of exactly `downline`
// accounts (a random recursive tree below it); every other bulk account is sponsored by the
// company (5 %) or by an earlier bulk account outside that downline.

export const DOWNLINE_ROOT_UID = 'BULKDOWNLINEROOT000000000000';
const STREAM_NAMES = 9_101;
/** Statements of this many accounts each: a progress step, and a bounded transaction. */
const STEP = 100_000;

export interface BulkOptions {
  count: number;
  seed: number;
  now: Date;
  /** Size of the downline of the root account (0: none). */
  downline: number;
  log?: (message: string) => void;
}

export interface BulkSummary {
  firstPhoenixId: number;
  count: number;
  downlineRootPhoenixId: number | null;
  seconds: number;
}

const literal = (s: string) => `'${s.replaceAll("'", "''")}'`;
const arrayLiteral = (items: readonly string[]) => `array[${items.map(literal).join(',')}]::text[]`;

/** The generator's name lists in a seeded order: position decides how common a name is. */
function shuffled(items: readonly string[], rng: Rng): string[] {
  const out = [...new Set(items)];
  for (let i = out.length - 1; i > 0; i--) {
    const j = rng.int(0, i);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

function nameLists(seed: number) {
  const names = new Faker({ locale: [en_US, en] }).definitions.person;
  const first = names?.first_name as unknown as Record<string, string[]>;
  const last = names?.last_name as unknown as Record<string, string[]>;
  const rng = new Rng(seed, STREAM_NAMES);
  return {
    female: shuffled([...(first.female ?? []), ...(first.generic ?? [])], rng),
    male: shuffled([...(first.male ?? []), ...(first.generic ?? [])], rng),
    last: shuffled(Object.values(last).flat(), rng),
  };
}

/** Indexes on accounts other than its primary key: dropped for the load, rebuilt after it. */
async function accountIndexes(db: Db): Promise<{ name: string; def: string }[]> {
  return rows<{ name: string; def: string }>(
    db,
    sql`select indexname as name, indexdef as def from pg_indexes
         where schemaname = current_schema() and tablename = 'accounts' and indexname <> 'accounts_pkey'`,
  );
}

export async function addBulkAccounts(db: Db, options: BulkOptions): Promise<BulkSummary> {
  const started = performance.now();
  const log = options.log ?? (() => {});
  const lists = nameLists(options.seed);
  const [max] = await rows<{ max: string | null }>(
    db,
    sql`select max(phoenix_id)::text as max from accounts`,
  );
  const first = Math.max(100_001, Number(max?.max ?? 0) + 1);
  const downline = Math.min(options.downline, Math.max(0, options.count - 1));
  // Bulk index i (0-based) has phoenixId first + i. i = 0 is the downline root, 1 … downline its
  // downline, the rest everyone else.
  const rest = first + downline + 1;
  const seed = String(options.seed);
  const now = options.now.toISOString();

  const indexes = await accountIndexes(db);
  for (const index of indexes) await db.execute(sql.raw(`drop index if exists "${index.name}"`));
  try {
    for (let from = 0; from < options.count; from += STEP) {
      const to = Math.min(options.count, from + STEP) - 1;
      await db.execute(
        sql.raw(`
        insert into accounts (uid, phoenix_id, first_name, last_name, email, user_type, gender_id, country_id,
                              sponsor_id, enroller_id, enrollment_date_utc, member_expiration_date_utc,
                              account_status, t_and_c_accepted, created_at, updated_at)
        select uid, phoenix_id, first_name, last_name,
               case when u_email < 0.97 then
                 lower(regexp_replace(first_name, '[^A-Za-z]', '', 'g')) || '.' ||
                 lower(regexp_replace(last_name, '[^A-Za-z]', '', 'g')) ||
                 case when u_email < 0.5 then '' else (i % 997)::text end || '@' ||
                 (array['example.com','example.net','example.org'])[1 + (i % 3)]
               end,
               user_type, gender_id, country_id, sponsor_id, sponsor_id, enrolled,
               case when user_type = 2 and u_member < 0.8 then enrolled + interval '1 year' * (1 + floor(u_member * 10)) end,
               case when u_status < 0.03 then 2 else 1 end,
               user_type = 1, enrolled, enrolled
          from (
            select i, ${first} + i as phoenix_id,
                   case when i = 0 then '${DOWNLINE_ROOT_UID}'
                        else 'BK' || upper(substr(md5(${literal(seed)} || ':uid:' || i), 1, 26)) end as uid,
                   case when u_gender < 0.86 then f.female[1 + floor(array_length(f.female, 1) * u_first ^ 1.8)::int]
                        else f.male[1 + floor(array_length(f.male, 1) * u_first ^ 1.8)::int] end as first_name,
                   f.last[1 + floor(array_length(f.last, 1) * u_last ^ 1.8)::int] as last_name,
                   case when u_gender < 0.86 then 1 else 2 end as gender_id,
                   case when i <= ${downline} or u_type < 0.30 then 1 when u_type < 0.45 then 2
                        when u_type < 0.85 then 3 when u_type < 0.87 then 4 when u_type < 0.95 then 5 else 7 end
                     as user_type,
                   case when u_country < 0.2 then 2 else 1 end as country_id,
                   case when i = 0 then 1
                        when i <= ${downline} then
                          case when i <= 20 then ${first} else ${first} + 1 + floor(u_sponsor * (i - 1))::int end
                        when u_company < 0.05 or ${first} + i = ${rest} then 1
                        else ${rest} + floor(u_sponsor * (${first} + i - ${rest}))::int end as sponsor_id,
                   timestamptz ${literal(now)} - interval '1 day' * floor(2900 * (1 - (i + 0.5) / ${options.count}) ^ 1.6)
                     as enrolled,
                   u_email, u_member, u_status
              from (
                select i, h1, h2,
                       ('x' || substr(h1, 1, 8))::bit(32)::bigint / 4294967296.0 as u_first,
                       ('x' || substr(h1, 9, 8))::bit(32)::bigint / 4294967296.0 as u_last,
                       ('x' || substr(h1, 17, 8))::bit(32)::bigint / 4294967296.0 as u_type,
                       ('x' || substr(h1, 25, 8))::bit(32)::bigint / 4294967296.0 as u_sponsor,
                       ('x' || substr(h2, 1, 8))::bit(32)::bigint / 4294967296.0 as u_gender,
                       ('x' || substr(h2, 9, 8))::bit(32)::bigint / 4294967296.0 as u_country,
                       ('x' || substr(h2, 17, 8))::bit(32)::bigint / 4294967296.0 as u_email,
                       ('x' || substr(h2, 25, 4))::bit(16)::int / 65536.0 as u_member,
                       ('x' || substr(h2, 29, 2))::bit(8)::int / 256.0 as u_status,
                       ('x' || substr(h2, 31, 2))::bit(8)::int / 256.0 as u_company
                  from (select i, md5(${literal(seed)} || ':a:' || i) as h1, md5(${literal(seed)} || ':b:' || i) as h2
                          from generate_series(${from}, ${to}) as i) g
              ) h,
              (select ${arrayLiteral(lists.female)} as female, ${arrayLiteral(lists.male)} as male,
                      ${arrayLiteral(lists.last)} as last) f
          ) a`),
      );
      log(`  bulk accounts: ${(to + 1).toLocaleString('en-US')} of ${options.count.toLocaleString('en-US')}`);
    }
    // Members' terms records: signed for those with an expiration date, else pending, expired or declined.
    await db.execute(
      sql.raw(`
      insert into terms_records (account_uid, order_date, order_expiration, signed, declined)
      select uid, enrollment_date_utc, enrollment_date_utc + interval '30 days',
             member_expiration_date_utc is not null, member_expiration_date_utc is null and phoenix_id % 3 = 0
        from accounts
       where phoenix_id >= ${first} and user_type = 2`),
    );
  } finally {
    log(`  rebuilding ${indexes.length} indexes on accounts…`);
    for (const index of indexes) await db.execute(sql.raw(index.def));
  }
  await db.execute(sql`analyze accounts`);
  await db.execute(sql`analyze terms_records`);
  return {
    firstPhoenixId: first,
    count: options.count,
    downlineRootPhoenixId: downline > 0 ? first : null,
    seconds: Math.round((performance.now() - started) / 100) / 10,
  };
}
