import type { z } from 'zod';
import {
  address,
  addressOptional,
  creditCardNumber,
  creditCardVerification,
  date,
  dateOfBirth,
  dateOfBirthDistributor,
  email,
  float,
  lengthExceeded,
  lengthExceededRequired,
  optional,
  phone,
  phoneOptional,
  required,
  zip,
} from './fields';
import { NAME_MAX_LENGTH } from './messages';

// The form field types of spec 3 §5 by name, for forms that declare a field's type as the spec's
// Form field does (key, value, label, type).

export const FIELD_TYPES = [
  'email',
  'zip',
  'address',
  'addressOptional',
  'required',
  'lengthExceeded',
  'lengthExceededRequired',
  'optional',
  'phone',
  'phoneOptional',
  'creditCardNumber',
  'creditCardVerification',
  'float',
  'date',
  'dateOfBirth',
  'dateOfBirthDistributor',
] as const;
export type FieldType = (typeof FIELD_TYPES)[number];

export interface FieldOptions {
  /** Country of the form, for zip (2 is Canada). */
  countryId?: number;
  /** Limit of the length types; names and address lines use 35. */
  limit?: number;
  today?: () => string;
}

/** The rule of a field type, with the field's label in its messages. */
export function ruleFor(type: FieldType, label: string, opts: FieldOptions = {}): z.ZodType {
  const limit = opts.limit ?? NAME_MAX_LENGTH;
  const today = opts.today ? { today: opts.today } : {};
  switch (type) {
    case 'email':
      return email(label);
    case 'zip':
      return zip(opts.countryId ?? 1, label);
    case 'address':
      return address(label);
    case 'addressOptional':
      return addressOptional();
    case 'required':
      return required(label);
    case 'lengthExceeded':
      return lengthExceeded(label, limit);
    case 'lengthExceededRequired':
      return lengthExceededRequired(label, limit);
    case 'optional':
      return optional();
    case 'phone':
      return phone();
    case 'phoneOptional':
      return phoneOptional(label);
    case 'creditCardNumber':
      return creditCardNumber();
    case 'creditCardVerification':
      return creditCardVerification();
    case 'float':
      return float();
    case 'date':
      return date();
    case 'dateOfBirth':
      return dateOfBirth(today);
    case 'dateOfBirthDistributor':
      return dateOfBirthDistributor(today);
  }
}
