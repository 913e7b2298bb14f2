import { SPLIT_MESSAGES } from '@domain/checkout/split-rules';

// A split row's amount as staff type it (ADR 030).

/** Dollars typed by staff ("12.50", "$1,234") in cents; null when it is not an amount. */
export function centsOf(text: string): number | null {
  const t = text.replace(/[$,\s]/g, '');
  if (!/^\d+(\.\d{0,2})?$/.test(t)) return null;
  return Math.round(Number(t) * 100);
}

/** What is wrong with a row's amount; null when nothing is, or nothing is typed yet. */
export function amountError(text: string): string | null {
  if (text.trim() === '') return null;
  const c = centsOf(text);
  if (c === null) return 'Enter an amount in dollars, like 12.50.';
  if (c <= 0) return SPLIT_MESSAGES.amountPositive;
  return null;
}
