import { and, eq, gte, sql } from 'drizzle-orm';
import { orders } from '../../db/schema';
import type { JobHandler } from '../../platform/jobs';

// The commission recalculation requested by a change of country (DESIGN §2 commissions): the
// account's personal and commissionable volume of the current month, recomputed from its
// orders and kept as the job's result for the commission run.

export const recalculateCommissions: JobHandler = async (payload, ctx) => {
  const uid = String(payload.accountUid ?? '');
  const [figures] = await ctx.db
    .select({
      orders: sql<number>`count(*)::int`,
      pv: sql<string | null>`coalesce(sum(${orders.pv}), 0)::text`,
      cv: sql<string | null>`coalesce(sum(${orders.cv}), 0)::text`,
    })
    .from(orders)
    .where(and(eq(orders.customerUid, uid), gte(orders.dateCreatedUtc, sql`date_trunc('month', now())`)));
  return {
    accountUid: uid,
    countryId: payload.toCountryId ?? null,
    period: new Date().toISOString().slice(0, 7),
    orders: figures?.orders ?? 0,
    personalVolume: Number(figures?.pv ?? 0),
    commissionableVolume: Number(figures?.cv ?? 0),
  };
};
