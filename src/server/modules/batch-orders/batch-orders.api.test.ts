import { isPhoenixOrderId } from '@domain/downstream/downstream';
import { UPLOAD_MESSAGES } from '@domain/uploads/upload';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accounts,
  batchOrderRows,
  batchOrders,
  changeEvents,
  downstreamExports,
  failedOrders,
  jobs,
  orderLines,
  orderPayments,
  orders,
  productPrices,
  products,
  shippingAddresses,
  taxRates,
} from '../../db/schema';
import { processJobs } from '../../platform/jobs';
import { processUpload } from '../../platform/uploads/upload-engine';
import { insertAccount, insertOrder } from '../../testing/fixtures';
import { createTestApp, type SignedIn, type TestApp } from '../../testing/test-app';
import { processExports } from '../downstream/downstream.export';
import { batchOrdersKind } from './batch-orders.service';

let t: TestApp;
let leader: SignedIn;
let n = 0;
beforeAll(async () => {
  t = await createTestApp();
  leader = await t.signIn('leader');
  const db = t.database.db;
  await db.insert(products).values([
    { sku: 'BT-100', productId: 910_001, title: 'Test Serum' },
    { sku: 'BT-200', productId: 910_002, title: 'Test Lipstick' },
    { sku: 'BT-US', productId: 910_003, title: 'US only' },
    { sku: 'BT-SALE', productId: 910_004, title: 'On sale' },
  ]);
  await db.insert(productPrices).values([
    { sku: 'BT-100', countryId: 1, priceCents: 4200, cv: 30, pv: 35, qv: 35 },
    { sku: 'BT-100', countryId: 2, priceCents: 5200, cv: 30, pv: 35, qv: 35 },
    { sku: 'BT-200', countryId: 1, priceCents: 1800, cv: 12, pv: 14, qv: 14 },
    { sku: 'BT-US', countryId: 1, priceCents: 1000 },
    {
      sku: 'BT-SALE',
      countryId: 1,
      priceCents: 5000,
      specialPriceCents: 4500,
      memberPriceCents: 4000,
      wholesalePriceCents: 3750,
    },
  ]);
  await db
    .insert(taxRates)
    .values({ countryId: 1, region: 'UT', rateBasisPoints: 725 })
    .onConflictDoNothing();
});
afterAll(() => t.close());

async function customer(o: { userType?: number; accountStatus?: number; address?: boolean } = {}) {
  const account = await insertAccount(t.database.db, {
    userType: o.userType ?? 3,
    accountStatus: o.accountStatus ?? 1,
  });
  let addressId: number | null = null;
  if (o.address !== false) {
    const [a] = await t.database.db
      .insert(shippingAddresses)
      .values({
        accountUid: account.uid,
        firstName: account.firstName,
        lastName: account.lastName,
        address: '1 Main St',
        city: 'Provo',
        region: 'UT',
        postalCode: '84601',
        country: 'US',
        countryId: 1,
        isDefaultShipping: true,
      })
      .returning();
    addressId = a!.id;
  }
  return { ...account, addressId };
}

const csvOf = (lines: string[]) =>
  `account,skus,shippingAddress,orderType,reason\n${lines.join('\n')}\n# file ${++n}\n`;
const preview = (csv: string, headers = leader.headers) =>
  t.app.inject({
    method: 'POST',
    url: '/api/batchOrders/preview',
    payload: { fileName: 'test.csv', csv },
    headers,
  });
const confirm = (csv: string, key: string, headers = leader.headers) =>
  t.app.inject({
    method: 'POST',
    url: '/api/batchOrders',
    payload: { fileName: 'test.csv', csv, idempotencyKey: key },
    headers,
  });
const runJobs = async () => {
  while ((await processJobs(t.database.db, t.app.jobHandlers, t.app.log)) > 0);
};
const get = (url: string) => t.app.inject({ method: 'GET', url, headers: leader.headers });
const key = () => `key-${crypto.randomUUID()}`;

