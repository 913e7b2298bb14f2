// Patterns behind the field rules of spec 3 §5. Pure predicates, usable without zod.

/** Local part, a domain, and a top-level part of at least 2 letters (spec 3 §5 Email). */
export const EMAIL_PATTERN =
  /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)*\.[A-Za-z]{2,}$/;

/** 5 digits, or 5 digits, a dash and 4 digits (spec 1 §5, spec 3 §5). */
export const US_ZIP_PATTERN = /^\d{5}(?:-\d{4})?$/;

/**
 * Canadian postal code A1A 1A1: the first letter is never D, F, I, O, Q, U, W or Z, the others never
 * D, F, I, O, Q or U; one optional space or dash in the middle.
 */
export const CA_POSTAL_PATTERN = /^[ABCEGHJ-NPRSTVXY]\d[ABCEGHJ-NPRSTV-Z][ -]?\d[ABCEGHJ-NPRSTV-Z]\d$/i;

/** Ten digits in the usual US ways: 5551234567, 555-123-4567, (555) 123-4567, 555.123.4567, 555 123 4567. */
export const PHONE_PATTERN = /^(?:\(\d{3}\)\s?|\d{3}[-.\s]?)\d{3}[-.\s]?\d{4}$/;

/**
 * A street address line: starts with a letter or digit and holds letters (any alphabet), digits,
 * spaces and the punctuation addresses use (. , ' # / - &).
 */
export const ADDRESS_PATTERN = /^[\p{L}\d][\p{L}\d .,'#/&-]*$/u;

/** A plain decimal number: 12, -3, 5.95, .5 */
export const FLOAT_PATTERN = /^[-+]?(?:\d+(?:\.\d*)?|\.\d+)$/;

/** A word containing "expir" anywhere, in any case (spec 1 §5 product credit reason). */
export const EXPIR_WORD_PATTERN = /expir/i;

export const TAX_NUMBER_PATTERN = /^\d{9}$/;
export const BUSINESS_NUMBER_PATTERN = /^\d{9}[A-Z]{2}\d{4}$/;

/** Country 2 is Canada; every other country uses the US zip rule (spec 3 §5). */
export const isPostalCode = (value: string, countryId: number) =>
  (countryId === 2 ? CA_POSTAL_PATTERN : US_ZIP_PATTERN).test(value.trim());
