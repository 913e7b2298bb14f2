import { sql } from 'drizzle-orm';
import { rows } from '../../platform/db';
import type { JobHandler } from '../../platform/jobs';

// The commission recalculation requested by a change of country (DESIGN §2 commissions): the
// account's personal and commissionable volume of the current month, recomputed from its
// orders and kept as the job's result for the commission run.

export const recalculateCommissions: JobHandler = async (payload, ctx) => {
  const uid = String(payload.accountUid ?? '');
  const [figures] = await rows<{ orders: number; pv: string | null; cv: string | null }>(
    ctx.db,
    sql`select count(*)::int as orders, coalesce(sum(pv), 0)::text as pv, coalesce(sum(cv), 0)::text as cv
          from orders
         where customer_uid = ${uid}
           and date_created_utc >= date_trunc('month', now())`,
  );
  return {
    accountUid: uid,
    countryId: payload.toCountryId ?? null,
    period: new Date().toISOString().slice(0, 7),
    orders: figures?.orders ?? 0,
    personalVolume: Number(figures?.pv ?? 0),
    commissionableVolume: Number(figures?.cv ?? 0),
  };
};
