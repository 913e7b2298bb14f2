import type { AddressInfo } from 'node:net';
import { cpus, loadavg } from 'node:os';
import { sql } from 'drizzle-orm';
import { type App, buildApp } from '../src/server/app';
import { accounts, paymentCards, shippingRates, staffUsers, taxRates } from '../src/server/db/schema';
import { loadConfig } from '../src/server/platform/config';
import { type Database, rows } from '../src/server/platform/db';
import { hashPassword } from '../src/server/platform/passwords';
import { seedCartCatalog } from '../src/server/testing/cart-fixtures';
import { log, signInToken, stat } from './harness';
import { type Backend, openScratchDatabase, parseBackendCli } from './scratch-database';

const PASSWORD = 'Bench-Password-1';
const TARGETS = { catalogP95: 30, estimateP95: 50, submitP95: 150, concurrentErrors: 0, doubleCharges: 0 };
const WORKERS = 20;

const parseCli = () => parseBackendCli('bench:ordering', { quick: 40, full: 300 });

const ADDRESS = {
  firstName: 'Bench',
  lastName: 'Shopper',
  address: '100 Congress Ave',
  city: 'Austin',
  region: 'TX',
  postalCode: '78701',
  countryId: 1,
};

async function seed(database: Database) {
  const db = database.db;
  await seedCartCatalog(db);
  await db.execute(sql`update products set flags = '{web,counterbase}'`);
  await db.insert(shippingRates).values([
    {
      countryId: 1,
      shippingMethodId: 3,
      amountCents: 795,
      freeOverCents: 10_000,
      phoenixShippingMethodId: 1,
    },
    { countryId: 1, shippingMethodId: 5, amountCents: 1695, phoenixShippingMethodId: 2 },
  ]);
  await db.insert(taxRates).values({ countryId: 1, region: 'TX', rateBasisPoints: 825, taxShipping: true });
  const hash = await hashPassword(PASSWORD);
  const staff = Array.from({ length: WORKERS }, (_, i) => ({
    name: `Bench ${i}`,
    email: `bench${i}@example.com`,
    role: 'agent' as const,
    directory: 'users' as const,
    passwordHash: hash,
  }));
  await db.insert(staffUsers).values(staff);
  const customers = await db
    .insert(accounts)
    .values(
      Array.from({ length: WORKERS }, (_, i) => ({
        uid: `BENCHORDER${String(i).padStart(18, '0')}`,
        phoenixId: 710_000 + i,
        firstName: 'Bench',
        lastName: `Buyer${i}`,
        email: `buyer${i}@example.com`,
        userType: 3,
        tAndCAccepted: true,
      })),
    )
    .returning();
  await db.insert(paymentCards).values(
    customers.map((c, i) => ({
      id: `ccof_bench_${i}`,
      accountUid: c.uid,
      brand: 'Visa',
      last4: '4242',
      expMonth: 12,
      expYear: 2040,
      countryId: 1,
    })),
  );
  return { staff, customers };
}

