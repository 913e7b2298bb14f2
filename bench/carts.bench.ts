import type { AddressInfo } from 'node:net';
import { cpus, loadavg } from 'node:os';
import type { PromoRuleInput } from '@domain/promos/rule';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { type App, buildApp } from '../src/server/app';
import { accounts, carts, staffUsers } from '../src/server/db/schema';
import { loadConfig } from '../src/server/platform/config';
import { hashPassword } from '../src/server/platform/passwords';
import { seedCartCatalog, TEST_PRODUCTS } from '../src/server/testing/cart-fixtures';
import { log, signInToken, stat } from './harness';
import { type Backend, openScratchDatabase, parseBackendCli } from './scratch-database';

const PASSWORD = 'Bench-Password-1';
const TARGET_ADD_P95 = 15;
const TARGET_POLL_P95 = 3;
/** A rule saved in the promo tool is priced by the carts within 2 s. */
const TARGET_SAVE_TO_LIVE_MS = 2000;

const parseCli = () => parseBackendCli('bench:carts', { quick: 60, full: 300 });

/** 1,000 rules over SKUs the carts mostly do not hold, some with codes: the production mix. */
function generatedRules(n: number): PromoRuleInput[] {
  const rules: PromoRuleInput[] = [];
  for (let i = 0; i < n; i++) {
    const sku = `GEN${i % 400}`;
    const kind = i % 5;
    rules.push(
      kind === 0
        ? {
            id: 0,
            name: `Gen ${i} percent`,
            priority: i % 50,
            actionItems: [sku, `S${i % 24}`],
            discountValue: { '1': 0.05 },
          }
        : kind === 1
          ? {
              id: 1,
              name: `Gen ${i} amount`,
              priority: i % 50,
              actionItems: [sku],
              discountValue: { '1': 100 },
            }
          : kind === 2
            ? { id: 7, name: `Gen ${i} bogo`, priority: i % 50, conditionItems: [sku], actionItems: [sku] }
            : kind === 3
              ? {
                  id: 0,
                  name: `Gen ${i} code`,
                  priority: i % 50,
                  code: [`GEN${i}`],
                  actionItems: [`S${i % 24}`],
                  discountValue: { '1': 0.1 },
                }
              : {
                  id: 4,
                  name: `Gen ${i} region`,
                  priority: i % 50,
                  regionId: [2],
                  discountValue: { '2': 500 },
                },
    );
  }
  return rules;
}

const round = (n: number) => Math.round(n * 100) / 100;

/** Every statement node-postgres sends (pool and transaction clients alike). */
let statements = 0;
const sendQuery = pg.Client.prototype.query;
pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  statements++;
  return (sendQuery as (...a: unknown[]) => unknown).apply(this, args);
} as typeof pg.Client.prototype.query;

