import type { DownlineNode, GenealogyTree } from '@domain/customers/customer';
import { sql } from 'drizzle-orm';
import { type DbOrTx, rows } from '../../platform/db';

// Sponsor and enroller downlines with recursive CTEs (docs/decisions/004-genealogy.md). Parents are
// phoenixIds; the company (1) may point at itself, so a node is never its own child.

const PARENT = { sponsor: sql.raw('sponsor_id'), enroller: sql.raw('enroller_id') } as const;

/**
 * Accounts directly below, and the whole downline up to `cap` (UNION keeps a cycle from looping; the
 * recursion is evaluated lazily, so the cap also bounds the work for the top of a large company).
 */
export async function downlineCounts(
  db: DbOrTx,
  tree: GenealogyTree,
  phoenixId: number,
  cap: number,
): Promise<{ direct: number; total: number; capped: boolean }> {
  const parent = PARENT[tree];
  // Raw SQL: a recursive CTE (the downline walk) has no builder form.
  const [r] = await rows<{ direct: number; total: number }>(
    db,
    sql`with recursive down(phoenix_id) as (
          select phoenix_id from accounts where ${parent} = ${phoenixId} and phoenix_id <> ${phoenixId}
          union
          select a.phoenix_id from accounts a join down d on a.${parent} = d.phoenix_id
          where a.phoenix_id <> ${phoenixId}
        )
        select (select count(*) from accounts where ${parent} = ${phoenixId} and phoenix_id <> ${phoenixId})::int as direct,
               (select count(*) from (select 1 from down limit ${cap + 1}) counted)::int as total`,
  );
  const total = r?.total ?? 0;
  return { direct: r?.direct ?? 0, total: Math.min(total, cap), capped: total > cap };
}

interface NodeSqlRow {
  uid: string;
  phoenix_id: number;
  parent: number;
  level: number;
  first_name: string;
  last_name: string;
  user_type: number;
  country_id: number;
  account_status: number;
  direct_count: number;
}

/** The downline a few levels deep (depth bounds the walk), at most `limit` rows, level by level. */
export async function downlineNodes(
  db: DbOrTx,
  tree: GenealogyTree,
  phoenixId: number,
  depth: number,
  limit: number,
): Promise<DownlineNode[]> {
  const parent = PARENT[tree];
  // Raw SQL: a recursive CTE (the downline walk, level by level) has no builder form.
  const found = await rows<NodeSqlRow>(
    db,
    sql`with recursive down(phoenix_id, parent, level) as (
          select phoenix_id, ${parent}, 1 from accounts where ${parent} = ${phoenixId} and phoenix_id <> ${phoenixId}
          union all
          select a.phoenix_id, a.${parent}, d.level + 1 from accounts a join down d on a.${parent} = d.phoenix_id
          where d.level < ${depth} and a.phoenix_id <> d.phoenix_id
        )
        select a.uid, a.phoenix_id::float8 as phoenix_id, d.parent::float8 as parent, d.level::int as level,
          a.first_name, a.last_name, a.user_type::int as user_type, a.country_id::int as country_id,
          a.account_status::int as account_status,
          (select count(*) from accounts c where c.${parent} = a.phoenix_id and c.phoenix_id <> a.phoenix_id)::int
            as direct_count
        from down d join accounts a on a.phoenix_id = d.phoenix_id
        order by d.level, lower(a.last_name), lower(a.first_name), a.phoenix_id
        limit ${limit}`,
  );
  return found.map((r) => ({
    uid: r.uid,
    phoenixId: Number(r.phoenix_id),
    parentPhoenixId: Number(r.parent),
    level: r.level,
    fullName: `${r.first_name} ${r.last_name}`,
    userType: r.user_type,
    countryId: r.country_id,
    accountStatus: r.account_status,
    directCount: r.direct_count,
  }));
}
