import type { Catalog } from './catalog';
import type { Genealogy } from './genealogy';
import type { Directory } from './identity';
import type { Rng } from './rng';
import type { StaffRoster } from './staff';
import type { Clock } from './time';
import type { UniqueKeys } from './unique';
import type { RowSink } from './writer';

/** Everything one run of the generator shares across accounts. */
export interface GenContext {
  seed: number;
  clock: Clock;
  /** Number of generated accounts (the company account comes on top). */
  total: number;
  catalog: Catalog;
  roster: StaffRoster;
  genealogy: Genealogy;
  directory: Directory;
  /** The stream of the account being generated; reseeded per account. */
  rng: Rng;
  /** A stream for popups, which clients look up from their consultant. */
  popupRng: Rng;
  emails: UniqueKeys;
  pwsKeys: UniqueKeys;
  /** Names of live promotions, for the discounts orders carry. */
  promoNames: string[];
  /** Promo codes customers type into carts. */
  promoCodes: string[];
  counters: { orders: number; phoenixOrders: number };
  writer: RowSink;
  /** Seals a tax number for `accounts.tax_number` (ADR 022): the demo never stores the digits. */
  sealTaxNumber: (uid: string, digits: string) => string;
}
