import { SKU } from '@domain/reference';
import {
  ACCESSORIES,
  BUSINESS_SUPPLIES,
  HOST_EXCLUSIVES,
  LIMITED_EDITIONS,
  MAKEUP_LINES,
  type ProductKind,
  SAMPLES,
  SET_LINES,
  SIMPLE_LINES,
  SKINCARE_COLLECTIONS,
  SKINCARE_KINDS,
} from './catalog-data';
import type { Rng } from './rng';

// The products of the demo catalog before pricing: which lines, collections and specials exist,
// drawn from the catalog stream.

export type ItemGroup =
  | 'skincare'
  | 'makeup'
  | 'body'
  | 'sets'
  | 'host'
  | 'supplies'
  | 'samples'
  | 'special'
  | 'gift';

export interface Draft {
  title: string;
  group: ItemGroup;
  categoryIds: number[];
  usCents: number;
  variants?: ProductKind['variants'];
  flags?: string[];
  subscription?: boolean;
  isNew?: boolean;
  volumes?: 'normal' | 'none' | 'noQualifying';
  sku?: string;
  maxQuantity?: number;
  isGift?: boolean;
  isBundle?: boolean;
  isSample?: boolean;
  finalSale?: boolean;
  doNotShipAlone?: boolean;
}

export function drafts(rng: Rng): Draft[] {
  const out: Draft[] = [];
  const price = ([min, max]: [number, number]) => Math.round(rng.int(min, max) / 100) * 100;
  for (const collection of SKINCARE_COLLECTIONS) {
    for (const kind of rng.sample(SKINCARE_KINDS, rng.int(9, 11))) {
      out.push({
        title: `${collection} ${kind.type}`,
        group: 'skincare',
        categoryIds: kind.categoryIds,
        usCents: price(kind.price),
        subscription: kind.subscription ?? false,
      });
    }
  }
  for (const line of MAKEUP_LINES) {
    out.push({
      title: line.title,
      group: 'makeup',
      categoryIds: line.categoryIds,
      usCents: price(line.price),
      variants: line.variants,
    });
  }
  for (const line of SIMPLE_LINES) {
    out.push({
      title: line.title,
      group: 'body',
      categoryIds: line.categoryIds,
      usCents: price(line.price),
      variants: line.variants,
      subscription: line.subscription ?? false,
    });
  }
  for (const skincare of rng.sample(
    out.filter((d) => d.group === 'skincare'),
    18,
  )) {
    out.push({
      title: `Mini ${skincare.title}`,
      group: 'skincare',
      categoryIds: [...skincare.categoryIds, 109],
      usCents: Math.round(skincare.usCents * 0.004) * 100,
    });
  }
  for (const line of SET_LINES) {
    out.push({
      title: line.title,
      group: 'sets',
      categoryIds: line.categoryIds,
      usCents: line.price[0],
      isBundle: true,
      flags: ['web', 'counterbase', 'enrollment'],
    });
  }
  for (const title of ACCESSORIES)
    out.push({ title, group: 'body', categoryIds: [109], usCents: rng.int(8, 30) * 100 });
  for (const title of LIMITED_EDITIONS) {
    out.push({
      title,
      group: rng.chance(0.5) ? 'makeup' : 'body',
      categoryIds: [109, 10999],
      usCents: rng.int(18, 68) * 100,
      isNew: true,
      finalSale: true,
    });
  }
  for (const title of HOST_EXCLUSIVES)
    out.push({ title, group: 'host', categoryIds: [107], usCents: rng.int(20, 60) * 100 });
  for (const title of BUSINESS_SUPPLIES) {
    out.push({
      title,
      group: 'supplies',
      categoryIds: [111],
      usCents: rng.int(5, 40) * 100,
      flags: ['counterbase'],
      volumes: 'noQualifying',
    });
  }
  for (const title of SAMPLES) {
    out.push({
      title,
      group: 'samples',
      categoryIds: [112],
      usCents: 300,
      flags: ['counterbase'],
      volumes: 'none',
      isSample: true,
      doNotShipAlone: true,
    });
  }
  return out;
}

export const SPECIAL: Draft[] = [
  {
    sku: SKU.enrollmentKit,
    title: 'Consultant Enrollment Kit',
    group: 'special',
    categoryIds: [108],
    usCents: 9800,
    flags: ['enrollment', 'counterbase'],
    volumes: 'none',
    maxQuantity: 1,
    isBundle: true,
  },
  {
    sku: SKU.memberProgram,
    title: 'Beauty Club Membership',
    group: 'special',
    categoryIds: [108],
    usCents: 2900,
    flags: ['web', 'counterbase'],
    volumes: 'none',
    maxQuantity: 1,
  },
  {
    sku: SKU.renewal,
    title: 'Beauty Club Membership Renewal',
    group: 'special',
    categoryIds: [108],
    usCents: 2900,
    flags: ['web', 'counterbase'],
    volumes: 'none',
    maxQuantity: 1,
  },
  {
    sku: '16000',
    title: 'Gift With Purchase: Mini Renewal Serum',
    group: 'gift',
    categoryIds: [109],
    usCents: 2800,
    volumes: 'none',
    maxQuantity: 1,
    isGift: true,
  },
  {
    sku: '16001',
    title: 'Holiday Favorites Bundle',
    group: 'sets',
    categoryIds: [105, 109],
    usCents: 9900,
    maxQuantity: 1,
    isBundle: true,
  },
  {
    sku: '16002',
    title: 'Gift With Purchase: Travel Pouch',
    group: 'gift',
    categoryIds: [109],
    usCents: 1800,
    volumes: 'none',
    maxQuantity: 1,
    isGift: true,
  },
];

export function descriptionOf(d: Draft): string {
  switch (d.group) {
    case 'skincare':
      return `${d.title}: clinically tested, made without the ingredients on our never list. Suitable for all skin types.`;
    case 'makeup':
      return `${d.title}: buildable, long-wearing color with skin-loving botanicals.`;
    case 'sets':
      return `${d.title}: a curated set of customer favorites at a bundle price.`;
    case 'supplies':
      return `${d.title}: business supplies for consultants. Not for resale.`;
    case 'samples':
      return `${d.title}: single-use sample sachet.`;
    default:
      return `${d.title}: gentle, effective and thoughtfully formulated.`;
  }
}
