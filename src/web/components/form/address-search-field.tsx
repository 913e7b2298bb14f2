import { type SuggestedPlace, type SuggestionFill, suggestionFillOf } from '@domain/addresses/address-rules';
import type { AutocompleteAnswer as AutocompleteContract } from '@domain/maps/maps';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import { useQuery } from '@tanstack/react-query';
import { api } from '@web/lib/api-client';
import { chunkLoader, isChunkLoadError } from '@web/lib/chunk-load';
import { useTypedSearch } from '@web/lib/use-debounced-value';
import { useState } from 'react';
import type { z } from 'zod';
import { AutocompleteAnswer } from './address-answers';
import { type AddressSearchProps, SEARCH_LOOK } from './address-search-look';
import { type Carried, useCarried } from './deferred-field';

type Option = z.infer<typeof AutocompleteContract>['Results'][number];

// A pick is checked with the address form's schema (ADR 044: forms load their schema on first
// use): the search is a field of the form, whose first focus has started fetching it.
const addressSchema = chunkLoader(() => import('@domain/addresses/addresses'));

/**
 * What a picked suggestion fills (`suggestionFill`). If the schema cannot be fetched, the
 * suggestion's values fill the form as given and the server checks them when the form is sent.
 */
async function fillOf(place: SuggestedPlace, countryId: 1 | 2): Promise<SuggestionFill> {
  try {
    return (await addressSchema()).suggestionFill(place, countryId);
  } catch (error) {
    if (!isChunkLoadError(error)) throw error;
    return suggestionFillOf(place, countryId, new Map());
  }
}

const GROUPS = {
  saved: "This customer's addresses",
  onFile: 'Addresses on file',
  place: 'Places',
} as const;

/** Autocomplete (spec 3 §7, ADR 029): the customer's addresses, addresses on file on that street, places. */
function useAddressSuggestions(ff: string, country: 'US' | 'CA', uid: string) {
  return useQuery({
    queryKey: ['address-autocomplete', ff, country, uid],
    enabled: ff.trim().length >= 2,
    queryFn: ({ signal }) =>
      api
        .get('/api/address/autocomplete', AutocompleteAnswer, {
          signal,
          query: { ff, country, uid, maxrecords: 10 },
        })
        .then((r) => r.Results),
  });
}

/**
 * Find an address (spec 3 §7): typing a ZIP/postal code, a city or a street offers the customer's
 * own addresses, the addresses on file on that street, then places. A pick fills only what the
 * address form accepts (suggestionFill) and says which fields are left to enter, and why.
 */
export function AddressSearchField({
  countryId,
  uid,
  onFill,
  initialText = '',
  autoFocus = false,
}: AddressSearchProps & Carried) {
  const typed = useTypedSearch(300, initialText);
  const carried = useCarried({ initialText, autoFocus }, typed.onInputChange);
  const ff = typed.query;
  const [left, setLeft] = useState<SuggestionFill['left']>([]);
  const found = useAddressSuggestions(ff, countryId === 2 ? 'CA' : 'US', uid);
  const options = found.data ?? [];
  return (
    <>
      <Autocomplete
        size="small"
        options={options}
        filterOptions={(o) => o}
        groupBy={(o) => GROUPS[o.Source ?? 'place']}
        getOptionLabel={(o) => o.Address.Address}
        isOptionEqualToValue={(a, b) => a.Address.Address === b.Address.Address}
        loading={found.isFetching}
        noOptionsText={ff.trim().length < 2 ? 'Type 2 or more characters' : 'No address found'}
        inputValue={typed.text}
        onInputChange={carried.onInputChange}
        openOnFocus={carried.openOnFocus}
        onOpen={carried.onOpen}
        onChange={(_, v: Option | null) => {
          if (!v) return;
          void fillOf(
            {
              address: v.Address.DeliveryAddress,
              city: v.Address.Locality,
              region: v.Address.AdministrativeArea,
              postalCode: v.Address.PostalCode,
            },
            countryId,
          ).then((fill) => {
            setLeft(fill.left);
            onFill(fill);
          });
        }}
        renderInput={(params) => (
          <TextField
            {...params}
            label={SEARCH_LOOK.label}
            helperText={SEARCH_LOOK.helperText}
            autoFocus={autoFocus}
          />
        )}
      />
      <Box role="status" aria-live="polite">
        {left.length > 0 && (
          <Alert severity="info" sx={{ mt: 1 }} data-testid="suggestion-left">
            The suggestion fills only part of the address. Left empty for you to enter:
            <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
              {left.map((l) => (
                <li key={l.field}>
                  {l.label}: {l.reason}
                </li>
              ))}
            </Box>
          </Alert>
        )}
      </Box>
    </>
  );
}
