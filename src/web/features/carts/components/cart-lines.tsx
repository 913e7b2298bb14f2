import type { CartView } from '@domain/carts/cart';
import { cartLineStep } from '@domain/carts/line-money';
import { CART_MESSAGES } from '@domain/carts/messages';
import { formatMoney, formatMoneyOff } from '@domain/reference/money';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { visuallyHidden } from '@mui/utils';
import { useAlert } from '@web/components/alert/alert-context';
import { CardActions, CardFields, CardList, CardTitle, useCardLayout } from '@web/components/card-list';
import { priceStepText } from '@web/components/money-summary';
import { errorMessage } from '@web/lib/api-client';
import { useState } from 'react';
import { useRemoveLine, useSetQuantity } from '../api/carts';
import { useNewLines } from '../hooks/use-new-lines';
import { ScrollTable } from './parts';

type Line = CartView['products'][number];

function QuantityField({ cartId, line }: { cartId: string; line: Line }) {
  const [value, setValue] = useState(String(line.quantity));
  const setQuantity = useSetQuantity(cartId);
  const alert = useAlert();
  const commit = () => {
    if (value === String(line.quantity)) return;
    const quantity = Number(value);
    if (value.trim() !== '' && quantity < 1) {
      alert.error(CART_MESSAGES.positiveQuantity);
      setValue(String(line.quantity));
      return;
    }
    // An invalid quantity (empty, not a whole number) removes the line (spec 2 §4).
    setQuantity.mutate(
      { lineId: line.id, quantity: value.trim() === '' ? Number.NaN : quantity },
      {
        onError: (e) => {
          alert.error(errorMessage(e));
          setValue(String(line.quantity));
        },
      },
    );
  };
  return (
    <TextField
      size="small"
      type="number"
      value={value}
      onChange={(e) => setValue(e.target.value)}
      onBlur={commit}
      onKeyDown={(e) => {
        if (e.key === 'Enter') commit();
      }}
      disabled={setQuantity.isPending}
      slotProps={{ htmlInput: { min: 1, 'aria-label': `Quantity of ${line.title}`, style: { width: 56 } } }}
    />
  );
}

function ProductText({ line: l, cart }: { line: Line; cart: CartView }) {
  return (
    <>
      {l.title}
      {l.swatchlabel && (
        <Typography variant="caption" component="span" sx={{ color: 'text.secondary' }}>
          {' '}
          · {l.swatchlabel}
        </Typography>
      )}
      {l.isPromo && (
        <Chip size="small" color="success" label={l.isSample ? 'Free sample' : 'Free'} sx={{ ml: 1 }} />
      )}
      {l.isHostReward && <Chip size="small" label="Host reward" sx={{ ml: 1 }} />}
      {l.isOverridden && <Chip size="small" variant="outlined" label="Overridden" sx={{ ml: 1 }} />}
      {l.discounts.map((d) => (
        <Typography key={d.promo} variant="caption" component="div" sx={{ color: 'success.main' }}>
          {d.promo}: {formatMoneyOff(d.amountInCents, cart.currency.name, cart.localeCode)}
        </Typography>
      ))}
    </>
  );
}

function Quantity({ line: l, cart }: { line: Line; cart: CartView }) {
  return l.isPromo || l.lineItemId === null ? (
    l.quantity
  ) : (
    <QuantityField key={`${l.id}:${l.quantity}`} cartId={cart.cartId} line={l} />
  );
}

function Price({ line: l, cart }: { line: Line; cart: CartView }) {
  return (
    <>
      {l.originalPriceInCents !== l.priceInCents && (
        <Typography
          variant="caption"
          component="div"
          sx={{ color: 'text.secondary', whiteSpace: 'nowrap' }}
          data-testid="price-step"
        >
          {priceStepText(
            { from: l.originalPriceInCents, to: l.priceInCents },
            cartLineStep(l, cart.typeId),
            cart.currency.name,
            cart.localeCode,
          )}
        </Typography>
      )}
      {formatMoney(l.priceInCents, cart.currency.name, cart.localeCode)}
    </>
  );
}