async function run(backend: Backend, opts: ReturnType<typeof parseCli>) {
  const { database, cleanup } = await openScratchDatabase(backend, opts.databaseUrl, 'ordering', 20);
  let app: App | null = null;
  try {
    const { staff, customers } = await seed(database);
    const config = loadConfig(
      { ...process.env, APP_ENV: 'test', LOG_LEVEL: 'silent' },
      { webDir: '/nonexistent' },
    );
    app = await buildApp({ config, database, workers: false, mailer: null, logger: false });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const tokens = await Promise.all(staff.map((s) => signInToken(base, s.email, PASSWORD)));
    const call = async (token: string, method: string, path: string, body?: unknown) => {
      const started = performance.now();
      const res = await fetch(`${base}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          ...(body ? { 'content-type': 'application/json' } : {}),
        },
        ...(body ? { body: JSON.stringify(body) } : {}),
      });
      const json = (await res.json()) as { success?: boolean; data?: { cartId?: string; id?: string } };
      return { ms: performance.now() - started, status: res.status, json };
    };
    const cartFor = async (token: string, uid: string, n: number) => {
      const created = await call(token, 'POST', '/api/carts', { uid, localeCode: 'en-US' });
      const cartId = created.json.data?.cartId as string;
      for (let i = 0; i < 3; i++)
        await call(token, 'POST', `/api/carts/${cartId}/products`, { sku: `S${(n + i) % 24}`, quantity: 1 });
      return cartId;
    };
    const context = (uid: string, cartId: string, i: number) => ({
      cartId,
      uid,
      localeCode: 'en-US',
      orderType: 16,
      shipping: { method: 3, address: ADDRESS },
      appliedCredit: 0,
      payment: { savedCard: true, cardId: `ccof_bench_${i}` },
    });
    const token = tokens[0] as string;
    const uid0 = customers[0]!.uid;

    // 1. Catalog search: text, category and the three sorts in turn.
    const searches = ['', 'q=serum', 'q=everyday&sort=price%20descending', 'sort=price%20ascending', 'q=lip'];
    const catalogMs: number[] = [];
    for (let i = 0; i < 5; i++) await call(token, 'GET', `/api/catalog/products?${searches[i]}`);
    for (let i = 0; i < opts.samples; i++) {
      const r = await call(token, 'GET', `/api/catalog/products?${searches[i % searches.length]}`);
      if (r.status !== 200) throw new Error(`catalog search failed: ${JSON.stringify(r.json)}`);
      catalogMs.push(r.ms);
    }

    // 2. Estimate of a 3-line cart.
    const estimateCart = await cartFor(token, uid0, 0);
    const estimateMs: number[] = [];
    for (let i = 0; i < opts.samples; i++) {
      const r = await call(token, 'POST', '/api/orders/estimate', context(uid0, estimateCart, 0));
      if (r.status !== 200 || !r.json.success) throw new Error(`estimate failed: ${JSON.stringify(r.json)}`);
      estimateMs.push(r.ms);
    }

    // 3. Purchase, one after another (the cart is built untimed).
    const submitMs: number[] = [];
    const submits = Math.max(10, Math.floor(opts.samples / 4));
    for (let i = 0; i < submits; i++) {
      const cartId = await cartFor(token, uid0, i);
      const r = await call(token, 'POST', '/api/purchase', {
        ...context(uid0, cartId, 0),
        idempotencyKey: `bench-seq-${backend}-${i}-${Date.now()}`,
      });
      if (r.status !== 200) throw new Error(`purchase failed: ${JSON.stringify(r.json)}`);
      submitMs.push(r.ms);
    }

    // 4. 20 concurrent checkouts, each purchase sent twice with its key.
    const until = Date.now() + opts.seconds * 1000;
    let errors = 0;
    let checkouts = 0;
    const errorSamples: string[] = [];
    const concurrentSubmitMs: number[] = [];
    await Promise.all(
      tokens.map(async (tk, w) => {
        const uid = customers[w]!.uid;
        let n = 0;
        while (Date.now() < until) {
          try {
            const cartId = await cartFor(tk, uid, n);
            const est = await call(tk, 'POST', '/api/checkout/estimate', context(uid, cartId, w));
            if (!est.json.success) throw new Error(`estimate ${JSON.stringify(est.json)}`);
            const body = {
              ...context(uid, cartId, w),
              idempotencyKey: `bench-${backend}-${w}-${n}-${Date.now()}`,
            };
            const [a, b] = await Promise.all([
              call(tk, 'POST', '/api/purchase', body),
              call(tk, 'POST', '/api/purchase', body),
            ]);
            if (a.status !== 200 && b.status !== 200)
              throw new Error(`purchase ${a.status} ${JSON.stringify(a.json)}`);
            // The twin is answered with the same order or told the first is in flight (409).
            for (const r of [a, b])
              if (r.status !== 200 && r.status !== 409) throw new Error(`twin ${r.status}`);
            concurrentSubmitMs.push(Math.min(a.ms, b.ms));
            checkouts++;
          } catch (err) {
            errors++;
            if (errorSamples.length < 5) errorSamples.push(String(err).slice(0, 200));
          }
          n++;
        }
      }),
    );
    const [charges] = await rows<{ orders: number; doubled: number }>(
      database.db,
      sql`select count(*)::int as orders,
            count(*) filter (where (select count(*) from payment_transactions t
              where t.order_id = o.id and t.kind = 'authorize' and t.status = 'succeeded') <> 1)::int as doubled
          from orders o where o.customer_uid like 'BENCHORDER%'`,
    );
    const result = {
      backend,
      catalog: stat(catalogMs),
      estimate: stat(estimateMs),
      submit: stat(submitMs),
      concurrent: {
        workers: WORKERS,
        seconds: opts.seconds,
        checkouts,
        errors,
        errorSamples,
        submit: stat(concurrentSubmitMs),
        orders: charges?.orders ?? 0,
        doubleCharges: charges?.doubled ?? 0,
      },
    };
    log(
      `${backend}: catalog p95 ${result.catalog.p95} ms, estimate p95 ${result.estimate.p95} ms, submit p95 ${result.submit.p95} ms; ` +
        `${checkouts} concurrent checkouts, ${errors} errors, ${result.concurrent.doubleCharges} double charges`,
    );
    return result;
  } finally {
    await app?.close();
    await database.close();
    await cleanup();
  }
}

async function main() {
  const opts = parseCli();
  log(
    `ordering benchmark: ${opts.backends.join(', ')}; ${cpus().length} cores, load ${loadavg()[0]?.toFixed(2)}`,
  );
  const results = [];
  for (const backend of opts.backends) results.push(await run(backend, opts));
  console.log(
    JSON.stringify({
      bench: 'ordering',
      quick: opts.quick,
      seconds: opts.seconds,
      targets: TARGETS,
      results,
    }),
  );
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
