import { maskTaxNumber, taxNumberKind } from '@domain/accounts/tax-number';
import { type DataKeyring, sealedKeyId } from '../../platform/data-keys';

// Tax numbers at rest (ADR 022): `accounts.tax_number` holds the digits sealed with the data key
// ring, bound to the account's uid. The digits exist in memory only to be masked; no answer, log
// line or change-log event carries them.

/** What a sealed tax number is bound to: a value copied onto another account does not open. */
export const taxNumberContext = (uid: string) => `accounts.tax_number:${uid}`;

export const sealTaxNumber = (keyring: DataKeyring, uid: string, digits: string) =>
  keyring.seal(digits, taxNumberContext(uid));

/**
 * The digits of an account's tax number. A value stored before encryption (not yet sealed by the
 * start-up pass, or written by an older version during a rolling deploy) is read as it is.
 */
export function openTaxNumber(
  keyring: DataKeyring,
  row: { uid: string; sealedTaxNumber: string | null },
): string | null {
  const stored = row.sealedTaxNumber;
  if (!stored) return null;
  if (sealedKeyId(stored) === null) return stored;
  return keyring.open(stored, taxNumberContext(row.uid));
}

/** The masked form screens and the change log show (spec 3 §5): ***-**-6789. */
export function maskedTaxNumber(
  keyring: DataKeyring,
  row: { uid: string; sealedTaxNumber: string | null; countryId: number; isEntity: boolean },
): string | null {
  return maskTaxNumber(openTaxNumber(keyring, row), taxNumberKind(row.countryId, row.isEntity));
}
