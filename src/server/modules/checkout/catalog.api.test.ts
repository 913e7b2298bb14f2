import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  contentEntries,
  failedOrders,
  featureFlags,
  orderLines,
  orders,
  productPrices,
  products,
} from '../../db/schema';
import { context, key, setUpCheckoutApp } from '../../testing/checkout-app';
import { downstreamPass } from '../downstream/downstream.worker';
import { clearCatalogCache } from './catalog.service';

const { app, db, post, get, customer, savedCard, cartWith } = setUpCheckoutApp();

describe('catalog (spec 3 §4)', () => {
  it('shows only visible products, with the special price and the compare-at price', async () => {
    const r = await get('/api/catalog/products?localeCode=en-US&q=toner');
    expect(r.statusCode).toBe(200);
    const [item] = r.json().data;
    expect(item).toMatchObject({ sku: 'SPECIAL', price: 2400, compareAtPrice: 3000 });
    const hidden = await get('/api/catalog/products?localeCode=en-US&q=discontinued');
    expect(hidden.json().data).toEqual([]);
  });

  it('sorts by price ascending and descending', async () => {
    const asc = (await get('/api/catalog/products?sort=price%20ascending&limit=100')).json().data as {
      price: number;
    }[];
    const desc = (await get('/api/catalog/products?sort=price%20descending&limit=100')).json().data as {
      price: number;
    }[];
    expect(asc.map((i) => i.price)).toEqual([...asc.map((i) => i.price)].sort((a, b) => a - b));
    expect(desc.map((i) => i.price)).toEqual([...desc.map((i) => i.price)].sort((a, b) => b - a));
    expect(asc.length).toBeGreaterThan(10);
  });

  it('refuses an unknown sort with a 400 and the options', async () => {
    const r = await get('/api/catalog/products?sort=cheapest');
    expect(r.statusCode).toBe(400);
    expect(r.json().error).toContain('recommended');
  });

  it('sees a price change (the cache is invalidated when the catalog changes)', async () => {
    await get('/api/catalog/products?q=toner');
    await db().update(productPrices).set({ specialPriceCents: 2200 }).where(eq(productPrices.sku, 'SPECIAL'));
    // Past the cache's once-a-second check of its stamp.
    app().clock.advance(1100);
    const [item] = (await get('/api/catalog/products?q=toner')).json().data;
    expect(item.price).toBe(2200);
  });
});

describe('feature flags catalogCache and contentDrafts (spec 3 §4)', () => {
  const setFlag = (name: string, enabled: boolean) =>
    db().update(featureFlags).set({ enabled }).where(eq(featureFlags.name, name));
  afterAll(async () => {
    await setFlag('catalogCache', true);
    await setFlag('contentDrafts', false);
    await db().execute(sql`update products set title = 'Special Price Toner' where sku = 'SPECIAL'`);
  });

  it('catalogCache on: the catalog is read from the cache; off: every read loads it afresh', async () => {
    const title = async () =>
      ((await get('/api/catalog/products?q=toner')).json().data as { sku: string; title: string }[]).find(
        (p) => p.sku === 'SPECIAL',
      )?.title;
    await setFlag('catalogCache', true);
    clearCatalogCache(app().app.ctx);
    expect(await title()).toBe('Special Price Toner');
    // A change the cache's stamp does not see (the row's updated_at untouched): the cache answers.
    await db().execute(sql`update products set title = 'Special Price Toner Plus' where sku = 'SPECIAL'`);
    expect(await title()).toBe('Special Price Toner');
    await setFlag('catalogCache', false);
    expect(await title()).toBe('Special Price Toner Plus');
  });

  it('contentDrafts off: drafts are not shown even when asked for; on: they are', async () => {
    await db()
      .insert(contentEntries)
      .values([
        { id: 'page/about', type: 'page', url: '/about', title: 'About us', fields: { body: 'Published' } },
        {
          id: 'page/about/draft',
          type: 'page',
          url: '/about',
          drafts: true,
          title: 'About us',
          fields: { body: 'Draft' },
        },
      ]);
    const body = async (drafts: boolean) =>
      (await get(`/api/content?url=/about&drafts=${drafts}`))
        .json()
        .data.map((e: { fields: { body: string } }) => e.fields.body);
    await setFlag('contentDrafts', false);
    expect(await body(true)).toEqual(['Published']);
    await setFlag('contentDrafts', true);
    // The content cache keys on the drafts asked for: this read is not the one above.
    expect(await body(true)).toEqual(['Draft']);
    expect(await body(false)).toEqual(['Published']);
  });
});