describe('batch orders: preview', () => {
  it('validates every row and writes nothing', async () => {
    const good = await customer();
    const noDefault = await customer({ address: false });
    const inactive = await customer({ accountStatus: 2 });
    const csv = csvOf([
      `${good.phoenixId},BT-100:2;BT-200:1,,10,Damaged in transit`,
      `${good.phoenixId},NOPE:1,default,20,Goodwill`,
      `999999999,BT-100:1,,10,Damaged`,
      `${good.phoenixId},BT-100:0,,10,Damaged`,
      `${good.phoenixId},BT-100:1,,12,Allowance`,
      `${noDefault.phoenixId},BT-100:1,,10,Damaged`,
      `${inactive.phoenixId},BT-100:1,,10,Damaged`,
      `${good.phoenixId},BT-100:1,${good.addressId! + 1000},10,Damaged`,
      `${good.phoenixId},BT-100:1,,99,`,
    ]);
    const before = await t.database.db.select().from(batchOrders);
    const res = await preview(csv);
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({ total: 9, valid: 1, invalid: 8 });
    const errors = data.rows.map((r: { error: string | null }) => r.error);
    expect(errors[0]).toBeNull();
    expect(errors[1]).toBe('SKU NOPE is not in the catalog.');
    expect(errors[2]).toBe('Account 999999999 was not found.');
    expect(errors[3]).toMatch(/Quantity of SKU BT-100 must be a whole number/);
    expect(errors[4]).toMatch(/Employee orders are only for employee accounts/);
    expect(errors[5]).toMatch(/has no default shipping address/);
    expect(errors[6]).toMatch(/is Terminated, not Active/);
    expect(errors[7]).toMatch(/does not belong to account/);
    expect(errors[8]).toMatch(/Order type must be 10 \(Replacement\)/);
    expect(errors[8]).toMatch(/Reason is required/);
    expect(data.rows[0]).toMatchObject({ rowNo: 1, ok: true, values: { skus: 'BT-100:2;BT-200:1' } });
    expect(await t.database.db.select().from(batchOrders)).toHaveLength(before.length);
  });

  it("refuses a row whose address has a ZIP code of another state, in the address form's words (ADR 029)", async () => {
    const good = await customer();
    const moved = await customer({ address: false });
    // Saved before the address form checked ZIP codes against states.
    const [austin] = await t.database.db
      .insert(shippingAddresses)
      .values({
        accountUid: moved.uid,
        firstName: moved.firstName,
        lastName: moved.lastName,
        address: '1200 Barton Springs Rd',
        city: 'Austin',
        region: 'TX',
        postalCode: '10001',
        country: 'US',
        countryId: 1,
        isDefaultShipping: true,
      })
      .returning();
    const csv = csvOf([
      `${moved.phoenixId},BT-100:1,,10,Damaged`,
      `${moved.phoenixId},BT-100:1,${austin!.id},10,Damaged`,
      `${good.phoenixId},BT-100:1,${good.addressId},10,Damaged`,
    ]);
    const before = await t.database.db.select().from(batchOrders);
    const data = (await preview(csv)).json().data;
    expect(data).toMatchObject({ total: 3, valid: 1, invalid: 2 });
    const message = `Shipping address ${austin!.id} of account ${moved.phoenixId}: Zip Code 10001 is in New York, not Texas. Correct it on the customer's Address tab.`;
    expect(data.rows.map((r: { error: string | null }) => r.error)).toEqual([message, message, null]);
    expect(await t.database.db.select().from(batchOrders)).toHaveLength(before.length);
  });

  it('refuses a file without the needed columns, and bad bodies, with 400', async () => {
    const res = await preview('account,skus\n1,BT-100:1\n');
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('The header line lacks the columns orderType, reason.');
    const empty = await preview('account,skus,orderType,reason\n');
    expect(empty.json().error).toBe('The file holds no rows under its header line.');
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/batchOrders/preview',
      payload: { csv: 'x' },
      headers: leader.headers,
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe('batch orders: confirm and job', () => {
  it('creates one batch for a repeated confirm, refuses the same file again, and the job creates orders', async () => {
    const good = await customer();
    const employee = await customer({ userType: 4 });
    const csv = csvOf([
      `${good.phoenixId},BT-100:2;BT-200:1,,Replacement,Damaged in transit`,
      `${employee.uid},BT-100:1,${employee.addressId},12,Quarterly allowance`,
      `${good.phoenixId},NOPE:1,,10,Damaged`,
    ]);
    const k = key();
    const first = await confirm(csv, k);
    expect(first.statusCode).toBe(201);
    const batch = first.json().data;
    expect(batch).toMatchObject({ status: 'queued', totalRows: 3, failedRows: 1, succeededRows: 0 });
    const second = await confirm(csv, k);
    expect(second.statusCode).toBe(200);
    expect(second.json()).toMatchObject({ created: false, data: { id: batch.id } });
    expect(
      await t.database.db.select().from(batchOrders).where(eq(batchOrders.fileName, 'test.csv')),
    ).toHaveLength(1);

    const again = await confirm(csv, key());
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toMatch(`already uploaded as batch ${batch.id}`);
    expect((await preview(csv)).statusCode).toBe(409);
    expect(await t.database.db.select().from(jobs).where(eq(jobs.type, 'batchOrders.process'))).toHaveLength(
      1,
    );

    await runJobs();
    const done = (await get(`/api/batchOrders/${batch.id}`)).json().data;
    expect(done).toMatchObject({
      status: 'completedWithErrors',
      succeededRows: 2,
      failedRows: 1,
      progress: 100,
    });
    const created = (await get(`/api/batchOrders/${batch.id}/rows?status=succeeded`)).json().data;
    expect(created).toHaveLength(2);
    const [replacement, employeeOrder] = created;
    expect(replacement.order).toMatchObject({ customerUid: good.uid, grandTotal: 0, currency: 'USD' });
    expect(replacement.order.label).toMatch(/^F\d{8}$/);
    const [order] = await t.database.db.select().from(orders).where(eq(orders.id, replacement.order.id));
    expect(order).toMatchObject({
      collection: 'invoices',
      state: 3,
      orderType: 10,
      grandTotalCents: 0,
      pv: 0,
    });
    expect(order!.orderId).toBeGreaterThanOrEqual(10_000_000);
    const lines = await t.database.db.select().from(orderLines).where(eq(orderLines.orderId, order!.id));
    expect(lines.map((l) => [l.sku, l.quantity, l.totalCents])).toEqual([
      ['BT-100', 2, 0],
      ['BT-200', 1, 0],
    ]);
    // Employee: catalog price plus the region's tax (7.25% of 42.00 = 3.05), paid by payroll.
    expect(employeeOrder.order.grandTotal).toBe(4200 + 305);
    const pays = await t.database.db
      .select()
      .from(orderPayments)
      .where(eq(orderPayments.orderId, employeeOrder.order.id));
    expect(pays).toMatchObject([{ method: 'alternative', amountCents: 4505 }]);
    const logged = await t.database.db
      .select()
      .from(changeEvents)
      .where(and(eq(changeEvents.collection, 'orders-log'), eq(changeEvents.entityId, order!.id)));
    expect(logged).toMatchObject([
      { action: 'order.batchCreate', changedBy: leader.email },
      { action: 'downstream.queued', changedBy: leader.email },
    ]);
    expect(logged[0]!.differences).toContainEqual({ kind: 'N', path: ['orderId'], rhs: order!.orderId });

    const csvRes = await get(`/api/batchOrders/${batch.id}/result.csv`);
    expect(csvRes.statusCode).toBe(200);
    expect(csvRes.headers['content-type']).toMatch(/text\/csv/);
    const csvLines = csvRes.body.replace(/\r\n$/, '').split('\r\n');
    expect(csvLines[0]).toBe(
      '\uFEFFRow,Account,SKUs,Shipping address,Order type,Reason,Status,Order number,Order id,Error',
    );
    expect(csvLines).toHaveLength(4);
    expect(csvLines[3]).toContain('SKU NOPE is not in the catalog.');
  });

  it('a failed row is corrected and retried; rows already applied are not redone', async () => {
    const good = await customer();
    const csv = csvOf([`${good.phoenixId},BT-100:1,,10,Damaged`, `${good.phoenixId},NOPE:1,,10,Damaged`]);
    const batch = (await confirm(csv, key())).json().data;
    await runJobs();
    const [failed] = (await get(`/api/batchOrders/${batch.id}/rows?status=failed`)).json().data;
    expect(failed.error).toBe('SKU NOPE is not in the catalog.');
    const patch = (input: Record<string, string>) =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/batchOrders/${batch.id}/rows/${failed.id}`,
        payload: { input },
        headers: leader.headers,
      });
    const stillBad = await patch({ ...failed.input, skus: 'NOPE:2' });
    expect(stillBad.statusCode).toBe(400);
    expect(stillBad.json().error).toBe('SKU NOPE is not in the catalog.');
    const fixed = await patch({ ...failed.input, skus: 'BT-200:3' });
    expect(fixed.statusCode).toBe(200);
    expect((await get(`/api/batchOrders/${batch.id}`)).json().data).toMatchObject({
      status: 'queued',
      failedRows: 0,
      succeededRows: 1,
    });
    await runJobs();
    const after = (await get(`/api/batchOrders/${batch.id}`)).json().data;
    expect(after).toMatchObject({ status: 'completed', succeededRows: 2, failedRows: 0 });
    const made = await t.database.db.select().from(orders).where(eq(orders.customerUid, good.uid));
    expect(made).toHaveLength(2);
    // Nothing left to retry, and a retry of the batch creates nothing more.
    const retry = await t.app.inject({
      method: 'POST',
      url: `/api/batchOrders/${batch.id}/retry`,
      payload: {},
      headers: leader.headers,
    });
    expect(retry.json()).toMatchObject({ retried: 0 });
  });

  it('retry all puts failed rows back; a crash mid-batch continues where it stopped', async () => {
    const good = await customer({ address: false });
    const csv = csvOf([
      `${good.phoenixId},BT-100:1,default,10,Damaged`,
      `${good.phoenixId},BT-200:1,default,10,Damaged`,
    ]);
    // Valid in preview needs a default address: give one, confirm, then take it away.
    const [a] = await t.database.db
      .insert(shippingAddresses)
      .values({
        accountUid: good.uid,
        firstName: 'A',
        lastName: 'B',
        address: '1 St',
        city: 'Provo',
        region: 'UT',
        postalCode: '84601',
        country: 'US',
        countryId: 1,
        isDefaultShipping: true,
      })
      .returning();
    const batch = (await confirm(csv, key())).json().data;
    // A worker already applied row 1 before it died: the row is succeeded, row 2 still pending.
    await t.database.db
      .update(shippingAddresses)
      .set({ isDefaultShipping: false })
      .where(eq(shippingAddresses.id, a!.id));
    await runJobs();
    expect((await get(`/api/batchOrders/${batch.id}`)).json().data).toMatchObject({ failedRows: 2 });
    await t.database.db
      .update(shippingAddresses)
      .set({ isDefaultShipping: true })
      .where(eq(shippingAddresses.id, a!.id));
    const rowsBefore = await t.database.db
      .select()
      .from(batchOrderRows)
      .where(eq(batchOrderRows.batchId, batch.id));
    // Mark one row as already done by an earlier run, then retry all.
    const retry = await t.app.inject({
      method: 'POST',
      url: `/api/batchOrders/${batch.id}/retry`,
      payload: { rowIds: [rowsBefore[0]!.id] },
      headers: leader.headers,
    });
    expect(retry.json()).toMatchObject({ retried: 1 });
    await runJobs();
    expect((await get(`/api/batchOrders/${batch.id}`)).json().data).toMatchObject({
      succeededRows: 1,
      failedRows: 1,
    });
    await t.app.inject({
      method: 'POST',
      url: `/api/batchOrders/${batch.id}/retry`,
      payload: {},
      headers: leader.headers,
    });
    await runJobs();
    expect((await get(`/api/batchOrders/${batch.id}`)).json().data).toMatchObject({
      status: 'completed',
      succeededRows: 2,
      failedRows: 0,
    });
    expect(await t.database.db.select().from(orders).where(eq(orders.customerUid, good.uid))).toHaveLength(2);
  });

  it('a job run again after a crash does not apply a succeeded row twice', async () => {
    const good = await customer();
    const csv = csvOf([`${good.phoenixId},BT-100:1,,10,Damaged`, `${good.phoenixId},BT-200:1,,10,Damaged`]);
    const batch = (await confirm(csv, key())).json().data;
    await runJobs();
    // The job is claimed again as if its worker had died before finishing it.
    await t.database.db.update(jobs).set({ status: 'queued' }).where(eq(jobs.type, 'batchOrders.process'));
    await runJobs();
    expect(await t.database.db.select().from(orders).where(eq(orders.customerUid, good.uid))).toHaveLength(2);
    expect((await get(`/api/batchOrders/${batch.id}`)).json().data).toMatchObject({ succeededRows: 2 });
  });
});

describe('batch orders: a queued batch no worker holds', () => {
  it('is handed to a worker again once; while a job holds it, starting it again does nothing', async () => {
    const good = await customer();
    const batch = (await confirm(csvOf([`${good.phoenixId},BT-100:1,,10,Damaged`]), key())).json().data;
    const resume = () =>
      t.app.inject({ method: 'POST', url: `/api/batchOrders/${batch.id}/resume`, headers: leader.headers });
    // Its job is still queued: nothing to do.
    expect((await resume()).json()).toMatchObject({ success: true, started: false });
    // The job gave up (failed past its attempts): the batch stays queued with no worker.
    await t.database.db.update(jobs).set({ status: 'failed' }).where(eq(jobs.type, 'batchOrders.process'));
    await runJobs();
    expect((await get(`/api/batchOrders/${batch.id}`)).json().data).toMatchObject({ status: 'queued' });
    const started = await resume();
    expect(started.json()).toMatchObject({ success: true, started: true });
    // Twice at once hands it over once.
    expect((await resume()).json()).toMatchObject({ started: false });
    await runJobs();
    expect((await get(`/api/batchOrders/${batch.id}`)).json().data).toMatchObject({
      status: 'completed',
      succeededRows: 1,
    });
    expect(await t.database.db.select().from(orders).where(eq(orders.customerUid, good.uid))).toHaveLength(1);
    // A finished batch is not started again; agents may not start one at all.
    const done = await resume();
    expect(done.statusCode).toBe(409);
    expect(done.json().error).toBe(UPLOAD_MESSAGES.notWaiting);
    const agent = await t.signIn('agent');
    const refused = await t.app.inject({
      method: 'POST',
      url: `/api/batchOrders/${batch.id}/resume`,
      headers: agent.headers,
    });
    expect(refused.statusCode).toBe(403);
  });
});

describe('batch orders: a chunk applied together', () => {
  it('creates every order of a chunk, numbered in file order, with the same records as one row', async () => {
    const accounts = await Promise.all([customer(), customer(), customer({ userType: 4 })]);
    const lines = Array.from({ length: 12 }, (_, i) => {
      const a = accounts[i % 3]!;
      return a.userType === 4
        ? `${a.phoenixId},BT-100:1;BT-200:2,,12,Allowance ${i + 1}`
        : `${a.phoenixId},BT-200:${(i % 3) + 1},default,10,Damaged ${i + 1}`;
    });
    const batch = (await confirm(csvOf(lines), key())).json().data;
    await runJobs();
    expect((await get(`/api/batchOrders/${batch.id}`)).json().data).toMatchObject({
      status: 'completed',
      succeededRows: 12,
      failedRows: 0,
    });
    const made = (await get(`/api/batchOrders/${batch.id}/rows?status=succeeded`)).json().data;
    const numbers = made.map((r: { order: { label: string } }) => Number(r.order.label.slice(1)));
    expect(numbers).toEqual([...numbers].sort((a, b) => a - b));
    expect(new Set(numbers).size).toBe(12);
    // Row 3 is an employee order: 42.00 + 2 × 18.00 = 78.00, tax 7.25% = 5.66, paid by payroll.
    const employeeOrder = made[2].order;
    expect(employeeOrder.grandTotal).toBe(7800 + 566);
    expect(
      await t.database.db.select().from(orderPayments).where(eq(orderPayments.orderId, employeeOrder.id)),
    ).toMatchObject([
      { transactionId: `batch-${batch.id}-row-3`, amountCents: 8366, brand: 'Payroll deduction' },
    ]);
    const [placed] = await t.database.db.select().from(orders).where(eq(orders.id, employeeOrder.id));
    expect(placed).toMatchObject({
      customerUid: accounts[2]!.uid,
      shippingMethodId: 3,
      shippingAddress: { city: 'Provo', region: 'UT', countryId: 1 },
      pv: 35 + 28,
      paymentState: 'captured',
    });
    expect(placed!.dateCreatedUtc).toBeInstanceOf(Date);
    expect(
      await t.database.db.select().from(orderLines).where(eq(orderLines.orderId, employeeOrder.id)),
    ).toMatchObject([
      { lineNo: 1, sku: 'BT-100', quantity: 1, totalCents: 4200, pv: 35 },
      { lineNo: 2, sku: 'BT-200', quantity: 2, totalCents: 3600, pv: 28 },
    ]);
  });

  it('a row refused when the job runs fails alone with its reason; the rest of its chunk is created', async () => {
    const good = await customer();
    const leaving = await customer();
    const csv = csvOf([
      `${good.phoenixId},BT-100:1,,10,Damaged`,
      `${leaving.phoenixId},BT-100:1,,10,Damaged`,
      `${good.phoenixId},BT-200:1,,10,Damaged`,
    ]);
    const batch = (await confirm(csv, key())).json().data;
    await t.database.db.update(accounts).set({ accountStatus: 2 }).where(eq(accounts.uid, leaving.uid));
    await runJobs();
    expect((await get(`/api/batchOrders/${batch.id}`)).json().data).toMatchObject({
      status: 'completedWithErrors',
      succeededRows: 2,
      failedRows: 1,
    });
    const [failed] = (await get(`/api/batchOrders/${batch.id}/rows?status=failed`)).json().data;
    expect(failed).toMatchObject({
      rowNo: 2,
      error: `Account ${leaving.phoenixId} is Terminated, not Active.`,
    });
    expect(await t.database.db.select().from(orders).where(eq(orders.customerUid, leaving.uid))).toHaveLength(
      0,
    );
    expect(await t.database.db.select().from(orders).where(eq(orders.customerUid, good.uid))).toHaveLength(2);
  });

  it('a row that breaks a constraint gives its chunk up; the rows are then applied one by one and it fails alone', async () => {
    const good = await customer();
    const employee = await customer({ userType: 4 });
    const csv = csvOf([
      `${good.phoenixId},BT-100:1,,10,Damaged`,
      `${employee.phoenixId},BT-100:1,,12,Allowance`,
      `${good.phoenixId},BT-200:1,,10,Damaged`,
    ]);
    const batch = (await confirm(csv, key())).json().data;
    // Row 2's payroll payment would take a transaction id that is already used.
    const other = await insertOrder(t.database.db, good.uid);
    await t.database.db.insert(orderPayments).values({
      orderId: other.id,
      method: 'alternative',
      transactionId: `batch-${batch.id}-row-2`,
      amountCents: 100,
      currency: 'USD',
    });
    await runJobs();
    expect((await get(`/api/batchOrders/${batch.id}`)).json().data).toMatchObject({
      status: 'completedWithErrors',
      succeededRows: 2,
      failedRows: 1,
    });
    const [failed] = (await get(`/api/batchOrders/${batch.id}/rows?status=failed`)).json().data;
    expect(failed).toMatchObject({ rowNo: 2, error: expect.stringMatching(/error on our side; retry it/) });
    expect(
      await t.database.db.select().from(orders).where(eq(orders.customerUid, employee.uid)),
    ).toHaveLength(0);
    // Rows 1 and 3 each made one order, and each has its creation and its queueing logged once.
    const made = await t.database.db
      .select()
      .from(orders)
      .where(and(eq(orders.customerUid, good.uid), eq(orders.channel, 4)));
    expect(made).toHaveLength(2);
    for (const o of made)
      expect(
        (
          await t.database.db
            .select()
            .from(changeEvents)
            .where(and(eq(changeEvents.collection, 'orders-log'), eq(changeEvents.entityId, o.id)))
            .orderBy(changeEvents.id)
        ).map((e) => e.action),
      ).toEqual(['order.batchCreate', 'downstream.queued']);
  });
});

describe('batch orders: two workers', () => {
  it('two workers on one batch at once create each order once', async () => {
    const good = await customer();
    const lines = Array.from({ length: 260 }, (_, i) => `${good.phoenixId},BT-200:1,,10,Row ${i + 1}`);
    const batch = (await confirm(csvOf(lines), key())).json().data;
    const worker = (jobId: number) =>
      processUpload(
        batchOrdersKind,
        { uploadId: batch.id, actor: { id: leader.email, email: leader.email } },
        { db: t.database.db, log: t.app.log, jobId, progress: async () => {} },
      );
    await Promise.all([worker(-1), worker(-2)]);
    expect((await get(`/api/batchOrders/${batch.id}`)).json().data).toMatchObject({
      status: 'completed',
      succeededRows: 260,
      failedRows: 0,
    });
    const made = await t.database.db.select().from(orders).where(eq(orders.customerUid, good.uid));
    expect(made).toHaveLength(260);
    expect(new Set(made.map((o) => o.orderId)).size).toBe(260);
  });
});

describe('batch orders: downstream', () => {
  const drainExports = async () => {
    while ((await processExports(t.database.db, t.app.log, 5)) > 0) {}
  };
  type Made = { rowNo: number; order: { id: string; downstream: unknown } };

  it('every order a batch creates is queued with it and exports to Phoenix; the rows say so', async () => {
    const good = await customer();
    const employee = await customer({ userType: 4 });
    const csv = csvOf([
      `${good.phoenixId},BT-100:2;BT-200:1,,10,Damaged in transit`,
      `${good.phoenixId},BT-200:3,,20,Goodwill`,
      `${employee.phoenixId},BT-100:1,,12,Allowance`,
    ]);
    const batch = (await confirm(csv, key())).json().data;
    await runJobs();
    const rowsOf = async () =>
      (await get(`/api/batchOrders/${batch.id}/rows?status=succeeded`)).json().data as Made[];
    const made = await rowsOf();
    expect(made).toHaveLength(3);
    const ids = made.map((r) => r.order.id);
    // Queued in the transaction that created them: nothing waits for the sweep.
    expect(made.map((r) => r.order.downstream)).toEqual(
      ids.map(() => ({ status: 'queued', phoenixOrderId: null, error: null })),
    );
    expect(
      await t.database.db.select().from(downstreamExports).where(inArray(downstreamExports.orderId, ids)),
    ).toHaveLength(3);

    await drainExports();
    const open = await t.database.db
      .select()
      .from(failedOrders)
      .where(and(inArray(failedOrders.orderId, ids), isNull(failedOrders.resolvedAt)));
    expect(open.map((f) => f.errorMessage)).toEqual([]);
    const placed = await t.database.db.select().from(orders).where(inArray(orders.id, ids));
    expect(placed.every((o) => isPhoenixOrderId(o.phoenixOrderId ?? 0))).toBe(true);
    const after = await rowsOf();
    for (const r of after) {
      const phoenixOrderId = placed.find((o) => o.id === r.order.id)?.phoenixOrderId;
      expect(r.order.downstream).toEqual({ status: 'exported', phoenixOrderId, error: null });
    }
    expect((await get(`/api/batchOrders/${batch.id}/downstream`)).json().data).toEqual({
      orders: 3,
      exported: 3,
      queued: 0,
      failed: 0,
      cancelled: 0,
    });
    // A free line keeps its catalog price and is discounted in full (spec 2 §3 free lines).
    const lines = await t.database.db.select().from(orderLines).where(eq(orderLines.orderId, ids[0]!));
    expect(lines.map((l) => [l.priceCents, l.discountCents, l.adjustedPriceCents, l.totalCents])).toEqual([
      [4200, 8400, 0, 0],
      [1800, 1800, 0, 0],
    ]);
    expect(placed.find((o) => o.id === ids[0])).toMatchObject({
      prePromoSubtotalCents: 10_200,
      discountCents: 10_200,
      subtotalCents: 0,
      grandTotalCents: 0,
    });
  });

  it('lines are at the lowest price the account is entitled to (ADR 023): charged to an employee, given free to a member', async () => {
    const employee = await customer({ userType: 4 });
    const member = await customer({ userType: 2 });
    const csv = csvOf([
      `${employee.phoenixId},BT-SALE:2,,12,Allowance`,
      `${member.phoenixId},BT-SALE:1,,10,Damaged`,
    ]);
    const batch = (await confirm(csv, key())).json().data;
    await runJobs();
    const [charged, free] = (await get(`/api/batchOrders/${batch.id}/rows?status=succeeded`)).json()
      .data as Made[];
    const linesOf = async (id: string) =>
      (await t.database.db.select().from(orderLines).where(eq(orderLines.orderId, id))).map((l) => [
        l.priceCents,
        l.discountCents,
        l.totalCents,
      ]);
    // Wholesale 37.50 (below the 45.00 special), 2 × 37.50 = 75.00, tax 7.25% = 5.44.
    expect(await linesOf(charged!.order.id)).toEqual([[3750, 0, 7500]]);
    const [paid] = await t.database.db.select().from(orders).where(eq(orders.id, charged!.order.id));
    expect(paid).toMatchObject({
      prePromoSubtotalCents: 7500,
      subtotalCents: 7500,
      grandTotalCents: 7500 + 544,
    });
    // The member price 40.00 is the member's lowest: the free line is worth that.
    expect(await linesOf(free!.order.id)).toEqual([[4000, 4000, 0]]);
    await drainExports();
    const exported = await t.database.db
      .select()
      .from(orders)
      .where(inArray(orders.id, [charged!.order.id, free!.order.id]));
    expect(exported.every((o) => o.phoenixOrderId !== null)).toBe(true);
  });

  it('an order Phoenix refuses shows failed with its reason, on its row and in the counts', async () => {
    const good = await customer({ address: false });
    await t.database.db.insert(shippingAddresses).values({
      accountUid: good.uid,
      firstName: good.firstName,
      lastName: good.lastName,
      // A street line longer than the address form allows: Phoenix takes at most 35 characters.
      address: '1 Main Street, Building Seven, Rear Door',
      city: 'Provo',
      region: 'UT',
      postalCode: '84601',
      country: 'US',
      countryId: 1,
      isDefaultShipping: true,
    });
    const batch = (await confirm(csvOf([`${good.phoenixId},BT-200:1,,10,Damaged`]), key())).json().data;
    await runJobs();
    await drainExports();
    const [row] = (await get(`/api/batchOrders/${batch.id}/rows?status=succeeded`)).json().data as Made[];
    expect(row!.order.downstream).toEqual({
      status: 'failed',
      phoenixOrderId: null,
      error: 'Phoenix rejected order: shipping address address: Address can not exceed 35 characters',
    });
    expect((await get(`/api/batchOrders/${batch.id}/downstream`)).json().data).toMatchObject({
      orders: 1,
      exported: 0,
      failed: 1,
    });
    expect((await get('/api/batchOrders/99999999/downstream')).statusCode).toBe(404);
  });
});

describe('batch orders: permissions and lists', () => {
  it('agents and fraud agents get 403; sales operations managers may', async () => {
    const csv = csvOf(['1,BT-100:1,,10,x']);
    for (const role of ['agent', 'fraudAgent'] as const) {
      const staff = await t.signIn(role);
      expect((await preview(csv, staff.headers)).statusCode).toBe(403);
      expect((await confirm(csv, key(), staff.headers)).statusCode).toBe(403);
      expect(
        (await t.app.inject({ method: 'GET', url: '/api/batchOrders', headers: staff.headers })).statusCode,
      ).toBe(403);
    }
    const salesops = await t.signIn('salesOperatorManager');
    expect((await preview(csv, salesops.headers)).statusCode).toBe(200);
  });

  it('lists batches newest first; unknown ids are 404, bad ids 400', async () => {
    const list = (await get('/api/batchOrders')).json().data;
    expect(list.length).toBeGreaterThan(0);
    expect((await get('/api/batchOrders/99999999')).statusCode).toBe(404);
    expect((await get('/api/batchOrders/abc')).statusCode).toBe(400);
    expect((await get('/api/batchOrders/99999999/result.csv')).statusCode).toBe(404);
  });
});
