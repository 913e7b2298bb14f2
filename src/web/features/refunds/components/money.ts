// Money typed by staff: dollars with up to two decimals. Empty counts as 0 (spec 2 §5 "empty card
// amounts count as 0"); anything else that is not money is a field error.

const MONEY = /^\d{1,7}(\.\d{0,2})?$/;

export type MoneyInput = { cents: number; error: false } | { cents: 0; error: true };

export function parseMoney(text: string): MoneyInput {
  const t = text.trim().replace(/^\$/, '');
  if (t === '') return { cents: 0, error: false };
  if (!MONEY.test(t)) return { cents: 0, error: true };
  return { cents: Math.round(Number(t) * 100), error: false };
}

export const centsToInput = (cents: number) => (cents / 100).toFixed(2);
