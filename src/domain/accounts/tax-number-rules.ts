import {
  formatBusinessNumber,
  formatSin,
  formatSsn,
  formatTaxId,
  maskSin,
  maskSsn,
  maskTaxId,
} from '../validation/masks';

// Tax identifiers (spec 1 §3 Account record: ssn, sin, taxId, businessNumber, entityName; §5 Tax
// number). One number is stored per account, as digits; its kind follows from the country and
// the entity flag: a US person has an SSN, a US entity a tax id (EIN), a Canadian person a SIN,
// a Canadian entity a business number. The full number never leaves the server: reads mask it.
// The kinds, their labels and masks; the request's rules are in tax-number.ts.

export const TAX_NUMBER_KINDS = ['ssn', 'sin', 'taxId', 'businessNumber'] as const;
export type TaxNumberKind = (typeof TAX_NUMBER_KINDS)[number];

export const TAX_NUMBER_LABELS: Record<TaxNumberKind, string> = {
  ssn: 'SSN',
  sin: 'SIN',
  taxId: 'Tax ID',
  businessNumber: 'Business number',
};

/** Input masks (spec 3 §5): # is a digit, A a letter. */
export const TAX_NUMBER_MASKS: Record<TaxNumberKind, string> = {
  ssn: '###-##-####',
  sin: '###-###-###',
  taxId: '##-#######',
  businessNumber: '#########AA####',
};

export function taxNumberKind(countryId: number, isEntity: boolean): TaxNumberKind {
  if (countryId === 2) return isEntity ? 'businessNumber' : 'sin';
  return isEntity ? 'taxId' : 'ssn';
}

/** The masked form shown on screens (spec 3 §5 masks): ***-**-6789, ***-***-789, **-***4567. */
export function maskTaxNumber(stored: string | null | undefined, kind: TaxNumberKind): string | null {
  if (!stored) return null;
  if (kind === 'ssn') return maskSsn(stored);
  if (kind === 'sin') return maskSin(stored);
  if (kind === 'taxId') return maskTaxId(stored);
  return `${'*'.repeat(Math.max(0, stored.length - 4))}${stored.slice(-4)}`;
}

/** The input mask of each kind while typing. */
export const formatTaxNumberInput = (kind: TaxNumberKind, value: string): string =>
  kind === 'ssn'
    ? formatSsn(value)
    : kind === 'sin'
      ? formatSin(value)
      : kind === 'taxId'
        ? formatTaxId(value)
        : formatBusinessNumber(value);

/** The tax number section's fields (spec 1 §5 Tax number). */
export interface TaxNumberFields {
  number: string;
  isEntity: boolean;
  entityName: string;
}

/** `POST /api/cs/taxNumber` as sent: the number under its kind's key, the entity name for an entity. */
export type TaxNumberBody = { uid: string; isEntity: boolean; entityName: string | null } & Partial<
  Record<TaxNumberKind, string>
>;

/** The section's fields as the request: the kind follows from the account's country and the flag. */
export function taxNumberBody(
  uid: string,
  countryId: number,
  { number, isEntity, entityName }: TaxNumberFields,
): TaxNumberBody {
  const kinds: Partial<Record<TaxNumberKind, string>> = { [taxNumberKind(countryId, isEntity)]: number };
  return { uid, ...kinds, isEntity, entityName: isEntity ? entityName : null };
}
