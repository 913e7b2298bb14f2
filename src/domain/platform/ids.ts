import { z } from 'zod';

// Ids and whole numbers as they arrive in paths and query strings: strict text, never coerced.
// `Number()` would take "0x10", "+1", "1e1", " 1" and "1.0"; these schemas take plain decimal
// digits only, so one id has one spelling.

/** 1 to 2^53 − 1: exact in a JS number, and within a PostgreSQL bigint. */
const DECIMAL_ID = /^[1-9][0-9]{0,15}$/;
const DECIMAL = /^(?:0|[1-9][0-9]{0,15})$/;
/** A staff user's UUID or a customer account id (alphanumeric, 28 characters in practice). */
const USER_UID =
  /^(?:[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}|[A-Za-z0-9]{1,64})$/;

/** A positive integer id (bigserial) in plain decimal: "16", never "0x10", "+16", "016" or "16.0". */
export const integerId = (message = 'Must be a positive whole number') =>
  z
    .string()
    .regex(DECIMAL_ID, { message, abort: true })
    .refine((s) => Number.isSafeInteger(Number(s)), message)
    .transform(Number);

/** A UUID id (staff users): RFC 9562 form, hyphenated, no braces. */
export const uuidId = (message = 'Must be a UUID') => z.uuid(message);

/** The `uid` of a person: a staff user's UUID or a customer account id. */
export const userUid = (message = 'Not a user or account id') => z.string().regex(USER_UID, message);

/** A whole number in a query string (page, limit): plain decimal, from min to max. */
export const decimalInt = (
  min: number,
  max: number,
  message = `Must be a whole number from ${min} to ${max}`,
) =>
  z
    .string()
    .regex(DECIMAL, message)
    .transform(Number)
    .pipe(z.number().int().min(min, message).max(max, message));