describe('entitled prices (ADR 023): the lowest price the shopper may pay, shown and charged', () => {
  beforeAll(async () => {
    await db()
      .insert(products)
      .values([
        { sku: 'SALE1149', productId: 990_149, title: 'Sale Night Cream', flags: ['web'] },
        { sku: 'DEARSPECIAL', productId: 990_150, title: 'Dear Special Balm', flags: ['web'] },
        { sku: 'MEMBERBALM', productId: 990_151, title: 'Member Balm', flags: ['web'] },
      ]);
    await db()
      .insert(productPrices)
      .values([
        {
          sku: 'SALE1149',
          countryId: 1,
          priceCents: 8000,
          specialPriceCents: 6800,
          memberPriceCents: 7200,
          wholesalePriceCents: 6000,
        },
        {
          sku: 'DEARSPECIAL',
          countryId: 1,
          priceCents: 5000,
          specialPriceCents: 5500,
          memberPriceCents: 5200,
        },
        { sku: 'MEMBERBALM', countryId: 1, priceCents: 4000, memberPriceCents: 3600 },
      ]);
    clearCatalogCache(app().app.ctx);
  });
  const shown = async (q: string, userType?: number) =>
    (await get(`/api/catalog/products?q=${q}${userType === undefined ? '' : `&userType=${userType}`}`)).json()
      .data[0] as { price: number; compareAtPrice: number | null };

  it('the catalog answers the price of the shopper’s tier, the regular price struck through', async () => {
    expect(await shown('sale%20night')).toMatchObject({ price: 6800, compareAtPrice: 8000 });
    expect(await shown('sale%20night', 2)).toMatchObject({ price: 6800, compareAtPrice: 8000 });
    expect(await shown('sale%20night', 1)).toMatchObject({ price: 6000, compareAtPrice: 8000 });
    // A special price above the regular price is no offer.
    expect(await shown('dear%20special')).toMatchObject({ price: 5000, compareAtPrice: null });
    expect(await shown('dear%20special', 2)).toMatchObject({ price: 5000, compareAtPrice: null });
    expect((await get('/api/catalog/products?userType=nine')).statusCode).toBe(400);
  });

  it('a Member’s cart, estimate and order charge the sale price, and the order goes downstream', async () => {
    const c = await customer({ userType: 2, phoenixId: 770_149 });
    const card = await savedCard(c.uid);
    const cartId = await cartWith(c.uid, [
      ['SALE1149', 1],
      ['DEARSPECIAL', 1],
      ['MEMBERBALM', 1],
    ]);
    const cart = (await get(`/api/carts/${cartId}`)).json().data;
    const own = cart.products.filter((p: { isPromo: boolean }) => !p.isPromo);
    expect(own.map((p: { sku: string; priceInCents: number }) => [p.sku, p.priceInCents])).toEqual([
      ['SALE1149', 6800],
      ['DEARSPECIAL', 5000],
      ['MEMBERBALM', 3600],
    ]);
    const e = (await post('/api/orders/estimate', context(c.uid, cartId))).json();
    // Over $100 the cart's travel bag (5.00) is added, at its price and discounted in full.
    expect(e.context.totals).toMatchObject({ prePromoSubtotal: 15_900, discount: 500, subtotal: 15_400 });
    const r = await post('/api/purchase', {
      ...context(c.uid, cartId, { payment: { savedCard: true, cardId: card } }),
      idempotencyKey: key(),
    });
    expect(r.statusCode, r.body).toBe(200);
    const id = r.json().data.id as string;
    const lines = await db().select().from(orderLines).where(eq(orderLines.orderId, id));
    expect(lines.filter((l) => !l.isPromo).map((l) => [l.sku, l.priceCents, l.totalCents])).toEqual([
      ['SALE1149', 6800, 6800],
      ['DEARSPECIAL', 5000, 5000],
      ['MEMBERBALM', 3600, 3600],
    ]);
    await downstreamPass(db(), app().app.log, { sweep: true });
    const [o] = await db().select().from(orders).where(eq(orders.id, id));
    expect(
      (await db().select().from(failedOrders).where(eq(failedOrders.orderId, id))).map((f) => f.errorMessage),
    ).toEqual([]);
    expect(o!.phoenixOrderId).not.toBeNull();
  });
});

describe('addresses (spec 3 §4, §7)', () => {
  it('verification suggests the right state for a ZIP code (AC) and errs on an unknown one (AE)', async () => {
    const ac = (
      await get('/api/address/verify?act=Check&a1=1%20Main&loc=Austin&admarea=CA&postal=78701&ctry=US')
    ).json();
    expect(ac.Records[0].Results).toContain('AC02');
    expect(ac.Records[0].AdministrativeArea).toBe('TX');
    const ae = (await get('/api/address/verify?act=Check&postal=00000&ctry=US')).json();
    expect(ae.Records[0].Results).toContain('AE01');
    const ca = (await get('/api/address/verify?act=Check&admarea=ON&postal=H2X%201Y4&ctry=CA')).json();
    expect(ca.Records[0]).toMatchObject({ AdministrativeArea: 'QC' });
  });

  it('autocomplete answers up to maxrecords (default 10) from the dataset', async () => {
    const r = (await get('/api/address/autocomplete?ff=787&country=US')).json();
    expect(r.Results.length).toBe(10);
    expect(r.Results[0].Address).toMatchObject({ AdministrativeArea: 'TX', ISO3166_2: 'US' });
  });

  it('maps search and find need a session token and answer place details', async () => {
    expect((await get('/api/maps/search?q=90210')).statusCode).toBe(400);
    const s = (await get('/api/maps/search?q=90210&sessiontoken=abcdefgh12')).json();
    const f = (
      await get(`/api/maps/find?place_id=${encodeURIComponent(s.data[0].place_id)}&sessiontoken=abcdefgh12`)
    ).json();
    expect(f.data).toMatchObject({ postalCode: '90210', region: 'CA', country: 'US' });
  });
});

describe('content entries (spec 3 §7)', () => {
  it('falls back to en-US when the locale has no entry', async () => {
    const r = (await get('/api/content?type=cartMessage&locale=fr-CA')).json();
    expect(r.data[0]).toMatchObject({ id: 'cart/counter-sun', locale: 'en-US', fallback: true });
  });
});