function RemoveButton({ line: l, cart }: { line: Line; cart: CartView }) {
  const remove = useRemoveLine(cart.cartId);
  const alert = useAlert();
  return (
    <IconButton
      size="small"
      aria-label={`Remove ${l.isPromo ? 'free ' : ''}${l.title}`}
      disabled={remove.isPending}
      onClick={() => remove.mutate(l.id, { onError: (e) => alert.error(errorMessage(e)) })}
    >
      <DeleteOutlined fontSize="small" />
    </IconButton>
  );
}

const lineTestId = (l: Line) => `line-${l.sku}${l.isPromo ? '-free' : ''}`;

export function CartLines({ cart }: { cart: CartView }) {
  const money = (cents: number) => formatMoney(cents, cart.currency.name, cart.localeCode);
  const fresh = useNewLines(cart.products.map((l) => l.id));
  const cards = useCardLayout();
  if (cart.products.length === 0) {
    return <Typography sx={{ color: 'text.secondary' }}>This cart is empty.</Typography>;
  }
  if (cards)
    // On a phone each line is a card: product and total, then SKU, quantity, price and PV, and its
    // remove button; nothing scrolls sideways.
    return (
      <CardList
        label="Cart lines"
        items={cart.products}
        itemKey={(l) => l.id}
        itemLabel={(l) => `${l.title}, SKU ${l.sku}`}
        itemData={(l) => ({ 'data-testid': lineTestId(l), 'data-new': fresh.has(l.id) ? 'true' : undefined })}
        itemSelected={(l) => fresh.has(l.id)}
      >
        {(l) => (
          <>
            <CardTitle aside={money(l.totalPriceInCents)}>
              <ProductText line={l} cart={cart} />
            </CardTitle>
            <CardFields
              fields={[
                [
                  'SKU',
                  <Box key="sku" component="span" sx={{ fontFamily: 'ui-monospace, monospace' }}>
                    {l.sku}
                  </Box>,
                ],
                ['Quantity', <Quantity key="quantity" line={l} cart={cart} />],
                ['Price', <Price key="price" line={l} cart={cart} />],
                ['PV', l.volumes.PV.toFixed(2)],
              ]}
            />
            <CardActions>
              <RemoveButton line={l} cart={cart} />
            </CardActions>
          </>
        )}
      </CardList>
    );
  return (
    <ScrollTable label="Cart lines">
      <Table size="small" aria-label="Cart lines">
        <TableHead>
          <TableRow>
            <TableCell>Product</TableCell>
            <TableCell>SKU</TableCell>
            <TableCell align="right">Quantity</TableCell>
            <TableCell align="right">Price</TableCell>
            <TableCell align="right">Total</TableCell>
            <TableCell align="right">PV</TableCell>
            <TableCell>
              <Box component="span" sx={visuallyHidden}>
                Actions
              </Box>
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {cart.products.map((l) => (
            <TableRow
              key={l.id}
              data-testid={lineTestId(l)}
              data-new={fresh.has(l.id) ? 'true' : undefined}
              selected={fresh.has(l.id)}
            >
              <TableCell sx={{ minWidth: 180 }}>
                <ProductText line={l} cart={cart} />
              </TableCell>
              <TableCell sx={{ fontFamily: 'ui-monospace, monospace' }}>{l.sku}</TableCell>
              <TableCell align="right">
                <Quantity line={l} cart={cart} />
              </TableCell>
              <TableCell align="right">
                <Price line={l} cart={cart} />
              </TableCell>
              <TableCell align="right">{money(l.totalPriceInCents)}</TableCell>
              <TableCell align="right">{l.volumes.PV.toFixed(2)}</TableCell>
              <TableCell align="right">
                <RemoveButton line={l} cart={cart} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </ScrollTable>
  );
}
