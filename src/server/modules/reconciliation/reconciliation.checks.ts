import type { DiscrepancyKind, ReconciliationThresholds } from '@domain/reconciliation/reconciliation';
import { type SQL, sql } from 'drizzle-orm';

// The money invariants reconciliation checks (ADR 025), one set-based query each. Every query
// answers rows of the same shape — record_type, record_id, order_id, customer_uid, country,
// currency, expected_cents, actual_cents, details — at most one row per record, so the run can
// upsert them in one statement. `now` is the run's clock (a parameter, so tests can set it).
// A check that does not read orders anyway leaves customer_uid to the screen (from the order):
// joining 5,000,000 orders for the few rows found would cost more than the check itself.

export interface CheckInput {
  now: Date;
  thresholds: ReconciliationThresholds;
}

/** Payment states of an order whose money was taken (captured, possibly refunded since). */
const PAID = sql`('captured', 'partially_refunded', 'refunded')`;

/** A refund card leg's state; legs written before per-leg states follow their refund's status. */
const LEG_STATE = sql`coalesce(leg->>'status', case r.status when 'processed' then 'succeeded' when 'failed' then 'failed' else 'pending' end)`;

/** `card ending 1234`, `alternative payment`, `product credit`: how a payment reads in details. */
const paymentWords = (p: string) =>
  sql.raw(`case ${p}.method when 'productCredit' then 'product credit'
      when 'alternative' then 'alternative payment'
      else coalesce(${p}.brand, 'card') || coalesce(' ending ' || right(${p}.account_number, 4), '') end`);

/**
 * Captured (or paid, later refunded) orders whose captured payments do not add up to what they
 * charge. Both sides are read from their indexes in order id order and merged (orders_paid_totals_idx,
 * order_payments_order_idx); only the orders found are read for their customer and currency.
 */
const capturedTotal = () => sql`
  with mismatched as (
    select o.id, o.grand_total_cents::bigint as grand_total, o.applied_credit_cents::bigint as applied_credit,
           coalesce(paid.cards, 0) as cards, coalesce(paid.credit, 0) as credit
    from orders o
    left join (
      select order_id,
             coalesce(sum(amount_cents) filter (where method <> 'productCredit'), 0)::bigint as cards,
             coalesce(sum(amount_cents) filter (where method = 'productCredit'), 0)::bigint as credit
      from order_payments where state = 'captured' group by order_id
    ) paid on paid.order_id = o.id
    where o.payment_state in ${PAID}
      and (coalesce(paid.cards, 0) <> o.grand_total_cents or coalesce(paid.credit, 0) <> o.applied_credit_cents)
  )
  select 'order' as record_type, f.id as record_id, f.id as order_id, d.customer_uid, null as country, d.currency,
         case when f.cards <> f.grand_total then f.grand_total else f.applied_credit end as expected_cents,
         case when f.cards <> f.grand_total then f.cards else f.credit end as actual_cents,
         case when f.cards <> f.grand_total
              then 'The captured card and alternative payments do not add up to the order''s grand total.'
              else 'The product credit taken does not match the credit applied to the order.' end as details
  from mismatched f
  -- offset 0: one lookup per order found, never a hash of every order.
  cross join lateral (select customer_uid, currency from orders where id = f.id offset 0) d`;

/**
 * Refunds above what was paid: on one payment (its refunded amount, or the refund legs not failed
 * against it), or on the whole order (every refund record, cards and product credit, against
 * every captured payment). Only refunded orders' payments are read for the legs and the totals.
 */
const overRefund = () => sql`
  with legs as (
    select leg->>'transactionId' as transaction_id, sum((leg->>'refundAmount')::bigint) as cents
    from refunds r cross join lateral jsonb_array_elements(r.cards) leg
    where ${LEG_STATE} <> 'failed'
    group by 1
  ), by_order as (
    select order_id, sum(amount_cents + pc_amount_cents)::bigint as cents from refunds group by order_id
  ), paid as materialized (
    -- By index, order by order (offset 0 keeps the planner from hashing every payment instead).
    select p.* from by_order b cross join lateral (select * from order_payments where order_id = b.order_id offset 0) p
  ), paid_by_order as (
    select order_id, max(currency) as currency,
           coalesce(sum(amount_cents) filter (where state = 'captured'), 0)::bigint as cents
    from paid group by order_id
  )
  select 'payment' as record_type, p.id::text as record_id, p.order_id, null as customer_uid, null as country, p.currency,
         p.amount_cents::bigint as expected_cents, p.refunded_cents::bigint as actual_cents,
         'Refunded more than the ' || ${paymentWords('p')} || ' took.' as details
  from order_payments p
  where p.refunded_cents > p.amount_cents
  union all
  select 'payment', p.id::text, p.order_id, null, null, p.currency, p.amount_cents::bigint, l.cents::bigint,
         'Refunds not failed against the ' || ${paymentWords('p')} || ' add up to more than it took.'
  from paid p
  join legs l on l.transaction_id = p.transaction_id
  where p.method <> 'productCredit' and l.cents > p.amount_cents and p.refunded_cents <= p.amount_cents
  union all
  select 'order', b.order_id, b.order_id, null, null, t.currency, coalesce(t.cents, 0), b.cents,
         'The order''s refunds add up to more than its payments took.'
  from by_order b
  left join paid_by_order t on t.order_id = b.order_id
  where b.cents > coalesce(t.cents, 0)`;

