// Promo rule types (DESIGN §6): their ids and short names, which types' discountValue is a fraction
// and which integer cents, and the end of a rule that never ends. No schemas: screens that only name
// the rules load this without zod (rule.ts, which re-exports it, has the contracts).

/** Rule type ids 0–25 with the short names the promo tool shows (DESIGN §6). */
export const RULE_TYPES = [
  { id: 0, name: 'Percent off items' },
  { id: 1, name: 'Amount off items' },
  { id: 2, name: 'Fixed price items' },
  { id: 3, name: 'Percent off subtotal' },
  { id: 4, name: 'Amount off subtotal' },
  { id: 5, name: 'Spend threshold, percent off' },
  { id: 6, name: 'Spend threshold, amount off' },
  { id: 7, name: 'Buy X get Y free' },
  { id: 8, name: 'Buy X get Y percent off' },
  { id: 9, name: 'Bundle at a fixed price' },
  { id: 10, name: 'Gift with purchase at a spend threshold' },
  { id: 11, name: 'Gift with purchase of items' },
  { id: 12, name: 'Gift choice' },
  { id: 13, name: 'Free samples' },
  { id: 14, name: 'Host reward half off' },
  { id: 15, name: 'Host reward free' },
  { id: 16, name: 'Free shipping' },
  { id: 17, name: 'Flat shipping rate' },
  { id: 18, name: 'Percent off shipping' },
  { id: 19, name: 'Shipping method drop' },
  { id: 20, name: 'Volume adjustment' },
  { id: 21, name: 'BoB and renewal windows' },
  { id: 22, name: 'Member price' },
  { id: 23, name: 'Subscription percent off' },
  { id: 24, name: 'Anniversary gift' },
  { id: 25, name: 'Tiered percent off' },
] as const;
export const ruleTypeName = (id: number): string | undefined => RULE_TYPES[id]?.name;

/** Types whose discountValue is a fraction (0.2 = 20%). */
export const PERCENT_RULE_TYPES: readonly number[] = [0, 3, 5, 8, 14, 15, 18, 23];
/** Types whose discountValue is integer cents (an amount off, or a fixed price for 2, 9, 17, 21). */
export const AMOUNT_RULE_TYPES: readonly number[] = [1, 2, 4, 6, 9, 17, 21];

/** Far-future end for rules saved without an end (9999-12-31T23:59:59Z). */
export const NO_END_SECONDS = 253_402_300_799;
