import { USER_TYPE } from '../reference/lists';
import { MESSAGES } from './messages';
import { isPostalCode } from './patterns';

// The field rules a screen checks without zod (ADR 044): the zod builders of fields.ts use the same
// ones, so a form and the server refuse the same values with the same words.

/** The zip rule's message for a country, or null when the code is valid (country 2 is Canada). */
export function zipIssue(value: string, countryId: number): string | null {
  if (isPostalCode(value, countryId)) return null;
  return countryId === 2 ? MESSAGES.caPostal : MESSAGES.usZip;
}

/** DESIGN §5: Consultant, Member and Employee need the distributor rule; the others may leave it empty. */
export const DISTRIBUTOR_DOB_TYPES: readonly number[] = [
  USER_TYPE.consultant,
  USER_TYPE.member,
  USER_TYPE.employee,
];

/** A card number once spaces and dashes are taken out: 13 to 19 digits. */
export const CARD_NUMBER = /^\d{13,19}$/;
/** A card security code: 3 or 4 digits. */
export const CARD_VERIFICATION = /^\d{3,4}$/;

/** Luhn check of a card number's digits. */
export function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return digits.length > 0 && sum % 10 === 0;
}

/** What the new-card form holds before the gateway turns it into a token. */
export interface NewCardInput {
  number: string;
  cvv: string;
  expiry: string;
  postal: string;
}

/**
 * The new-card form's problems by field (number, cvv, expiry, postal), empty when it may be sent to
 * the gateway: one rule for the single-card form and each row of a split payment, the same as
 * `creditCardNumber()` and `creditCardVerification()` in fields.ts.
 */
export function newCardProblems(card: NewCardInput): Partial<Record<keyof NewCardInput, string>> {
  const found: Partial<Record<keyof NewCardInput, string>> = {};
  const digits = card.number.replace(/[\s-]/g, '');
  if (!(CARD_NUMBER.test(digits) && passesLuhn(digits))) found.number = MESSAGES.creditCardNumber;
  if (!CARD_VERIFICATION.test(card.cvv.trim())) found.cvv = MESSAGES.creditCardVerification;
  if (!/^(0[1-9]|1[0-2])\s*\/\s*\d{2}$/.test(card.expiry)) found.expiry = 'Expiry must be MM/YY';
  if (!card.postal.trim()) found.postal = 'Postal code is required';
  return found;
}
