import type { QuickSearchConsultant } from '@domain/customers/quick-search';
import { SEARCH_DEBOUNCE_MS } from '@domain/reference/constants';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTypedSearch } from '@web/lib/use-debounced-value';
import { useRef, useState } from 'react';
import { useConsultantSearch } from '../api/account';

export interface ConsultantPickerProps {
  label: string;
  countryId: number;
  value: QuickSearchConsultant | null;
  onChange: (value: QuickSearchConsultant | null) => void;
  /** What was typed in the field that stood in for the picker while its code loaded (ADR 044). */
  initialText?: string;
  /** Takes the focus from that field, and opens the list as it does. */
  autoFocus?: boolean;
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
  // The text typed before the picker arrived stays until the agent changes it, picks or leaves:
  // the picker empties a field without a chosen consultant when it appears, as it does on leaving.
  const carried = useRef(initialText !== '');
  // The list opens as the picker takes the focus over; later it opens as before (a click, typing).
  const [openOnFocus, setOpenOnFocus] = useState(autoFocus);
  return (
    <Autocomplete
      value={value}
      onChange={(_event, next) => onChange(next)}
      inputValue={typed.text}
      onInputChange={(event, text, reason) => {
        if (reason === 'reset' && carried.current) return;
        carried.current = false;
        typed.onInputChange(event, text, reason);
      }}
      openOnFocus={openOnFocus}
      onOpen={() => setOpenOnFocus(false)}
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
