import { PROMO_SEARCH_THROTTLE_MS } from '@domain/reference/constants';
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { usePromoProducts } from '../api/promos';
import { useThrottledValue } from '../hooks/use-throttled-value';

/** Products of a business promo: SKUs typed or found by SKU or name (spec 3 §2). */
export function ProductPicker({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string[];
  onChange: (v: string[]) => void;
}) {
  const [input, setInput] = useState('');
  const q = useThrottledValue(input.trim(), PROMO_SEARCH_THROTTLE_MS);
  const found = usePromoProducts(q);
  return (
    <Autocomplete
      multiple
      freeSolo
      size="small"
      options={(found.data ?? []).map((p) => p.sku)}
      getOptionLabel={(sku) => {
        const p = found.data?.find((x) => x.sku === sku);
        return p ? `${p.sku} · ${p.title}` : sku;
      }}
      filterOptions={(x) => x}
      value={value}
      onChange={(_e, v) => onChange(v.map((s) => s.trim()).filter(Boolean))}
      inputValue={input}
      onInputChange={(_e, v) => setInput(v)}
      loading={found.isFetching}
      renderInput={(params) => <TextField {...params} label={label} helperText="Search by SKU or name" />}
    />
  );
}
