import type { SimulateRequest } from '@domain/promos/tool';
import { type PromoCollection, parseSkuList } from '@domain/promos/tool-rules';
import type { LocaleCode } from '@domain/reference/lists';

// The simulator's sample cart (spec 3 §2 Promo tool: a cart simulator with address and shipping
// rates): its settings, lines and own rates, and the request that prices them.

export interface LineRow {
  sku: string;
  quantity: string;
  /** Flags a loaded cart's line carries (spec 3 §3 cart line item): kept so it prices as in the cart. */
  isHostReward?: boolean;
  subscription?: boolean;
  selectedVariant?: string;
}
export const BLANK_LINE: LineRow = { sku: '', quantity: '1' };
export const BLANK_RATE = { method: '', amount: '' };
export type RateRow = typeof BLANK_RATE;
export type HostRewardItem = { sku: string; quantity: number; isFree: boolean };

/** What a loaded cart prices from besides its lines and codes: sent as loaded. */
export interface LoadedExtras {
  localeCode: string;
  checkoutCodes: string[];
  promoItems: { sku: string; quantity: number; promo: string }[];
  removedPromoItems: string[];
  giftSelections: { promo: string; sku: string }[];
}

/** Who buys, where, when and how it ships. */
export interface SimulatorSettings {
  userType: number;
  regionId: 1 | 2;
  channel: string;
  codes: string;
  customer: string;
  /** datetime-local text, in the browser's time zone. */
  at: string;
  shippingMethod: string;
  /** Ship-to address (spec 3 §2): its state or province sets the tax; the country is the region's. */
  shipRegion: string;
  shipPostalCode: string;
}

const localInput = (d: Date) => {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
};

export const initialSettings = (now = new Date()): SimulatorSettings => ({
  userType: 3,
  regionId: 1,
  channel: '4',
  codes: '',
  customer: '',
  at: localInput(now),
  shippingMethod: '',
  shipRegion: '',
  shipPostalCode: '',
});

export const settingsChange = (settings: SimulatorSettings, patch: Partial<SimulatorSettings>) => ({
  ...settings,
  ...patch,
});

/** The lines that price: a SKU typed, a whole quantity of at least 1. */
export const pricedProducts = (lines: readonly LineRow[]) =>
  lines
    .filter((l) => l.sku.trim())
    .map((l) => ({
      sku: l.sku.trim(),
      quantity: Math.max(1, Math.floor(Number(l.quantity) || 1)),
      ...(l.isHostReward ? { isHostReward: true } : {}),
      ...(l.subscription ? { subscription: true } : {}),
      ...(l.selectedVariant ? { selectedVariant: l.selectedVariant } : {}),
    }));

/** Own shipping rates (spec 3 §7 newShippingRates) with a method and an amount; none means the region's. */
export const ownShippingRates = (rates: readonly RateRow[]) =>
  rates
    .filter((r) => r.method && r.amount.trim() !== '' && Number.isFinite(Number(r.amount)))
    .map((r) => ({ method: Number(r.method), amount: Math.max(0, Math.round(Number(r.amount) * 100)) }));

/** What a loaded line is besides its SKU: a host reward (free or half off), a subscription. */
export function lineNote(line: LineRow, hostRewards: readonly { sku: string; isFree: boolean }[]) {
  const notes = [
    ...(line.isHostReward
      ? [hostRewards.find((h) => h.sku === line.sku)?.isFree ? 'Host reward, free' : 'Host reward, half off']
      : []),
    ...(line.subscription ? ['Subscription'] : []),
  ];
  return notes.length > 0 ? notes.join(' · ') : undefined;
}

interface SimulationParts {
  settings: SimulatorSettings;
  lines: readonly LineRow[];
  rates: readonly RateRow[];
  hostRewardItems: HostRewardItem[];
  extras: LoadedExtras | null;
  collection: PromoCollection;
  draft: Record<string, unknown> | null;
}

/** The request that prices the sample cart against the collection and the rule being edited. */
export function simulationRequest(parts: SimulationParts): SimulateRequest {
  const { settings: s, extras } = parts;
  const regionId = s.regionId;
  const newShippingRates = ownShippingRates(parts.rates);
  // A loaded cart's locale while its region is kept; otherwise the region's.
  const localcode =
    extras && (extras.localeCode.endsWith('-CA') ? 2 : 1) === regionId ? extras.localeCode : null;
  return {
    ...(newShippingRates.length > 0 ? { newShippingRates } : {}),
    ...(s.customer.trim() ? { customer: s.customer.trim() } : {}),
    timestamp: Math.floor(new Date(s.at).getTime() / 1000),
    channel: /^\d+$/.test(s.channel) ? Number(s.channel) : s.channel,
    ...(localcode ? { localcode: localcode as LocaleCode } : {}),
    user: { userType: s.userType, regionId },
    cart: {
      products: pricedProducts(parts.lines),
      promoTags: [
        ...parseSkuList(s.codes).map((code) => ({ code })),
        ...(extras?.checkoutCodes ?? []).map((code) => ({ code, fromCheckout: true })),
      ],
      hostRewardItems: parts.hostRewardItems,
      ...(extras
        ? {
            promoItems: extras.promoItems,
            removedPromoItems: extras.removedPromoItems,
            giftSelections: extras.giftSelections,
          }
        : {}),
      shipping: {
        method: s.shippingMethod ? Number(s.shippingMethod) : null,
        ...(s.shipRegion.trim()
          ? {
              address: {
                country: regionId === 2 ? ('CA' as const) : ('US' as const),
                region: s.shipRegion.trim(),
                ...(s.shipPostalCode.trim() ? { postalCode: s.shipPostalCode.trim() } : {}),
              },
            }
          : {}),
      },
    },
    collection: parts.collection,
    ...(parts.draft ? { draft: parts.draft } : {}),
  };
}