async function run(backend: Backend, opts: ReturnType<typeof parseCli>) {
  const { database, cleanup } = await openScratchDatabase(backend, opts.databaseUrl, 'carts', 20);
  let app: App | null = null;
  try {
    const db = database.db;
    await seedCartCatalog(db, generatedRules(1000));
    const hash = await hashPassword(PASSWORD);
    const staff = Array.from({ length: 50 }, (_, i) => ({
      name: `Bench ${i}`,
      email: `bench${i}@example.com`,
      role: 'agent' as const,
      directory: 'users' as const,
      passwordHash: hash,
      // The first one also authors promo rules (step 4).
      promoAccess: i === 0,
      junoAccess: i === 0,
    }));
    await db.insert(staffUsers).values(staff);
    const customers = await db
      .insert(accounts)
      .values(
        Array.from({ length: 50 }, (_, i) => ({
          uid: `BENCHUID${String(i).padStart(20, '0')}`,
          phoenixId: 700_000 + i,
          firstName: 'Bench',
          lastName: `Shopper${i}`,
          userType: 3,
        })),
      )
      .returning();
    const config = loadConfig(
      { ...process.env, APP_ENV: 'test', LOG_LEVEL: 'silent' },
      { webDir: '/nonexistent' },
    );
    app = await buildApp({ config, database, workers: false, mailer: null, logger: false });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    // One after another: sign-in attempts in flight count against the address's limit (20), so
    // fifty staff signing in at once from this one address would be refused with 429.
    const tokens: string[] = [];
    for (const s of staff) tokens.push(await signInToken(base, s.email, PASSWORD));
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
      const json = (await res.json()) as {
        data?: {
          cartId: string;
          products: { id: string; sku: string }[];
          appliedPromos?: { promo: string; applied: boolean }[];
        };
      };
      return { ms: performance.now() - started, ok: res.ok, json };
    };
    const newCart = async (token: string, uid: string, lines: number) => {
      const created = await call(token, 'POST', '/api/carts', { uid, localeCode: 'en-US' });
      const cartId = created.json.data?.cartId as string;
      for (let i = 0; i < lines; i++)
        await call(token, 'POST', `/api/carts/${cartId}/products`, { sku: `S${i % 24}`, quantity: 1 });
      return cartId;
    };

    // 1. Add a product to a 20-line cart: alternately raise an existing line and add/remove one.
    // The item limit (10) keeps staff from building a 20-line cart; a storefront save can hold
    // one, so the 20 lines are written as a saved instance.
    const token = tokens[0] as string;
    const cartId = await newCart(token, customers[0]!.uid, 0);
    const lines = Array.from({ length: 20 }, (_, i) => ({ id: `L${i}`, sku: `S${i}`, quantity: 1 }));
    await db
      .update(carts)
      .set({ cartInstances: { 'en-US': { unpromofiedItems: lines } } })
      .where(eq(carts.cartId, cartId));
    const adds: number[] = [];
    const statementsBefore = statements;
    for (let i = 0; i < opts.samples; i++) {
      const r = await call(token, 'POST', `/api/carts/${cartId}/products`, {
        sku: `S${i % 20}`,
        quantity: 1,
      });
      if (!r.ok) throw new Error(`add failed: ${JSON.stringify(r.json)}`);
      adds.push(r.ms);
    }
    const statementsPerAdd =
      backend === 'postgres' ? round((statements - statementsBefore) / opts.samples) : null;
    // 2. The unchanged-cart poll.
    const polls: number[] = [];
    for (let i = 0; i < opts.samples * 3; i++)
      polls.push((await call(token, 'GET', `/api/carts/${cartId}/version`)).ms);
    const reads: number[] = [];
    for (let i = 0; i < opts.samples; i++) reads.push((await call(token, 'GET', `/api/carts/${cartId}`)).ms);

    // 3. 50 staff, each editing their own cart, for the duration.
    const own = await Promise.all(tokens.map((t, i) => newCart(t, customers[i]!.uid, 5)));
    let done = 0;
    let errors = 0;
    const concurrent: number[] = [];
    const until = Date.now() + opts.seconds * 1000;
    await Promise.all(
      tokens.map(async (t, i) => {
        let n = 0;
        while (Date.now() < until) {
          const sku = TEST_PRODUCTS[(n++ % 10) + 10]?.sku ?? 'P100';
          const r =
            n % 4 === 0
              ? await call(t, 'GET', `/api/carts/${own[i]}/version`)
              : await call(t, 'POST', `/api/carts/${own[i]}/products`, { sku, quantity: 1 });
          if (r.ok) concurrent.push(r.ms);
          else errors++;
          done++;
        }
      }),
    );
    // 4. A rule saved in the promo tool (active collection, switched on) until a cart prices with
    // it: the save, then reads of the cart until the rule is applied.
    const saveToLive: number[] = [];
    const liveCart = await newCart(token, customers[0]!.uid, 3);
    for (let i = 0; i < Math.min(opts.samples, 30); i++) {
      const name = `Bench live ${i}`;
      const started = performance.now();
      const saved = await call(token, 'POST', '/api/cs/promo/editRule', {
        collection: 'active',
        rule: {
          name,
          id: 0,
          active: true,
          priority: 60,
          regionId: [1],
          actionItems: ['S1'],
          discountValue: { '1': 0.01 },
          timestamps: { start: { _seconds: 1_600_000_000 } },
        },
      });
      if (!saved.ok) throw new Error(`save failed: ${JSON.stringify(saved.json)}`);
      for (;;) {
        const read = await call(token, 'GET', `/api/carts/${liveCart}`);
        if (read.json.data?.appliedPromos?.some((p) => p.promo === name && p.applied)) break;
        if (performance.now() - started > 10_000) throw new Error(`${name} not live after 10 s`);
      }
      saveToLive.push(performance.now() - started);
    }

    const figures = {
      backend,
      saveToLiveP50: stat(saveToLive).p50,
      saveToLiveP95: stat(saveToLive).p95,
      addP50: stat(adds).p50,
      addP95: stat(adds).p95,
      statementsPerAdd,
      pollP50: stat(polls).p50,
      pollP95: stat(polls).p95,
      readP95: stat(reads).p95,
      concurrentRequests: done,
      concurrentPerSecond: round(done / opts.seconds),
      concurrentP95: stat(concurrent).p95,
      concurrentErrors: errors,
    };
    log(
      `${backend.padEnd(8)} add p50 ${figures.addP50} ms p95 ${figures.addP95} ms (target < ${TARGET_ADD_P95}` +
        `${statementsPerAdd == null ? '' : `, ${statementsPerAdd} statements`}) · ` +
        `poll p95 ${figures.pollP95} ms (target < ${TARGET_POLL_P95}) · read p95 ${figures.readP95} ms · ` +
        `50 staff × ${opts.seconds}s: ${done} requests, p95 ${figures.concurrentP95} ms, ${errors} errors · ` +
        `rule saved → live in a cart p50 ${figures.saveToLiveP50} ms, p95 ${figures.saveToLiveP95} ms ` +
        `(target < ${TARGET_SAVE_TO_LIVE_MS})`,
    );
    return figures;
  } finally {
    await app?.close();
    await database.close();
    await cleanup();
  }
}

async function main() {
  const opts = parseCli();
  log(
    `cart benchmark: ${opts.backends.join(', ')}; ${cpus().length} cores, load ${loadavg()[0]?.toFixed(2)}`,
  );
  const results = [];
  for (const backend of opts.backends) results.push(await run(backend, opts));
  console.log(
    JSON.stringify({
      bench: 'carts',
      quick: opts.quick,
      seconds: opts.seconds,
      rules: 1000 + 8,
      targets: {
        addP95: TARGET_ADD_P95,
        pollP95: TARGET_POLL_P95,
        concurrentErrors: 0,
        saveToLiveMs: TARGET_SAVE_TO_LIVE_MS,
      },
      results,
    }),
  );
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
