import { DERIVED_ACCOUNT_TYPE_KEYS, type DerivedAccountType } from '@domain/customers/account-types';
import { ORDER_STATE, ORDER_TYPE, SKU, USER_TYPE } from '@domain/reference';
import { eq, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { accounts } from '../../db/schema';
import type { DbOrTx } from '../../platform/db';

// The derived account types of spec 1 §1 (src/domain/customers/account-types.ts, ADR 027) as SQL
// over an account row aliased `a`: one rule, read by the account record and by the search filter.

/** An open (not cancelled) cart of the account holding `sku` in any locale, entered or priced. */
const openCartHolding = (sku: string) => sql`exists (
  select 1 from carts c
   where c.uid = a.uid and not c.canceled
     and (jsonb_path_exists(c.cart_instances, '$.*.products[*] ? (@.sku == $sku)', jsonb_build_object('sku', ${sku}::text))
       or jsonb_path_exists(c.cart_instances, '$.*.unpromofiedItems[*] ? (@.sku == $sku)', jsonb_build_object('sku', ${sku}::text))))`;

/** An order of the account still waiting for its terms (spec 2 §3 Pending Terms), not cancelled. */
const awaitingTerms = (which: SQL) => sql`exists (
  select 1 from orders o
   where o.customer_uid = a.uid and o.collection = 'orders' and ${which}
     and o.cancellation is null and o.state <> ${ORDER_STATE.cancelled})`;

export function derivedTypeSql(type: DerivedAccountType): SQL {
  switch (type) {
    case 'enrollingConsultant':
      return sql`(a.user_type <> ${USER_TYPE.consultant} and (${openCartHolding(SKU.enrollmentKit)}
        or ${awaitingTerms(sql`o.order_type = ${ORDER_TYPE.enrollment}`)}))`;
    case 'enrollingMember':
      return sql`((a.user_type <> ${USER_TYPE.member} or a.member_expiration_date_utc is null
          or a.member_expiration_date_utc < now())
        and (${openCartHolding(SKU.memberProgram)} or ${awaitingTerms(sql`o.is_membership`)}))`;
    case 'host':
      // The popup's host, or its owner when it names no other host.
      return sql`exists (select 1 from socials s where s.status = 'open'
        and (s.host_uid = a.uid or (s.host_uid is null and s.uid = a.uid)))`;
  }
}

/** The derived types of one account, in the order of spec 1 §1. */
export async function derivedTypesOf(db: DbOrTx, uid: string): Promise<DerivedAccountType[]> {
  const columns = Object.fromEntries(
    DERIVED_ACCOUNT_TYPE_KEYS.map((key) => [key, sql<boolean>`${derivedTypeSql(key)}`]),
  ) as Record<DerivedAccountType, SQL<boolean>>;
  // The derived types' SQL reads the account row as `a`.
  const a = alias(accounts, 'a');
  const [row] = await db.select(columns).from(a).where(eq(a.uid, uid));
  return row ? DERIVED_ACCOUNT_TYPE_KEYS.filter((key) => row[key] === true) : [];
}
