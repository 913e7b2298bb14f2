import type { ProductFacts } from '@domain/batch-orders/batch-orders';
import type { ShelfPrices } from '@domain/pricing';
import { eq, inArray, sql } from 'drizzle-orm';
import { accounts, productPrices, products, shippingAddresses, taxRates } from '../../db/schema';
import type { DbOrTx } from '../../platform/db';

// Reads batch orders need (the accounts a file names come from the accounts module): whole account
// and address rows, products with their prices, tax rates. In bulk for a preview (a query per
// thousand keys, not per row).

const IN_CHUNK = 1000;

function chunks<T>(items: T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += IN_CHUNK) out.push(items.slice(i, i + IN_CHUNK));
  return out;
}

export type AccountRow = typeof accounts.$inferSelect;

export interface CatalogEntry extends ProductFacts {
  title: string;
  prices: Map<number, ShelfPrices & { cv: number; pv: number; qv: number; nv: number; sv: number }>;
}

export async function catalogFacts(db: DbOrTx, skus: string[]): Promise<Map<string, CatalogEntry>> {
  const out = new Map<string, CatalogEntry>();
  for (const part of chunks([...new Set(skus)])) {
    const found = await db
      .select({
        sku: products.sku,
        title: products.title,
        countryId: productPrices.countryId,
        priceCents: productPrices.priceCents,
        specialPriceCents: productPrices.specialPriceCents,
        memberPriceCents: productPrices.memberPriceCents,
        wholesalePriceCents: productPrices.wholesalePriceCents,
        cv: productPrices.cv,
        pv: productPrices.pv,
        qv: productPrices.qv,
        nv: productPrices.nv,
        sv: productPrices.sv,
      })
      .from(products)
      .leftJoin(productPrices, eq(productPrices.sku, products.sku))
      .where(inArray(products.sku, part));
    for (const r of found) {
      const entry: CatalogEntry = out.get(r.sku) ?? {
        sku: r.sku,
        title: r.title,
        countries: [],
        prices: new Map(),
      };
      if (r.countryId != null && r.priceCents != null) {
        entry.countries.push(r.countryId);
        entry.prices.set(r.countryId, {
          priceCents: r.priceCents,
          specialPriceCents: r.specialPriceCents,
          memberPriceCents: r.memberPriceCents,
          wholesalePriceCents: r.wholesalePriceCents,
          cv: r.cv ?? 0,
          pv: r.pv ?? 0,
          qv: r.qv ?? 0,
          nv: r.nv ?? 0,
          sv: r.sv ?? 0,
        });
      }
      out.set(r.sku, entry);
    }
  }
  return out;
}

/** Whole account rows by uid. */
export async function fullAccounts(db: DbOrTx, uids: string[]): Promise<Map<string, AccountRow>> {
  const out = new Map<string, AccountRow>();
  for (const part of chunks([...new Set(uids)]))
    for (const a of await db.select().from(accounts).where(inArray(accounts.uid, part))) out.set(a.uid, a);
  return out;
}

export type AddressRow = typeof shippingAddresses.$inferSelect;

/** Whole shipping address rows by id. */
export async function addresses(db: DbOrTx, ids: number[]): Promise<Map<number, AddressRow>> {
  const out = new Map<number, AddressRow>();
  for (const part of chunks([...new Set(ids)]))
    for (const a of await db.select().from(shippingAddresses).where(inArray(shippingAddresses.id, part)))
      out.set(a.id, a);
  return out;
}

export const taxKey = (countryId: number, region: string) => `${countryId}:${region}`;

/** Tax rates (basis points) of the countries' regions, keyed by taxKey; a region without one is absent. */
export async function taxRatesOf(db: DbOrTx, countryIds: number[]): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  const wanted = [...new Set(countryIds)];
  if (wanted.length === 0) return out;
  const found = await db
    .select({ countryId: taxRates.countryId, region: taxRates.region, rate: taxRates.rateBasisPoints })
    .from(taxRates)
    .where(inArray(taxRates.countryId, wanted));
  for (const r of found) out.set(taxKey(r.countryId, r.region), r.rate);
  return out;
}

/** `count` order numbers from order_number_seq in one statement, ascending. */
export async function nextOrderNumbers(db: DbOrTx, count: number): Promise<number[]> {
  const taken = await db
    .select({ n: sql<string | number>`nextval('order_number_seq')` })
    .from(sql`generate_series(1, ${count})`);
  return taken.map((r) => Number(r.n)).sort((a, b) => a - b);
}
