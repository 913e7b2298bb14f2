// Input masks of spec 3 §5: each `format…` turns what is being typed into the shown form, keeping
// at most as many characters as the mask holds; each `normalize…` gives the stored form.

const digits = (value: string) => value.replace(/\D/g, '');

/** Lays digits over a mask where # is a digit slot; stops at the last typed digit. */
function overlay(value: string, mask: string): string {
  const d = digits(value);
  let out = '';
  let i = 0;
  for (const ch of mask) {
    if (i >= d.length) break;
    if (ch === '#') out += d[i++];
    else out += ch;
  }
  return out;
}

/** Phone (###) ###-####. */
export function formatPhone(value: string): string {
  const d = digits(value).slice(0, 10);
  if (d.length === 0) return '';
  if (d.length <= 3) return `(${d}`;
  if (d.length <= 6) return `(${d.slice(0, 3)}) ${d.slice(3)}`;
  return `(${d.slice(0, 3)}) ${d.slice(3, 6)}-${d.slice(6)}`;
}
/** Phone is saved without parentheses, hyphens and spaces (spec 1 §5). */
export const normalizePhone = (value: string) => value.replace(/[()\-\s.]/g, '');

/** SSN ###-##-####. */
export const formatSsn = (value: string) => overlay(value, '###-##-####');
/** SIN ###-###-###. */
export const formatSin = (value: string) => overlay(value, '###-###-###');
/** Tax id (EIN) ##-#######. */
export const formatTaxId = (value: string) => overlay(value, '##-#######');
/** Date MM/DD/YYYY. */
export const formatDate = (value: string) => overlay(value, '##/##/####');
/** Tax numbers are stored as their digits only. */
export const normalizeTaxNumber = (value: string) => digits(value);

/** Hides all but the last `keep` digits, keeping the mask's punctuation: ***-**-6789. */
function hideDigits(formatted: string, keep: number): string {
  let seen = digits(formatted).length;
  return formatted.replace(/\d/g, (ch) => (seen-- > keep ? '*' : ch));
}
/** The masked form of an SSN for reading screens: ***-**-6789. */
export const maskSsn = (value: string) => hideDigits(formatSsn(value), 4);
/** The masked form of a SIN: ***-***-789. */
export const maskSin = (value: string) => hideDigits(formatSin(value), 3);
/** The masked form of a tax id: **-***4567. */
export const maskTaxId = (value: string) => hideDigits(formatTaxId(value), 4);

export type TaxNumberKind = 'ssn' | 'sin' | 'taxId' | 'businessNumber';
/** The masked form of any tax number for reading screens (tax numbers are masked in reads). */
export function maskTaxNumber(value: string, kind: TaxNumberKind): string {
  if (kind === 'sin') return maskSin(value);
  if (kind === 'taxId') return maskTaxId(value);
  if (kind === 'businessNumber') {
    const bn = formatBusinessNumber(value);
    return `${'*'.repeat(Math.max(0, bn.length - 4))}${bn.slice(-4)}`;
  }
  return maskSsn(value);
}

/**
 * Name fields strip digits and punctuation. Apostrophes and hyphens stay: they belong to names
 * (O'Neil, Mary-Jane) and the stored customer names carry them.
 */
export const formatName = (value: string) => value.replace(/[^\p{L}\p{M}\s'-]/gu, '').replace(/\s{2,}/g, ' ');

/** Company names keep letters, digits, spaces and &. */
export const formatCompany = (value: string) =>
  value.replace(/[^\p{L}\p{M}\d\s&]/gu, '').replace(/\s{2,}/g, ' ');

/**
 * Zip strips punctuation: a US zip is its digits, with the dash put back before a +4 part; a
 * Canadian postal code is its letters and digits in capitals, as A1A 1A1.
 */
export function formatZip(value: string, countryId: number): string {
  if (countryId === 2) {
    const c = value
      .toUpperCase()
      .replace(/[^A-Z0-9]/g, '')
      .slice(0, 6);
    return c.length > 3 ? `${c.slice(0, 3)} ${c.slice(3)}` : c;
  }
  const d = digits(value).slice(0, 9);
  return d.length > 5 ? `${d.slice(0, 5)}-${d.slice(5)}` : d;
}
/** The stored zip: as formatted (12345, 12345-6789, K1A 0B1). */
export const normalizeZip = (value: string, countryId: number) => formatZip(value.trim(), countryId);

/** Business number: 9 digits, 2 letters, 4 digits (123456789RT0001). */
export function formatBusinessNumber(value: string): string {
  const chars = value.toUpperCase().replace(/[^A-Z0-9]/g, '');
  let out = '';
  for (const ch of chars) {
    const slot = out.length;
    if (slot >= 15) break;
    const wantsLetter = slot === 9 || slot === 10;
    if (wantsLetter ? /[A-Z]/.test(ch) : /\d/.test(ch)) out += ch;
  }
  return out;
}

/** Money rounds to two decimals (spec 3 §5). */
export const roundMoney = (amount: number) =>
  (Math.sign(amount) * Math.round((Math.abs(amount) + Number.EPSILON) * 100)) / 100;
/** Dollars as typed to integer cents (storage and arithmetic are in cents). */
export const dollarsToCents = (amount: number) => Math.round(roundMoney(amount) * 100);
