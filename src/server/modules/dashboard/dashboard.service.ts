import { orderNumberLabel } from '@domain/customers/order-status';
import type { Dashboard } from '@domain/platform/dashboard';
import { PACIFIC_TIME_ZONE } from '@domain/reference/constants';
import { ORDER_STATES, PENDING_RETURN_STATUS } from '@domain/reference/lists';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../platform/context';
import { rows } from '../../platform/db';

const DAYS = 14;

/** The business day starts at midnight Pacific time. */
const dayStart = sql`(date_trunc('day', now() at time zone ${PACIFIC_TIME_ZONE}) at time zone ${PACIFIC_TIME_ZONE})`;

export async function dashboard(ctx: AppContext): Promise<Dashboard> {
  const db = ctx.readDb;
  const [today] = await rows<{ d: string }>(
    db,
    sql`select to_char(now() at time zone ${PACIFIC_TIME_ZONE}, 'YYYY-MM-DD') as d`,
  );
  const byState = await rows<{ state: number; n: number }>(
    db,
    sql`select state::int as state, count(*)::int as n from orders where date_created_utc >= ${dayStart} group by state`,
  );
  const [failed] = await rows<{ n: number }>(
    db,
    sql`select count(*)::int as n from failed_orders where resolved_at is null`,
  );
  const [pendingReturns] = await rows<{ n: number }>(
    db,
    sql`select count(*)::int as n from returns where return_status = ${PENDING_RETURN_STATUS}`,
  );
  const refunds = await rows<{ currency: string; n: number; cents: number }>(
    db,
    sql`select currency, count(*)::int as n, coalesce(sum(amount_cents + pc_amount_cents), 0)::int as cents
        from refunds where timestamp >= ${dayStart} and status = 'processed' group by currency order by currency`,
  );
  const perDay = await rows<{ d: string; state: number; n: number }>(
    db,
    sql`select day::text as d, state::int as state, n::int as n from (
          select (date_created_utc at time zone ${PACIFIC_TIME_ZONE})::date as day, state, count(*) as n
          from orders where date_created_utc >= ${dayStart} - make_interval(days => ${DAYS - 1})
          group by 1, 2) per_day
        order by 1`,
  );
  const activity = await rows<{
    id: number;
    collection: string;
    entity_id: string;
    subject_name: string | null;
    action: string;
    changed_by: string;
    changed_by_name: string | null;
    date_changed_utc: Date;
    changes: number;
    order_id: number | null;
    customer_user_type: number | null;
  }>(
    db,
    // The subject's name comes from its record: staff-log is keyed by staff user id, account-log
    // by account uid (spec 1 §3), orders-log by the order document id, named by the number staff
    // read (F/X + order number, spec 2 §2), never by that id; other collections have no name.
    sql`select c.id::int as id, c.collection, c.entity_id, c.action, c.changed_by, c.changed_by_name,
          c.date_changed_utc, jsonb_array_length(c.differences)::int as changes,
          coalesce(s.name, nullif(trim(concat_ws(' ', a.first_name, a.last_name)), '')) as subject_name,
          o.order_id::int as order_id, o.customer_user_type::int as customer_user_type
        from (select * from change_events order by date_changed_utc desc, id desc limit 15) c
        left join staff_users s on c.collection = 'staff-log' and s.id::text = c.entity_id
        left join accounts a on c.collection = 'account-log' and a.uid = c.entity_id
        left join orders o on c.collection = 'orders-log' and o.id = c.entity_id
        order by c.date_changed_utc desc, c.id desc`,
  );

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
      count: refunds.reduce((sum, r) => sum + r.n, 0),
      byCurrency: refunds.map((r) => ({ currency: r.currency, amountCents: r.cents })),
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
