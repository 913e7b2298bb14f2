// Business promo form (spec 3 §2, §4–§5): the few fields a business author fills, and the stored
// rule they publish. Each type shows only the fields it reads (ADR 023): no discount for a free
// type, "Buy how many" and "Get how many" for buy X get Y. Without zod: the form's rules
// (BusinessPromoInput, business-form.ts) load when it is first used (ADR 044).
import { zoneTimeSeconds } from '../platform/time-zone';
import { AMOUNT_RULE_TYPES, PERCENT_RULE_TYPES } from './rule-types';

export type DurationState = 'no-duration' | 'editing-duration' | 'duration-saved';

export interface BusinessPromoForm {
  name: string;
  /** Rule type id 0–25, or null before one is chosen. */
  id: number | null;
  countries: number[];
  userTypes: number[];
  conditionItems: string[];
  actionItems: string[];
  /** Percent for percent types, dollars for amount types, as typed. */
  discount: string;
  /** Buy X get Y: condition units bought per application (X), as typed. */
  buy: string;
  /** Buy X get Y: units given per application (Y), as typed. */
  get: string;
  /** Calendar days (YYYY-MM-DD, Pacific) when a duration is saved. */
  duration: { start: string; end: string } | null;
}

/** Which fields the form shows for a type, and so which it publishes. */
export interface BusinessFields {
  conditionItems: boolean;
  actionItems: boolean;
  /** "Buy how many" and "Get how many": types 7, 8 and 11. */
  buyGet: boolean;
  discount: { kind: 'percent' | 'amount'; label: string } | null;
}

/** Types that give Y units for X bought (DESIGN §6). */
const BUY_GET_TYPES: readonly number[] = [7, 8, 11];
/** Types without action products: subtotal, shipping, membership windows and tiers. */
const NO_ACTION_PRODUCTS: readonly number[] = [3, 4, 5, 6, 16, 17, 18, 19, 21, 25];
/** Types without condition products: the engine's condition is a spend or none at all. */
const NO_CONDITION_PRODUCTS: readonly number[] = [10, 14, 15, 20, 21, 22, 23, 24];
/** Percent types whose value the form does not ask for: host reward free is 100% by definition. */
const NO_DISCOUNT: readonly number[] = [15];
const PRICE_LABELS: Record<number, string> = {
  2: 'Price ($)',
  9: 'Bundle price ($)',
  17: 'Shipping rate ($)',
  21: 'Price ($)',
};

export function businessFieldsFor(id: number | null): BusinessFields {
  if (id === null) return { conditionItems: false, actionItems: false, buyGet: false, discount: null };
  const percent = PERCENT_RULE_TYPES.includes(id) && !NO_DISCOUNT.includes(id);
  const amount = AMOUNT_RULE_TYPES.includes(id);
  return {
    conditionItems: !NO_CONDITION_PRODUCTS.includes(id),
    actionItems: !NO_ACTION_PRODUCTS.includes(id),
    buyGet: BUY_GET_TYPES.includes(id),
    discount: percent
      ? { kind: 'percent', label: 'Discount (%)' }
      : amount
        ? { kind: 'amount', label: PRICE_LABELS[id] ?? 'Discount ($)' }
        : null,
  };
}

/** Most units "Buy how many" and "Get how many" take. */
export const MAX_BUY_GET_UNITS = 99;

/** A typed unit count: a whole number from 1 to 99, or null. */
export function unitCount(text: string): number | null {
  const t = text.trim();
  if (!/^\d{1,2}$/.test(t)) return null;
  const n = Number(t);
  return n >= 1 && n <= MAX_BUY_GET_UNITS ? n : null;
}

export const BUY_GET_MESSAGE = `A whole number from 1 to ${MAX_BUY_GET_UNITS}`;

/** What a buy X get Y rule does, in the author's words ("Buy 2, get 1 more free"). */
export function buyGetSummary(f: Pick<BusinessPromoForm, 'id' | 'buy' | 'get' | 'discount'>): string | null {
  const x = unitCount(f.buy);
  const y = unitCount(f.get);
  if (x === null || y === null || !BUY_GET_TYPES.includes(f.id ?? -1)) return null;
  const units = (n: number) => (n === 1 ? '1 more' : `${n} more`);
  if (f.id === 7) return `Buy ${x}, get ${units(y)} free.`;
  if (f.id === 8) return `Buy ${x}, get ${units(y)} at ${f.discount.trim() || '…'}% off.`;
  return `Buy ${x}, get ${y === 1 ? '1 gift' : `${y} gifts`}.`;
}

/** The detailed form appears once name and type are set. */
export const businessFormOpen = (f: Pick<BusinessPromoForm, 'name' | 'id'>) =>
  f.name.trim() !== '' && f.id !== null;

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const isInt = (v: unknown): v is number => Number.isSafeInteger(v);
const isString = (v: unknown): v is string => typeof v === 'string';
const everyOf = (v: unknown, is: (x: unknown) => boolean) => Array.isArray(v) && v.every(is);

/**
 * Whether the form may be published: the checks of BusinessPromoInput (business-form.ts), made
 * without zod so the screen can tell as the form is filled in, before its rules are loaded (ADR
 * 044). A test holds the two to the same answers.
 */
export function businessFormComplete(f: BusinessPromoForm): boolean {
  const { duration } = f;
  return (
    isString(f.name) &&
    f.name.trim() !== '' &&
    isInt(f.id) &&
    everyOf(f.countries, isInt) &&
    f.countries.length >= 1 &&
    everyOf(f.userTypes, isInt) &&
    f.userTypes.length >= 1 &&
    everyOf(f.conditionItems, isString) &&
    everyOf(f.actionItems, isString) &&
    [f.discount, f.buy, f.get].every(isString) &&
    (duration === null || (isRecord(duration) && isString(duration.start) && isString(duration.end))) &&
    (!businessFieldsFor(f.id).buyGet || (unitCount(f.buy) !== null && unitCount(f.get) !== null))
  );
}

/**
 * The stored rule the business form publishes; a duration runs 12:00a to 11:59p Pacific. Only the
 * fields the type shows are written. Buy X get Y takes X condition units, then Y more as action
 * units, the same unit never both (`skip`), once per order.
 */
export function businessToStored(f: BusinessPromoForm): Record<string, unknown> {
  const fields = businessFieldsFor(f.id);
  const amount = Number(f.discount);
  const value =
    !fields.discount || f.discount.trim() === '' || !Number.isFinite(amount)
      ? undefined
      : fields.discount.kind === 'percent'
        ? amount / 100
        : Math.round(amount * 100);
  const x = unitCount(f.buy);
  const y = unitCount(f.get);
  const iso = (seconds: number) => new Date(seconds * 1000).toISOString();
  return {
    name: f.name.trim(),
    id: f.id,
    active: false,
    stop: false,
    regionId: f.countries,
    userTypes: f.userTypes,
    conditionItems: fields.conditionItems ? f.conditionItems : [],
    actionItems: fields.actionItems ? f.actionItems : [],
    ...(fields.buyGet && x !== null && y !== null
      ? {
          conditionQuantity: { min: x, skip: true, combineConditionItems: true },
          actionQuantity: { max: 1, perConditionItem: y },
        }
      : {}),
    ...(value === undefined
      ? {}
      : { discountValue: Object.fromEntries(f.countries.map((c) => [String(c), value])) }),
    ...(f.duration
      ? {
          startDate: iso(zoneTimeSeconds(f.duration.start, [0, 0, 0])),
          endDate: iso(zoneTimeSeconds(f.duration.end, [23, 59, 0])),
        }
      : {}),
  };
}
