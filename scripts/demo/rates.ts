import { CA_PROVINCES, US_STATES } from '@domain/reference';
import type { shippingRates, taxRates } from '@server/db/schema';
import { addDays, type Clock } from './time';

// Rate tables (DESIGN §2: built-in tax and shipping rates, stored and editable).

export interface ShippingRateDef {
  countryId: 1 | 2;
  shippingMethodId: number;
  amountCents: number;
  freeOverCents: number | null;
  phoenixShippingMethodId: number;
  active: boolean;
}

export const SHIPPING_RATES: readonly ShippingRateDef[] = [
  {
    countryId: 1,
    shippingMethodId: 3,
    amountCents: 795,
    freeOverCents: 10_000,
    phoenixShippingMethodId: 1,
    active: true,
  },
  {
    countryId: 1,
    shippingMethodId: 5,
    amountCents: 1695,
    freeOverCents: null,
    phoenixShippingMethodId: 2,
    active: true,
  },
  {
    countryId: 1,
    shippingMethodId: 6,
    amountCents: 2695,
    freeOverCents: null,
    phoenixShippingMethodId: 3,
    active: true,
  },
  {
    countryId: 1,
    shippingMethodId: 1011,
    amountCents: 0,
    freeOverCents: null,
    phoenixShippingMethodId: 11,
    active: true,
  },
  {
    countryId: 1,
    shippingMethodId: 1015,
    amountCents: 1995,
    freeOverCents: null,
    phoenixShippingMethodId: 15,
    active: false,
  },
  {
    countryId: 1,
    shippingMethodId: 1016,
    amountCents: 895,
    freeOverCents: null,
    phoenixShippingMethodId: 16,
    active: false,
  },
  {
    countryId: 1,
    shippingMethodId: 1018,
    amountCents: 0,
    freeOverCents: null,
    phoenixShippingMethodId: 18,
    active: true,
  },
  {
    countryId: 2,
    shippingMethodId: 9,
    amountCents: 995,
    freeOverCents: 12_500,
    phoenixShippingMethodId: 21,
    active: true,
  },
  {
    countryId: 2,
    shippingMethodId: 10,
    amountCents: 1995,
    freeOverCents: null,
    phoenixShippingMethodId: 22,
    active: true,
  },
  {
    countryId: 2,
    shippingMethodId: 11,
    amountCents: 2495,
    freeOverCents: null,
    phoenixShippingMethodId: 23,
    active: true,
  },
  {
    countryId: 2,
    shippingMethodId: 1018,
    amountCents: 0,
    freeOverCents: null,
    phoenixShippingMethodId: 18,
    active: true,
  },
];

/** Average combined state and local sales tax, in basis points (2024 figures, rounded). */
const US_TAX: Record<string, number> = {
  AL: 924,
  AK: 182,
  AZ: 838,
  AR: 945,
  CA: 885,
  CO: 781,
  CT: 635,
  DE: 0,
  DC: 600,
  FL: 700,
  GA: 740,
  HI: 450,
  ID: 603,
  IL: 886,
  IN: 700,
  IA: 694,
  KS: 865,
  KY: 600,
  LA: 956,
  ME: 550,
  MD: 600,
  MA: 625,
  MI: 600,
  MN: 813,
  MS: 706,
  MO: 841,
  MT: 0,
  NE: 697,
  NV: 824,
  NH: 0,
  NJ: 660,
  NM: 762,
  NY: 853,
  NC: 699,
  ND: 704,
  OH: 724,
  OK: 899,
  OR: 0,
  PA: 634,
  RI: 700,
  SC: 749,
  SD: 611,
  TN: 955,
  TX: 820,
  UT: 742,
  VT: 636,
  VA: 577,
  WA: 943,
  WV: 655,
  WI: 570,
  WY: 544,
};
/** States that tax shipping charges on a taxable sale. */
const US_TAX_SHIPPING = new Set([
  'AR',
  'CT',
  'GA',
  'HI',
  'KS',
  'KY',
  'MI',
  'MN',
  'MS',
  'NE',
  'NJ',
  'NM',
  'NY',
  'NC',
  'ND',
  'OH',
  'PA',
  'RI',
  'SC',
  'SD',
  'TN',
  'TX',
  'VT',
  'WA',
  'WV',
  'WI',
]);
/** GST plus HST or PST (QST for Quebec), in basis points. */
const CA_TAX: Record<string, number> = {
  AB: 500,
  BC: 1200,
  MB: 1200,
  NB: 1500,
  NL: 1500,
  NS: 1400,
  NT: 500,
  NU: 500,
  ON: 1300,
  PE: 1500,
  QC: 1498,
  SK: 1100,
  YT: 500,
};

export interface TaxRate {
  rateBasisPoints: number;
  taxShipping: boolean;
}

export function taxRateOf(countryId: number, region: string): TaxRate {
  if (countryId === 2) return { rateBasisPoints: CA_TAX[region] ?? 500, taxShipping: true };
  return { rateBasisPoints: US_TAX[region] ?? 0, taxShipping: US_TAX_SHIPPING.has(region) };
}

export function shippingRateOf(countryId: number, shippingMethodId: number): ShippingRateDef | undefined {
  return SHIPPING_RATES.find((r) => r.countryId === countryId && r.shippingMethodId === shippingMethodId);
}

export function shippingRateRows(clock: Clock): (typeof shippingRates.$inferInsert)[] {
  return SHIPPING_RATES.map((r) => ({ ...r, updatedAt: addDays(clock.today, -90) }));
}

export function taxRateRows(clock: Clock): (typeof taxRates.$inferInsert)[] {
  const updatedAt = addDays(clock.today, -60);
  return [
    ...US_STATES.map(([code]) => ({ countryId: 1, region: code, ...taxRateOf(1, code), updatedAt })),
    ...CA_PROVINCES.map(([code]) => ({ countryId: 2, region: code, ...taxRateOf(2, code), updatedAt })),
  ];
}
