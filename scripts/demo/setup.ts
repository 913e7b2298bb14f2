import {
  categories,
  contentEntries,
  productPrices,
  products,
  shippingRates,
  specialVolumeSkus,
  taxRates,
} from '@server/db/schema';
import { addCompanyAccount } from './account-pipeline';
import { buildCatalog } from './catalog';
import { contentRows } from './content';
import type { GenContext } from './context';
import { Genealogy } from './genealogy';
import { Directory } from './identity';
import { addIncentiveReference } from './incentives';
import { addPromos } from './promos';
import { shippingRateRows, taxRateRows } from './rates';
import { Rng, STREAM } from './rng';
import { buildRoster } from './staff';
import type { Clock } from './time';
import { UniqueKeys } from './unique';
import type { RowSink } from './writer';

/**
 * Reference data every account needs (catalog, rates, content, promo rules, milestones, the
 * company account), put into the sink, and the context the account generator runs in.
 */
export function prepareRun(
  writer: RowSink,
  seed: number,
  clock: Clock,
  total: number,
  /** How tax numbers are sealed; generator tests, which write nowhere, leave a stand-in. */
  sealTaxNumber: GenContext['sealTaxNumber'] = standIn,
): GenContext {
  const roster = buildRoster(seed);
  const catalog = buildCatalog(seed, clock);
  writer.add(categories, ...catalog.categories);
  writer.add(products, ...catalog.products);
  writer.add(productPrices, ...catalog.prices);
  writer.add(specialVolumeSkus, ...catalog.specialVolume);
  writer.add(shippingRates, ...shippingRateRows(clock));
  writer.add(taxRates, ...taxRateRows(clock));
  writer.add(contentEntries, ...contentRows(clock));
  const promos = addPromos(writer, catalog, roster, seed, clock);
  addIncentiveReference(writer, clock, roster.byEmail('leader@example.com').email);
  const ctx: GenContext = {
    seed,
    clock,
    total,
    catalog,
    roster,
    genealogy: new Genealogy(total),
    directory: new Directory(new Rng(seed, STREAM.accountUid), total, clock),
    rng: new Rng(seed, STREAM.account),
    popupRng: new Rng(seed, STREAM.popups),
    emails: new UniqueKeys(),
    pwsKeys: new UniqueKeys(),
    promoNames: promos.discountNames,
    promoCodes: promos.codes,
    counters: { orders: 0, phoenixOrders: 0 },
    writer,
    sealTaxNumber,
  };
  addCompanyAccount(ctx);
  return ctx;
}

/** In memory only (generator tests): a stand-in that is plainly not the digits. */
const standIn = (uid: string, digits: string) => `not-sealed:${uid}:${digits.length}`;
