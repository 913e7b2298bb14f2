import { z } from 'zod';

// Dashboard overview (/): a real read of the database.

export const RecentActivity = z.object({
  id: z.number().int(),
  collection: z.string(),
  entityId: z.string(),
  /**
   * Who or what the change is about, by name (the staff user, the customer, the order's number
   * as staff read it: F/X + order number), so it is never mistaken for the actor; null when the
   * record has no name or is gone.
   */
  subjectName: z.string().nullable(),
  action: z.string(),
  /** Who made the change. */
  changedBy: z.string(),
  changedByName: z.string().nullable(),
  dateChangedUtc: z.string(),
  changes: z.number().int(),
});
export type RecentActivity = z.infer<typeof RecentActivity>;

export const Dashboard = z.object({
  /** Business day the counts cover, in Pacific time (YYYY-MM-DD). */
  today: z.string(),
  ordersToday: z.array(z.object({ state: z.number().int(), name: z.string(), count: z.number().int() })),
  ordersTodayTotal: z.number().int(),
  failedOrdersWaiting: z.number().int(),
  pendingReturns: z.number().int(),
  refundsToday: z.object({
    count: z.number().int(),
    byCurrency: z.array(z.object({ currency: z.string(), amountCents: z.number().int() })),
  }),
  ordersByDay: z.array(
    z.object({
      date: z.string(),
      byState: z.record(z.string(), z.number().int()),
      count: z.number().int(),
    }),
  ),
  recentActivity: z.array(RecentActivity),
});
export type Dashboard = z.infer<typeof Dashboard>;

export const Health = z.object({
  status: z.literal('ok'),
  database: z.enum(['pglite', 'postgres']),
  uptimeSeconds: z.number(),
  version: z.string(),
});
