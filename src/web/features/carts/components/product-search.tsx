import type { CartView, ProductHit } from '@domain/carts/cart';
import { formatMoney } from '@domain/reference/money';
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { type StandInLook, useCarried } from '@web/components/form/deferred-field';

export interface ProductSearchProps {
  cart: CartView;
  /** The label, size and width of the field it takes the place of. */
  look: StandInLook;
  /** What is typed: a SKU, or a name searched for. */
  text: string;
  onText: (event: unknown, text: string, reason: string) => void;
  hits: ProductHit[];
  picked: ProductHit | null;
  onPick: (hit: ProductHit | null) => void;
  /** Takes the focus from the field that stood in for it, and opens its list as it does. */
  autoFocus?: boolean;
}

/** The product search of a cart (spec 2 §2): a SKU as typed, or a product picked by its name. */
export function ProductSearch({
  cart,
  look,
  text,
  onText,
  hits,
  picked,
  onPick,
  autoFocus = false,
}: ProductSearchProps) {
  // The list opens as the field takes the focus over from its stand-in, then as before (a click, typing).
  const carried = useCarried({ autoFocus }, onText);
  return (
    <Autocomplete
      sx={look.sx}
      freeSolo
      options={hits}
      filterOptions={(x) => x}
      value={picked}
      inputValue={text}
      onInputChange={carried.onInputChange}
      openOnFocus={carried.openOnFocus}
      onOpen={carried.onOpen}
      onChange={(_e, v) => onPick(typeof v === 'string' ? null : v)}
      getOptionLabel={(o) => (typeof o === 'string' ? o : `${o.sku} · ${o.title}`)}
      renderOption={(props, o) => (
        <li {...props} key={o.sku}>
          {o.sku} · {o.title}
          {o.swatchLabel ? `, ${o.swatchLabel}` : ''} —{' '}
          {formatMoney(o.priceInCents, cart.currency.name, cart.localeCode)}
          {o.inStock ? '' : ' (out of stock)'}
        </li>
      )}
      renderInput={(params) => (
        <TextField {...params} size={look.size} label={look.label} autoFocus={autoFocus} />
      )}
    />
  );
}
