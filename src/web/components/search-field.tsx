import SearchIcon from '@mui/icons-material/Search';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';

interface SearchFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  autoFocus?: boolean;
}

/** The search box of list screens: a labelled search input with the magnifier in front. */
export function SearchField({ label, value, onChange, autoFocus }: SearchFieldProps) {
  return (
    <TextField
      label={label}
      type="search"
      size="small"
      value={value}
      autoFocus={autoFocus}
      onChange={(event) => onChange(event.target.value)}
      slotProps={{
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <SearchIcon fontSize="small" />
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