/**
 * The built-in gateway's ledger against the orders' payments (ADR 013): each captured card or
 * alternative payment has its gateway transaction, which captured what the payment says and
 * refunded what the payment says; and money the gateway took is on an order as a captured
 * payment. Orders with a refund still pending are left to the stale-refund check (legs in flight).
 */
const gatewayLedger = ({ now, thresholds }: CheckInput) => sql`
  with children as (
    select parent_transaction_id as id,
           sum(amount_cents) filter (where kind = 'capture') as captured,
           sum(amount_cents) filter (where kind = 'refund') as refunded
    from payment_transactions
    where parent_transaction_id is not null and status = 'succeeded' and kind in ('capture', 'refund')
    group by parent_transaction_id
  ), gateway as (
    select t.id, t.order_id, t.currency, t.created_at,
           (case when t.kind = 'charge' then t.amount_cents else coalesce(c.captured, 0) end)::bigint as captured,
           coalesce(c.refunded, 0)::bigint as refunded
    from payment_transactions t left join children c on c.id = t.id
    where t.kind in ('charge', 'authorize') and t.status = 'succeeded'
  ), ledger as (
    select p.id, p.order_id, p.transaction_id, p.amount_cents::bigint as amount, p.refunded_cents::bigint as refunded,
           p.currency, p.method, p.brand, p.account_number
    from order_payments p
    where p.method <> 'productCredit' and p.state = 'captured'
  ), pending as (
    select distinct order_id from refunds where status = 'pending'
  )
  select case when p.id is null then 'gatewayTransaction' else 'payment' end as record_type,
         coalesce(p.id::text, g.id) as record_id, coalesce(p.order_id, g.order_id) as order_id, null as customer_uid,
         null as country, coalesce(p.currency, g.currency) as currency,
         case when p.id is null then 0
              when g.id is null or g.captured <> p.amount then p.amount
              else p.refunded end as expected_cents,
         case when p.id is null then g.captured - g.refunded
              when g.id is null then null
              when g.captured <> p.amount then g.captured
              else g.refunded end as actual_cents,
         case when p.id is null then 'The gateway holds money from this transaction, but no order has it as a captured payment.'
              when g.id is null then 'The ' || ${paymentWords('p')} || ' has no succeeded charge or authorization at the gateway.'
              when g.captured <> p.amount then 'The gateway captured another amount than the ' || ${paymentWords('p')} || ' says.'
              else 'The gateway refunded another amount than the ' || ${paymentWords('p')} || ' says.' end as details
  from ledger p
  full join gateway g on g.id = p.transaction_id
  where (p.id is not null
         and (g.id is null or g.captured <> p.amount or g.refunded <> p.refunded)
         and not exists (select 1 from pending x where x.order_id = p.order_id))
     or (p.id is null and g.captured - g.refunded > 0
         and g.created_at < ${now}::timestamptz - make_interval(mins => ${thresholds.gatewaySettleMinutes}))`;

/**
 * Captured orders that Phoenix has not taken and that are not on Failed orders either, N minutes
 * after their capture: what the export queue and its sweep should never leave behind.
 */
const notExported = ({ now, thresholds }: CheckInput) => sql`
  select 'order' as record_type, o.id as record_id, o.id as order_id, o.customer_uid, null as country, o.currency,
         null::bigint as expected_cents, o.grand_total_cents::bigint as actual_cents,
         case when d.order_id is null then 'Captured, but never queued for Phoenix.'
              when d.status = 'pending' then 'Still queued for Phoenix after ' || d.attempts || ' attempt(s).'
              when d.status = 'failed' then 'Its Phoenix export failed, but it is not on Failed orders.'
              when d.status = 'exported' then 'Marked exported, but it has no Phoenix order id.'
              else 'Its Phoenix export was cancelled while the order stands.' end as details
  from orders o
  left join downstream_exports d on d.order_id = o.id
  where o.collection = 'invoices' and o.phoenix_order_id is null and o.date_captured_utc is not null
    and o.cancellation is null and o.state not in (7, 14)
    and o.date_captured_utc < ${now}::timestamptz - make_interval(mins => ${thresholds.exportGraceMinutes})
    and not exists (select 1 from failed_orders f where f.order_id = o.id and f.resolved_at is null)`;

