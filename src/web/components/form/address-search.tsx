import { SUGGESTED_FIELDS, type SuggestionFill } from '@domain/addresses/address-rules';
import type { AddressInput } from '@domain/addresses/addresses';
import Box from '@mui/material/Box';
import type { UseFormClearErrors, UseFormSetValue } from 'react-hook-form';
import { type AddressSearchProps, SEARCH_LOOK } from './address-search-look';
import { deferredField } from './deferred-field';

/**
 * Puts a suggestion into an address form: the values it may fill, and the fields it could not
 * fill emptied (a street it lacks is left as typed).
 */
export function applySuggestionFill(
  fill: SuggestionFill,
  setValue: UseFormSetValue<AddressInput>,
  clearErrors: UseFormClearErrors<AddressInput>,
) {
  for (const field of SUGGESTED_FIELDS) {
    const value = fill.values[field];
    if (value !== undefined) {
      setValue(field, value, { shouldDirty: true });
      clearErrors(field);
    } else if (fill.left.some((l) => l.field === field)) setValue(field, '', { shouldDirty: true });
  }
}

// The search, with MUI's Autocomplete, loads when its field is first focused or pointed at, not with
// the address form (ADR 044).
const AddressSearchField = deferredField<AddressSearchProps>(
  () => import('./address-search-field').then((m) => m.AddressSearchField),
  () => SEARCH_LOOK,
  'The address search did not load. Reload the page to try again, or enter the address below.',
);

/**
 * Find an address (spec 3 §7): typing a ZIP/postal code, a city or a street offers the customer's
 * own addresses, the addresses on file on that street, then places (`AddressSearchField`).
 */
export function AddressSearch(props: AddressSearchProps) {
  return (
    <Box sx={{ pt: 1, mb: 2 }}>
      <AddressSearchField {...props} />
    </Box>
  );
}
