import {
  EXCLUSIVE_FIELDS,
  type ExclusiveField,
  FILTER_FIELDS,
  ORDER_SEARCH_HINT,
  ORDER_SEARCH_LABELS,
  type OrderSearchField,
  type OrderSearchValues,
  withField,
} from '@domain/order-search/search';
import { COUNTRIES, ORDER_TYPES } from '@domain/reference/lists';
import InfoOutlined from '@mui/icons-material/InfoOutlined';
import SearchIcon from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { chunkLoader } from '@web/lib/chunk-load';
import { type FormEvent, useId, useState } from 'react';

interface FieldSpec {
  type?: 'text' | 'date' | 'email';
  inputMode?: 'numeric' | 'email' | 'text';
  placeholder?: string;
  helper?: string;
  options?: readonly { id: number; name: string }[];
  anyLabel?: string;
}

const FIELDS: Record<OrderSearchField, FieldSpec> = {
  firstName: { helper: 'Starts with' },
  lastName: { helper: 'Starts with' },
  orderType: { options: ORDER_TYPES, anyLabel: 'Any type' },
  orderId: { inputMode: 'numeric', placeholder: 'F1234567', helper: 'With or without F or X' },
  phoenixOrderId: { inputMode: 'numeric', placeholder: '123456789', helper: '9 digits' },
  country: { options: COUNTRIES, anyLabel: 'Anywhere' },
  dateFrom: { type: 'date' },
  dateTo: { type: 'date' },
  uid: {},
  phoenixId: { inputMode: 'numeric', placeholder: '123 or M123' },
  email: { type: 'email', inputMode: 'email' },
};

interface OrderSearchFormProps {
  values: OrderSearchValues;
  onChange: (values: OrderSearchValues) => void;
  onSearch: (values: OrderSearchValues) => void;
  onClear: () => void;
}

/**
 * The query string's rules, the server's own (they need zod): loaded as the form is first used,
 * not with the screen (ADR 043). A chunk that does not come within the time limit counts as not
 * loaded.
 */
const loadRules = chunkLoader(() => import('@domain/order-search/search-contract'));

/**
 * The order search form (spec 2 §2): the filters, then UID, Phoenix ID and Email, which search
 * alone. Typing one of those resets the other fields (and a filter resets them); Enter searches.
 * Fields are checked with the server's own rules before anything is sent.
 */
export function OrderSearchForm({ values, onChange, onSearch, onClear }: OrderSearchFormProps) {
  const [errors, setErrors] = useState<Partial<Record<OrderSearchField, string>>>({});
  const [announcement, setAnnouncement] = useState('');
  const hintId = useId();
  const idOf = (f: OrderSearchField) => `order-search-${f}`;

  const change = (field: OrderSearchField, value: string) => {
    const next = withField(values, field, value);
    const cleared = (Object.keys(values) as OrderSearchField[]).filter(
      (f) => f !== field && values[f].trim() !== '' && next[f] === '',
    );
    setAnnouncement(
      cleared.length > 0
        ? `${cleared.map((f) => ORDER_SEARCH_LABELS[f]).join(', ')} cleared: ${
            (EXCLUSIVE_FIELDS as readonly string[]).includes(field)
              ? `${ORDER_SEARCH_LABELS[field]} is searched alone.`
              : 'UID, Phoenix ID and Email cannot be combined with other criteria.'
          }`
        : '',
    );
    if (errors[field] || cleared.some((f) => errors[f])) {
      setErrors((e) =>
        Object.fromEntries(
          Object.entries(e).filter(([f]) => f !== field && !cleared.includes(f as OrderSearchField)),
        ),
      );
    }
    onChange(next);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // Without the rules (the network failed to bring them), the server's answer says what is wrong.
    const rules = await loadRules().catch(() => null);
    const found = rules ? rules.orderSearchErrors(values) : {};
    setErrors(found);
    const first = [...FILTER_FIELDS, ...EXCLUSIVE_FIELDS].find((f) => found[f]);
    if (first) {
      document.getElementById(idOf(first))?.focus();
      return;
    }
    onSearch(values);
  };

  const field = (f: OrderSearchField) => {
    const spec = FIELDS[f];
    const error = errors[f];
    const common = {
      id: idOf(f),
      name: f,
      label: ORDER_SEARCH_LABELS[f],
      size: 'small' as const,
      fullWidth: true,
      value: values[f],
      error: Boolean(error),
      helperText: error ?? spec.helper ?? ' ',
      onChange: (e: { target: { value: string } }) => change(f, e.target.value),
    };
    if (spec.options) {
      return (
        <TextField
          key={f}
          {...common}
          select
          slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
        >
          <MenuItem value="">{spec.anyLabel}</MenuItem>
          {spec.options.map((o) => (
            <MenuItem key={o.id} value={String(o.id)}>
              {o.name}
            </MenuItem>
          ))}
        </TextField>
      );
    }
    return (
      <TextField
        key={f}
        {...common}
        type={spec.type ?? 'text'}
        placeholder={spec.placeholder}
        autoComplete="off"
        slotProps={{
          inputLabel: spec.type === 'date' || spec.placeholder ? { shrink: true } : undefined,
          htmlInput: { inputMode: spec.inputMode, spellCheck: false },
        }}
      />
    );
  };

  const grid = {
    display: 'grid',
    columnGap: 2,
    // Room for each field's helper line below it and the next field's label above it.
    rowGap: 2,
    gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))', md: 'repeat(4, minmax(0, 1fr))' },
  } as const;

  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
      <Box
        component="form"
        role="search"
        aria-label="Order search"
        noValidate
        onSubmit={(event) => void submit(event)}
        onFocus={() => void loadRules().catch(() => {})}
      >
        <Box sx={grid}>{FILTER_FIELDS.map(field)}</Box>
        <Box
          id={hintId}
          sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', color: 'text.secondary', mt: 1, mb: 1.5 }}
        >
          <InfoOutlined fontSize="small" aria-hidden sx={{ mt: '2px' }} />
          <Typography variant="body2">{ORDER_SEARCH_HINT}</Typography>
        </Box>
        <Box sx={{ ...grid, gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, minmax(0, 1fr))' } }}>
          {EXCLUSIVE_FIELDS.map((f: ExclusiveField) => field(f))}
        </Box>
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mt: 1 }}>
          <Button type="submit" variant="contained" startIcon={<SearchIcon />}>
            Search
          </Button>
          <Button
            type="button"
            onClick={() => {
              setErrors({});
              setAnnouncement('');
              onClear();
            }}
          >
            Clear
          </Button>
        </Box>
        <Box role="status" aria-live="polite" sx={{ mt: announcement ? 1 : 0 }}>
          {announcement && (
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {announcement}
            </Typography>
          )}
        </Box>
      </Box>
    </Paper>
  );
}
