import type { EstimateContext, OrderContext } from '@domain/checkout/checkout';
import { ORDERING_MESSAGES } from '@domain/checkout/messages';
import type { CheckoutAction } from '@domain/checkout/order-type';
import { useAlert } from '@web/components/alert/alert-context';
import { type Dispatch, useEffect, useState } from 'react';
import { useCheckoutEstimate } from '../api/checkout';

/**
 * The estimate's context for the order on screen: estimated when enabled and again on every change
 * of `inputs`; its rates, tax and credit go to the checkout state. The last context stays on screen
 * while the next is estimated; a refused estimate clears it.
 */
export function useEstimateContext({
  inputs,
  enabled,
  orderContext,
  dispatch,
}: {
  inputs: readonly unknown[];
  enabled: boolean;
  orderContext: () => OrderContext;
  dispatch: Dispatch<CheckoutAction>;
}) {
  const estimate = useCheckoutEstimate(inputs, enabled, orderContext);
  const [context, setContext] = useState<EstimateContext | null>(null);
  const alert = useAlert();

  const inputsKey = JSON.stringify(inputs);
  // biome-ignore lint/correctness/useExhaustiveDependencies: keyed on the estimate's inputs
  useEffect(() => {
    if (enabled) dispatch({ type: 'estimating' });
  }, [inputsKey]);

  const answer = estimate.data;
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per answer
  useEffect(() => {
    if (!answer) return;
    if (!answer.success || !answer.context) {
      dispatch({ type: 'estimateFailed' });
      setContext(null);
      // Spec 2 §8: the void-shipping-address code shows the server's message; others only log.
      if (answer.code === 'void-shipping-address' || answer.code === 'empty-cart')
        alert.error(answer.message ?? ORDERING_MESSAGES.defaultError);
      return;
    }
    const c = answer.context;
    setContext(c);
    dispatch({
      type: 'estimated',
      estimateId: c.estimateId,
      rates: c.shipping.rates.map((r) => ({ method: r.method, amount: r.amount })),
      taxAmount: c.tax.taxAmount,
      method: c.shipping.method,
      creditApplied: c.productCredit.balance,
    });
    dispatch({ type: 'overrideDefaults', defaults: c.overrideDefaults });
  }, [answer]);

  const failure = estimate.error;
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per failure
  useEffect(() => {
    if (failure) dispatch({ type: 'estimateFailed' });
  }, [failure]);

  return { context, clearContext: () => setContext(null) };
}
