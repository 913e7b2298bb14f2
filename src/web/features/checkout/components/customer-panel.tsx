import type { CartView } from '@domain/carts/cart';
import type { CheckoutAccount, RecentOrder } from '@domain/checkout/checkout';
import type { CheckoutAction, CheckoutState } from '@domain/checkout/order-type';
import { ORDER_TYPE, orderTypeName } from '@domain/reference/lists';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { ConfirmDialog } from '@web/components/confirm-dialog';
import { SectionCard } from '@web/components/section-card';
import { type Dispatch, useState } from 'react';
import { Link as RouterLink } from 'react-router';

/** Order types offered when staff order on behalf (spec 2 §9; enrollment triggers its check). */
const ORDER_TYPES = [
  ORDER_TYPE.personal,
  ORDER_TYPE.portal,
  ORDER_TYPE.enrollment,
  ORDER_TYPE.employee,
  ORDER_TYPE.customer,
];

/**
 * The customer the order is for: the shipping country (a change waits for confirmation, as the
 * cart will be emptied), the order type, the popup, and the customer's recent orders.
 */
export function CustomerPanel({
  account,
  cart,
  countryId,
  state,
  dispatch,
  recentOrders,
  countryChanging,
  onCountry,
}: {
  account: CheckoutAccount;
  cart: CartView;
  countryId: 1 | 2;
  state: CheckoutState;
  dispatch: Dispatch<CheckoutAction>;
  recentOrders: readonly RecentOrder[];
  countryChanging: boolean;
  /** The confirmed change of shipping country. */
  onCountry: (next: 1 | 2) => void;
}) {
  const [confirmCountry, setConfirmCountry] = useState<1 | 2 | null>(null);
  return (
    <>
      <SectionCard title="Customer">
        <Typography>
          <Link component={RouterLink} to={`/customers/${encodeURIComponent(account.uid)}/dashboard`}>
            {account.firstName} {account.lastName}
          </Link>{' '}
          (#{account.phoenixId}) · {cart.localeCode} · {cart.currency.name}
        </Typography>
        <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, mt: 2 }}>
          <TextField
            size="small"
            select
            label="Shipping country"
            value={countryId}
            disabled={countryChanging}
            onChange={(e) => {
              const next = Number(e.target.value) === 2 ? 2 : 1;
              if (next !== countryId) setConfirmCountry(next);
            }}
          >
            <MenuItem value={1}>United States</MenuItem>
            <MenuItem value={2}>Canada</MenuItem>
          </TextField>
          <TextField
            size="small"
            select
            label="Order type"
            value={state.orderType ?? ''}
            onChange={(e) =>
              dispatch({
                type: 'orderType',
                orderType: e.target.value === '' ? null : Number(e.target.value),
              })
            }
          >
            <MenuItem value="">Not set</MenuItem>
            {ORDER_TYPES.map((id) => (
              <MenuItem key={id} value={id}>
                {orderTypeName(id)}
              </MenuItem>
            ))}
          </TextField>
          {account.popups.length > 0 && (
            <TextField
              size="small"
              select
              label="Popup"
              value={state.popupId ?? ''}
              onChange={(e) =>
                dispatch({ type: 'popup', popupId: e.target.value === '' ? null : Number(e.target.value) })
              }
            >
              <MenuItem value="">No popup</MenuItem>
              {account.popups.map((p) => (
                <MenuItem key={p.id} value={p.id}>
                  {p.name}
                </MenuItem>
              ))}
            </TextField>
          )}
        </Box>
        {state.notice && (
          <Alert severity="success" sx={{ mt: 1 }}>
            {state.notice}
          </Alert>
        )}
        {state.enrollmentErrors.map((e) => (
          <Alert key={e} severity="warning" sx={{ mt: 1 }}>
            {e}
          </Alert>
        ))}
        {recentOrders.length > 0 && (
          <Box sx={{ mt: 2 }}>
            <Typography variant="subtitle2" component="h3">
              Recent orders
            </Typography>
            {recentOrders.map((o) => (
              <Typography key={o.id} variant="body2">
                <Link component={RouterLink} to={`/orders/${encodeURIComponent(o.id)}/info`}>
                  {o.orderLabel}
                </Link>{' '}
                · {o.products.map((p) => `${p.quantity} × ${p.title}`).join(', ')}
              </Typography>
            ))}
          </Box>
        )}
      </SectionCard>
      <ConfirmDialog
        open={confirmCountry !== null}
        title="Change the shipping country?"
        confirmLabel="Empty the cart and switch"
        destructive
        onConfirm={() => {
          if (confirmCountry === null) return;
          setConfirmCountry(null);
          onCountry(confirmCountry);
        }}
        onClose={() => setConfirmCountry(null)}
      >
        The cart will be emptied. The order moves to the {confirmCountry === 2 ? 'Canadian' : 'United States'}{' '}
        cart, and the shipping method, rates, tax and shipping overrides, product credit, popup and payment
        are cleared.
      </ConfirmDialog>
    </>
  );
}
