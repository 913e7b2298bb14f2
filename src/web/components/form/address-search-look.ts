import type { SuggestionFill } from '@domain/addresses/address-rules';
import type { StandInLook } from './deferred-field';

// The address search's props and look, for its field and the plain field standing in for it until
// its code is there (ADR 044).

export interface AddressSearchProps {
  countryId: 1 | 2;
  uid: string;
  onFill: (fill: SuggestionFill) => void;
}

export const SEARCH_LOOK: StandInLook = {
  label: 'Find an address',
  helperText: 'Street, city, ZIP or postal code',
  size: 'small',
  fullWidth: true,
};
