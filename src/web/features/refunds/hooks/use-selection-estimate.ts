import {
  REFUND_ESTIMATE_DEBOUNCE_MS,
  REFUND_ESTIMATE_OVERRIDE_DEBOUNCE_MS,
} from '@domain/reference/constants';
import type { RefundEstimate, RefundEstimateRequest } from '@domain/refunds/refunds';
import { useDebouncedValue, useFlushableDebounce } from '@web/lib/use-debounced-value';
import { useMemo, useState } from 'react';
import { useRefundEstimate } from '../api/refunds';
import type { SplitFlow } from '../components/card-split';
import { parseMoney } from '../components/money';
import type { returnItemsOf } from '../components/refund-selection';

/**
 * The estimate of the chosen products and shipping: asked 3 s after the selection last changed
 * (5 s after a card override; spec 2 §9), or at once through `estimateNow`. The last estimate
 * stays while a card override is re-estimated; it is dropped when the products change.
 */
export function useSelectionEstimate({
  orderId,
  returnItems,
  returnShipping,
  flow,
  selected,
  overrides,
}: {
  orderId: string;
  returnItems: ReturnType<typeof returnItemsOf>;
  returnShipping: boolean;
  flow: SplitFlow;
  selected: string[];
  overrides: Record<string, string>;
}) {
  const selection = JSON.stringify({
    returnItems,
    returnShipping,
    selected: flow === 'selection' ? selected : null,
    flow,
  });
  const overrideText = JSON.stringify(flow === 'override' ? overrides : {});
  const [debouncedSelection, estimateNow] = useFlushableDebounce(selection, REFUND_ESTIMATE_DEBOUNCE_MS);
  const debouncedOverrides = useDebouncedValue(overrideText, REFUND_ESTIMATE_OVERRIDE_DEBOUNCE_MS);
  const request = useMemo<RefundEstimateRequest | null>(() => {
    const s = JSON.parse(debouncedSelection) as {
      returnItems: RefundEstimateRequest['returnItems'];
      returnShipping: boolean;
      selected: string[] | null;
      flow: SplitFlow;
    };
    if ((s.returnItems ?? []).length === 0 && !s.returnShipping) return null;
    const o = JSON.parse(debouncedOverrides) as Record<string, string>;
    return {
      orderId,
      returnItems: s.returnItems,
      returnShipping: s.returnShipping,
      autoRefund: {
        flags: {
          override: s.flow === 'override',
          splitAutoRefund: s.flow === 'auto',
          selectionSplit: s.flow === 'selection',
        },
        ...(s.selected ? { selectedCardsTransactionIds: s.selected } : {}),
        ...(s.flow === 'override'
          ? {
              overriddenCards: Object.entries(o).map(([transactionId, t]) => ({
                transactionId,
                refundAmount: parseMoney(t).cents,
              })),
            }
          : {}),
      },
    };
  }, [debouncedSelection, debouncedOverrides, orderId]);
  const estimate = useRefundEstimate(request);
  // The last estimate and the products it is for: kept while a card override is re-estimated.
  const [known, setKnown] = useState<{ selection: string; estimate: RefundEstimate } | null>(null);
  if (estimate.data && request && known?.estimate !== estimate.data)
    setKnown({ selection: debouncedSelection, estimate: estimate.data });
  const nothingChosen = returnItems.length === 0 && !returnShipping;
  const e = !nothingChosen && known?.selection === selection ? known.estimate : undefined;
  const estimating =
    !nothingChosen &&
    (selection !== debouncedSelection || overrideText !== debouncedOverrides || estimate.isFetching);
  const estimateFailed = !nothingChosen && !estimating && estimate.isError;
  return { e, nothingChosen, estimating, estimateFailed, estimateError: estimate.error, estimateNow };
}
