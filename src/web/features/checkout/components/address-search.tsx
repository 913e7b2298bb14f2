import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useDebouncedValue } from '@web/lib/use-debounced-value';
import { useState } from 'react';
import { useAddressSuggestions } from '../api/checkout';

export interface AddressPick {
  address: string;
  city: string;
  region: string;
  postalCode: string;
}

/** Address autocomplete (spec 3 §7): the customer's addresses on file, then places by ZIP/postal code or city. */
export function AddressSearch({
  countryId,
  uid,
  onPick,
}: {
  countryId: 1 | 2;
  uid: string;
  onPick: (p: AddressPick) => void;
}) {
  const [text, setText] = useState('');
  const ff = useDebouncedValue(text, 300);
  const found = useAddressSuggestions(ff, countryId === 2 ? 'CA' : 'US', uid);
  const options = found.data ?? [];
  return (
    <Autocomplete
      size="small"
      options={options}
      filterOptions={(o) => o}
      getOptionLabel={(o) => o.Address}
      isOptionEqualToValue={(a, b) => a.Address === b.Address}
      loading={found.isFetching}
      onInputChange={(_, v) => setText(v)}
      onChange={(_, v) => {
        if (v)
          onPick({
            address: v.DeliveryAddress,
            city: v.Locality,
            region: v.AdministrativeArea,
            postalCode: v.PostalCode,
          });
      }}
      renderInput={(params) => (
        <TextField {...params} label="Find an address (ZIP/postal code, city or street)" />
      )}
      sx={{ mb: 2 }}
    />
  );
}
