import { orderNumberLabel } from '@domain/customers/order-status';
import type { Dashboard } from '@domain/platform/dashboard';
import { PACIFIC_TIME_ZONE } from '@domain/reference/constants';
import { ORDER_STATES, PENDING_RETURN_STATUS } from '@domain/reference/lists';
import { and, desc, eq, gte, isNull, sql } from 'drizzle-orm';
import { accounts, changeEvents, failedOrders, orders, refunds, returns, staffUsers } from '../../db/schema';
import type { AppContext } from '../../platform/context';
import { rows } from '../../platform/db';

const DAYS = 14;

/** The business day starts at midnight Pacific time. */
const dayStart = sql`(date_trunc('day', now() at time zone ${PACIFIC_TIME_ZONE}) at time zone ${PACIFIC_TIME_ZONE})`;

export async function dashboard(ctx: AppContext): Promise<Dashboard> {
  const db = ctx.readDb;
  // Raw SQL: a SELECT without a FROM (the Pacific date alone) has no builder form.
  const [today] = await rows<{ d: string }>(
    db,
    sql`select to_char(now() at time zone ${PACIFIC_TIME_ZONE}, 'YYYY-MM-DD') as d`,
  );
  const byState = await db
    .select({ state: sql<number>`${orders.state}::int`, n: sql<number>`count(*)::int` })
    .from(orders)
    .where(gte(orders.dateCreatedUtc, dayStart))
    .groupBy(orders.state);
  const [failed] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(failedOrders)
    .where(isNull(failedOrders.resolvedAt));
  const [pendingReturns] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(returns)
    .where(eq(returns.returnStatus, PENDING_RETURN_STATUS));
  const refundsToday = await db
    .select({
      currency: refunds.currency,
      n: sql<number>`count(*)::int`,
      cents: sql<number>`coalesce(sum(${refunds.amountCents} + ${refunds.pcAmountCents}), 0)::int`,
    })
    .from(refunds)
    .where(and(gte(refunds.timestamp, dayStart), eq(refunds.status, 'processed')))
    .groupBy(refunds.currency)
    .orderBy(refunds.currency);
  const countsPerDay = db
    .select({
      day: sql`(${orders.dateCreatedUtc} at time zone ${PACIFIC_TIME_ZONE})::date`.as('day'),
      state: orders.state,
      n: sql`count(*)`.as('n'),
    })
    .from(orders)
    .where(gte(orders.dateCreatedUtc, sql`${dayStart} - make_interval(days => ${DAYS - 1})`))
    .groupBy(sql`1`, sql`2`)
    .as('per_day');
  const perDay = await db
    .select({
      d: sql<string>`${countsPerDay.day}::text`,
      state: sql<number>`${countsPerDay.state}::int`,
      n: sql<number>`${countsPerDay.n}::int`,
    })
    .from(countsPerDay)
    .orderBy(sql`1`);
  // The subject's name comes from its record: staff-log is keyed by staff user id, account-log
  // by account uid (spec 1 §3), orders-log by the order document id, named by the number staff
  // read (F/X + order number, spec 2 §2), never by that id; other collections have no name.
  const latest = db
    .select()
    .from(changeEvents)
    .orderBy(desc(changeEvents.dateChangedUtc), desc(changeEvents.id))
    .limit(15)
    .as('c');
  const activity = await db
    .select({
      id: sql<number>`${latest.id}::int`,
      collection: latest.collection,
      entity_id: latest.entityId,
      action: latest.action,
      changed_by: latest.changedBy,
      changed_by_name: latest.changedByName,
      date_changed_utc: latest.dateChangedUtc,
      changes: sql<number>`jsonb_array_length(${latest.differences})::int`,
      subject_name: sql<
        string | null
      >`coalesce(${staffUsers.name}, nullif(trim(concat_ws(' ', ${accounts.firstName}, ${accounts.lastName})), ''))`,
      order_id: sql<number | null>`${orders.orderId}::int`,
      customer_user_type: sql<number | null>`${orders.customerUserType}::int`,
    })
    .from(latest)
    .leftJoin(
      staffUsers,
      and(eq(latest.collection, 'staff-log'), sql`${staffUsers.id}::text = ${latest.entityId}`),
    )
    .leftJoin(accounts, and(eq(latest.collection, 'account-log'), eq(accounts.uid, latest.entityId)))
    .leftJoin(orders, and(eq(latest.collection, 'orders-log'), eq(orders.id, latest.entityId)))
    .orderBy(desc(latest.dateChangedUtc), desc(latest.id));

  const counts = new Map(byState.map((r) => [r.state, r.n]));
  const days: Dashboard['ordersByDay'] = [];
  const todayDate = new Date(`${today!.d}T12:00:00Z`);
  for (let i = DAYS - 1; i >= 0; i--) {
    const date = new Date(todayDate.getTime() - i * 86_400_000).toISOString().slice(0, 10);
    const entries = perDay.filter((r) => r.d === date);
    days.push({
      date,
      byState: Object.fromEntries(entries.map((r) => [String(r.state), r.n])),
      count: entries.reduce((sum, r) => sum + r.n, 0),
    });
  }
  return {
    today: today!.d,
    ordersToday: ORDER_STATES.filter((s) => counts.has(s.id)).map((s) => ({
      state: s.id,
      name: s.name,
      count: counts.get(s.id)!,
    })),
    ordersTodayTotal: byState.reduce((sum, r) => sum + r.n, 0),
    failedOrdersWaiting: failed?.n ?? 0,
    pendingReturns: pendingReturns?.n ?? 0,
    refundsToday: {
      count: refundsToday.reduce((sum, r) => sum + r.n, 0),
      byCurrency: refundsToday.map((r) => ({ currency: r.currency, amountCents: r.cents })),
    },
    ordersByDay: days,
    recentActivity: activity.map((a) => ({
      id: a.id,
      collection: a.collection,
      entityId: a.entity_id,
      subjectName:
        a.order_id !== null ? orderNumberLabel(a.order_id, a.customer_user_type ?? 0) : a.subject_name,
      action: a.action,
      changedBy: a.changed_by,
      changedByName: a.changed_by_name,
      dateChangedUtc: new Date(a.date_changed_utc).toISOString(),
      changes: a.changes,
    })),
  };
}