/** Every credit balance (and every account and country with ledger entries) against the sum of its ledger (ADR 006). */
const creditLedger = () => sql`
  select 'productCredit' as record_type, k.account_uid || ':' || k.country as record_id, null as order_id,
         k.account_uid as customer_uid, k.country, case k.country when 'ca' then 'CAD' else 'USD' end as currency,
         k.ledger as expected_cents, k.balance as actual_cents,
         case when k.has_balance then 'The balance is not the sum of its ledger entries.'
              else 'Ledger entries without a balance.' end as details
  from (
    select coalesce(b.account_uid, l.account_uid) as account_uid, coalesce(b.country, l.country) as country,
           coalesce(b.balance_cents, 0)::bigint as balance, coalesce(l.total, 0)::bigint as ledger,
           b.account_uid is not null as has_balance
    from product_credit b
    full join (
      select account_uid, country, sum(amount_cents) as total from product_credit_ledger group by account_uid, country
    ) l on l.account_uid = b.account_uid and l.country = b.country
  ) k
  where k.balance <> k.ledger`;

/**
 * Every credit balance against what is left on its grants still usable (never expiring, or
 * expiring after now); and no entry holds more than it granted, nor a debit anything.
 */
const creditRemaining = ({ now }: CheckInput) => sql`
  select 'productCredit' as record_type, k.account_uid || ':' || k.country as record_id, null as order_id,
         k.account_uid as customer_uid, k.country, case k.country when 'ca' then 'CAD' else 'USD' end as currency,
         k.usable as expected_cents, k.balance as actual_cents,
         case when k.bad > 0 then 'A ledger entry has more left than it granted, or a debit has credit left.'
              when k.balance = k.usable + k.expired then 'The balance still counts credit that has expired (no lapse entry).'
              else 'The balance is not what is left on its grants.' end as details
  from (
    select coalesce(b.account_uid, l.account_uid) as account_uid, coalesce(b.country, l.country) as country,
           coalesce(b.balance_cents, 0)::bigint as balance, coalesce(l.usable, 0)::bigint as usable,
           coalesce(l.expired, 0)::bigint as expired, coalesce(l.bad, 0) as bad
    from product_credit b
    full join (
      select account_uid, country,
             sum(remaining_value_cents) filter (where amount_cents > 0 and (does_not_expire or expiration_date is null
                                                  or expiration_date > ${now}::timestamptz)) as usable,
             sum(remaining_value_cents) filter (where amount_cents > 0 and not does_not_expire
                                                  and expiration_date <= ${now}::timestamptz) as expired,
             count(*) filter (where remaining_value_cents < 0 or remaining_value_cents > greatest(amount_cents, 0)) as bad
      from product_credit_ledger group by account_uid, country
    ) l on l.account_uid = b.account_uid and l.country = b.country
  ) k
  where k.balance <> k.usable or k.bad > 0`;

/**
 * Refunds still pending once their worker's lease is over (ADR 014): the idempotency key's lease
 * when the key is still kept, else the refund's time plus the lease. Nobody is finishing them.
 */
const staleRefund = ({ now, thresholds }: CheckInput) => sql`
  select 'refund' as record_type, r.id as record_id, r.order_id, null as customer_uid, null as country, r.currency,
         null::bigint as expected_cents, (r.amount_cents + r.pc_amount_cents)::bigint as actual_cents,
         'Pending since ' || to_char(r.timestamp at time zone 'UTC', 'YYYY-MM-DD HH24:MI') || ' UTC; nobody holds its lease.' as details
  from refunds r
  left join idempotency_keys k on k.scope = 'refund' and k.key = r.idempotency_key
  where r.status = 'pending'
    and coalesce(k.lease_until, r.timestamp + make_interval(secs => ${thresholds.refundLeaseSeconds})) < ${now}::timestamptz`;

export interface Check {
  query: (input: CheckInput) => SQL;
  /**
   * PostgreSQL `work_mem` for the check's transaction when its plan hashes whole tables: in memory
   * rather than in batches on disk. Left at the server's setting otherwise (capturedTotal merges
   * two indexes, which a large work_mem would make the planner trade for a slower hash).
   */
  workMem?: string;
}

/** Every check by kind, in the order runs take them. */
export const CHECKS: Record<DiscrepancyKind, Check> = {
  capturedTotal: { query: capturedTotal },
  overRefund: { query: overRefund },
  gatewayLedger: { query: gatewayLedger, workMem: '512MB' },
  notExported: { query: notExported },
  creditLedger: { query: creditLedger },
  creditRemaining: { query: creditRemaining },
  staleRefund: { query: staleRefund },
};
