import type { QuickSearchConsultant } from '@domain/customers/quick-search';
import { SEARCH_DEBOUNCE_MS } from '@domain/reference/constants';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type Carried, useCarried } from '@web/components/form/deferred-field';
import { useTypedSearch } from '@web/lib/use-debounced-value';
import { useConsultantSearch } from '../api/account';

export interface ConsultantPickerProps extends Carried {
  label: string;
  countryId: number;
  value: QuickSearchConsultant | null;
  onChange: (value: QuickSearchConsultant | null) => void;
}

/** Consultant quick search (spec 1 §7): a name, or an account number (digits or M + digits). */
export function ConsultantPicker({
  label,
  countryId,
  value,
  onChange,
  initialText = '',
  autoFocus = false,
}: ConsultantPickerProps) {
  const typed = useTypedSearch(SEARCH_DEBOUNCE_MS, initialText);
  const debounced = typed.query;
  const search = useConsultantSearch(debounced, countryId);
  const carried = useCarried({ initialText, autoFocus }, typed.onInputChange);
  return (
    <Autocomplete
      value={value}
      onChange={(_event, next) => onChange(next)}
      inputValue={typed.text}
      onInputChange={carried.onInputChange}
      openOnFocus={carried.openOnFocus}
      onOpen={carried.onOpen}
      options={search.data ?? []}
      filterOptions={(options) => options}
      getOptionLabel={(o) => `${o.fullName} (#${o.phoenixId})`}
      isOptionEqualToValue={(a, b) => a.uid === b.uid}
      loading={search.isFetching}
      noOptionsText={debounced.trim().length < 2 ? 'Type a name or an account number' : 'No consultant found'}
      renderOption={({ key, ...props }, o) => (
        <Box component="li" key={key} {...props}>
          <Box>
            <Typography variant="body2">{o.fullName}</Typography>
            <Typography variant="caption" sx={{ color: 'text.secondary' }}>
              #{o.phoenixId}
              {o.email ? ` · ${o.email}` : ''}
            </Typography>
          </Box>
        </Box>
      )}
      renderInput={(params) => <TextField {...params} label={label} size="small" autoFocus={autoFocus} />}
      sx={{ flex: 1, minWidth: 220 }}
    />
  );
}
