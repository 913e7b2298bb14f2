import { orderNumberLabel } from '@domain/customers/order-status';
import { returnStatusName } from '@domain/reference';
import { parseReturnSearch, RETURN_MESSAGES, type ReturnRecord } from '@domain/returns/returns';
import { asc, desc, eq, inArray, or } from 'drizzle-orm';
import { orders, products, returns } from '../../db/schema';
import { recordChange } from '../../platform/audit';
import { type AppContext, actorOf } from '../../platform/context';
import type { DbOrTx } from '../../platform/db';
import { badRequest, notFound } from '../../platform/errors';
import type { StaffPrincipal } from '../../platform/sessions';

// Returns (spec 2 §2, §4 Return statuses, §5 Returns search). The pending list is status 1
// Initiated (DESIGN §5), newest first then by status; a search finds an order's returns by its
// 9-digit downstream id or its 7-digit legacy id.

const LIST_LIMIT = 200;

const columns = {
  r: returns,
  customerUserType: orders.customerUserType,
  firstName: orders.customerFirstName,
  lastName: orders.customerLastName,
};

type Row = { r: typeof returns.$inferSelect; customerUserType: number; firstName: string; lastName: string };

/** Product names of the SKUs the returns hold: staff read returned products by name. */
async function titlesOf(db: DbOrTx, rows: Row[]): Promise<Map<string, string>> {
  const skus = [...new Set(rows.flatMap((row) => row.r.items.map((i) => i.sku)))];
  if (skus.length === 0) return new Map();
  const found = await db
    .select({ sku: products.sku, title: products.title })
    .from(products)
    .where(inArray(products.sku, skus));
  return new Map(found.map((p) => [p.sku, p.title]));
}

async function toRecords(db: DbOrTx, rows: Row[]): Promise<ReturnRecord[]> {
  const titles = await titlesOf(db, rows);
  return rows.map((row) => toRecord(row, titles));
}

function toRecord(
  { r, customerUserType, firstName, lastName }: Row,
  titles: Map<string, string>,
): ReturnRecord {
  return {
    docId: r.id,
    orderId: r.legacyOrderId,
    orderLabel: orderNumberLabel(r.legacyOrderId, customerUserType),
    orderDocId: r.orderId,
    phoenixOrderId: r.phoenixOrderId,
    returnStatus: r.returnStatus,
    returnStatusName: returnStatusName(r.returnStatus) ?? String(r.returnStatus),
    dateCreatedUTC: r.dateCreatedUtc.toISOString(),
    items: r.items.map((i) => ({ sku: i.sku, quantity: i.quantity, title: titles.get(i.sku) ?? null })),
    reason: r.reason,
    refundId: r.refundId,
    customerName: `${firstName} ${lastName}`,
  };
}

const base = (db: DbOrTx) =>
  db.select(columns).from(returns).innerJoin(orders, eq(orders.id, returns.orderId));

export async function returnsByStatus(ctx: AppContext, status: number) {
  const rows = await base(ctx.db)
    .where(eq(returns.returnStatus, status))
    .orderBy(desc(returns.dateCreatedUtc), asc(returns.returnStatus), desc(returns.id))
    .limit(LIST_LIMIT);
  return toRecords(ctx.db, rows);
}

export async function searchReturns(ctx: AppContext, value: string) {
  const parsed = parseReturnSearch(value);
  if (!parsed) throw badRequest(RETURN_MESSAGES.searchInvalid);
  const where =
    'phoenixOrderId' in parsed
      ? or(
          eq(returns.phoenixOrderId, parsed.phoenixOrderId),
          eq(orders.phoenixOrderId, parsed.phoenixOrderId),
        )
      : eq(returns.legacyOrderId, parsed.legacyOrderId);
  const rows = await base(ctx.db)
    .where(where)
    .orderBy(desc(returns.dateCreatedUtc), asc(returns.returnStatus))
    .limit(LIST_LIMIT);
  return toRecords(ctx.db, rows);
}

/** Staff set a new returnStatus (spec 2 §4), recorded on the order's change log. */
export async function setReturnStatus(
  ctx: AppContext,
  staff: StaffPrincipal,
  id: string,
  returnStatus: number,
) {
  return ctx.db.transaction(async (tx) => {
    const [locked] = await tx.select().from(returns).where(eq(returns.id, id)).for('update');
    if (!locked) throw notFound('No return with that id.');
    await tx.update(returns).set({ returnStatus, updatedAt: new Date() }).where(eq(returns.id, id));
    await recordChange(tx, {
      collection: 'orders-log',
      entityId: locked.orderId,
      action: 'return.status',
      actor: actorOf(staff),
      before: { return: { id, returnStatus: locked.returnStatus } },
      after: { return: { id, returnStatus } },
    });
    const [record] = await toRecords(tx, await base(tx).where(eq(returns.id, id)));
    return record!;
  });
}
