import {
  classifyJumpQuery,
  JUMP_HINT,
  jumpNotFoundMessage,
  type ResolveTarget,
} from '@domain/customers/jump';
import { orderNumberLabel } from '@domain/customers/order-status';
import { eq, type SQL, sql } from 'drizzle-orm';
import { accounts, orders } from '../../db/schema';
import type { AppContext } from '../../platform/context';
import { badRequest, notFound } from '../../platform/errors';

// The jump box (spec 1 §2 Customer screens): where an account number, order number or email leads. Each probe is one
// unique-index lookup (accounts.phoenix_id, orders.order_id, orders.phoenix_order_id, lower(email)).

interface AccountHit {
  uid: string;
  phoenix_id: number;
  full_name: string;
}
interface OrderHit {
  id: string;
  order_id: number;
  customer_uid: string;
  customer_user_type: number;
}

const customerTarget = (a: AccountHit): ResolveTarget => ({
  kind: 'customer',
  uid: a.uid,
  label: `${a.full_name} · ${Number(a.phoenix_id)}`,
});
const orderTarget = (o: OrderHit): ResolveTarget => ({
  kind: 'order',
  uid: o.customer_uid,
  orderId: o.id,
  label: `Order ${orderNumberLabel(o.order_id, o.customer_user_type)}`,
});

async function account(ctx: AppContext, where: ReturnType<typeof sql>) {
  const [hit]: AccountHit[] = await ctx.db
    .select({
      uid: accounts.uid,
      phoenix_id: sql<number>`${accounts.phoenixId}::float8`,
      full_name: sql<string>`${accounts.firstName} || ' ' || ${accounts.lastName}`,
    })
    .from(accounts)
    .where(where)
    .orderBy(accounts.phoenixId)
    .limit(1);
  return hit ? customerTarget(hit) : undefined;
}

/** orders.order_id is an integer column: a larger number can only be a downstream number. */
const INT_MAX = 2_147_483_647;

async function order(ctx: AppContext, value: number) {
  const probe = (rank: SQL<number>, where: SQL) =>
    ctx.db
      .select({
        rank: rank.as('rank'),
        id: orders.id,
        order_id: sql<number>`${orders.orderId}::int`.as('order_id'),
        customer_uid: orders.customerUid,
        customer_user_type: sql<number>`${orders.customerUserType}::int`.as('customer_user_type'),
      })
      .from(orders)
      .where(where)
      .limit(1);
  const byPhoenixNumber = probe(sql`1`, eq(orders.phoenixOrderId, value));
  const [hit]: OrderHit[] =
    value <= INT_MAX
      ? await probe(sql`0`, eq(orders.orderId, value)).unionAll(byPhoenixNumber).orderBy(sql`rank`).limit(1)
      : await byPhoenixNumber;
  return hit ? orderTarget(hit) : undefined;
}

export async function resolve(ctx: AppContext, q: string): Promise<ResolveTarget> {
  const query = classifyJumpQuery(q);
  let found: ResolveTarget | undefined;
  switch (query.kind) {
    case 'invalid':
      throw badRequest(JUMP_HINT, [{ path: 'querystring.q', message: JUMP_HINT }]);
    case 'account':
      found = await account(ctx, sql`phoenix_id = ${query.phoenixId}`);
      break;
    case 'order':
      found = await order(ctx, query.orderNumber);
      break;
    case 'number':
      // An account number first: staff type account numbers far more often than order numbers.
      found = (await account(ctx, sql`phoenix_id = ${query.value}`)) ?? (await order(ctx, query.value));
      break;
    case 'email':
      found = await account(ctx, sql`lower(email) = ${query.email}`);
      break;
  }
  if (!found) throw notFound(jumpNotFoundMessage(q));
  return found;
}
