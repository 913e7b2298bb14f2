import type { CartView } from '@domain/carts/cart';
import { cartSummary } from '@domain/carts/line-money';
import type { EstimateContext } from '@domain/checkout/checkout';
import type { CheckoutAction, CheckoutState } from '@domain/checkout/order-type';
import { estimateSummary } from '@domain/money/summary';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { MoneySummary } from '@web/components/money-summary';
import { SectionCard } from '@web/components/section-card';
import type { Dispatch } from 'react';
import { OverridesFields } from './overrides-fields';

/**
 * The order's total: the estimate's (the cart's subtotal before one), the tax and shipping
 * overrides, the estimate's errors and the submit button.
 */
export function OrderTotalPanel({
  cart,
  context,
  countryId,
  state,
  dispatch,
  overridesStartOn,
  ready,
  submitting,
  onSubmit,
}: {
  cart: CartView;
  context: EstimateContext | null;
  countryId: 1 | 2;
  state: CheckoutState;
  dispatch: Dispatch<CheckoutAction>;
  /** The account's tax and shipping overrides start on with the estimate's figures (spec 2 §6). */
  overridesStartOn: boolean;
  ready: boolean;
  submitting: boolean;
  onSubmit: () => void;
}) {
  const t = context?.totals;
  return (
    <SectionCard title="Order total">
      {t ? (
        // Read down (ADR 024): items − promotions = subtotal; + shipping + tax − credit = total.
        <MoneySummary
          rows={estimateSummary(t)}
          currency={cart.currency.name}
          locale={cart.localeCode}
          label="Order total"
          testIds={{ subtotal: 'total-subtotal', total: 'total-grand' }}
        />
      ) : (
        <MoneySummary
          rows={cartSummary(cart)}
          currency={cart.currency.name}
          locale={cart.localeCode}
          label="Cart subtotal"
        />
      )}
      {!t && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          Shipping and tax once the address is in.
        </Typography>
      )}
      {overridesStartOn && (
        <Alert severity="info" sx={{ mt: 2 }} data-testid="override-defaults">
          {state.overridesTouched
            ? 'Tax and shipping overrides set by you.'
            : "Consultant order: the tax and shipping overrides start on with the estimate's figures. Confirm or change them."}
        </Alert>
      )}
      <OverridesFields
        key={`${countryId}-${state.overrides.overrideTax}-${state.overrides.overrideShipping}`}
        value={state.overrides}
        onChange={(o) => dispatch({ type: 'overrides', overrides: o })}
      />
      {context?.errors.map((e) => (
        <Alert key={e} severity="error" sx={{ mt: 1 }}>
          {e}
        </Alert>
      ))}
      <Button
        variant="contained"
        size="large"
        fullWidth
        sx={{ mt: 2 }}
        disabled={!ready}
        loading={submitting}
        onClick={onSubmit}
      >
        Submit order
      </Button>
    </SectionCard>
  );
}
