import { formatMoney } from '@domain/reference/money';
import { REFUND_LIMIT_MESSAGES, REFUND_MESSAGES, refundSplitProblem } from '@domain/refunds/refund-math';
import type { RefundOrder } from '@domain/refunds/refunds';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { errorMessage } from '@web/lib/api-client';
import { useEffect, useRef, useState } from 'react';
import { useRefundSubmit } from '../hooks/use-refund-submit';
import { useSelectionEstimate } from '../hooks/use-selection-estimate';
import { CardSplit, type SplitFlow } from './card-split';
import { centsToInput, parseMoney } from './money';
import { RefundAmountFields } from './refund-amount-fields';
import { RefundConfirmDialog } from './refund-confirm-dialog';
import { RefundEstimateStatus } from './refund-estimate-status';
import { type Quantities, quantityIssue, RefundItems } from './refund-items';
import { refundLimits } from './refund-limits';
import { RefundReasonField } from './refund-reason-field';
import { itemKey, returnItemsOf } from './refund-selection';
import { RefundShippingField } from './refund-shipping-field';

// A new refund (spec 2 §2 Refunds view, §4 Refund flow, §5 Refund, §8 messages): products and
// shipping → an estimate 3 s later (5 s after a card override) → amounts and the card split →
// the spec's checks → confirm → submit under an idempotency key kept until the request changes.
// The amounts are checked as they are typed, against the last estimate of the chosen products
// (a card override changes no figure of it): the field that passes a limit turns red and says
// which limit, and Refund refuses with that reason before any confirmation. Refund pressed while
// the products' estimate is still to come asks for it at once and goes on when it arrives.

export function RefundForm({ order }: { order: RefundOrder }) {
  const [quantities, setQuantities] = useState<Quantities>({});
  const [returnShipping, setReturnShipping] = useState(false);
  const [flow, setFlow] = useState<SplitFlow>('selection');
  const [selected, setSelected] = useState<string[]>(() => order.cards.map((c) => c.transactionId));
  const [overrides, setOverrides] = useState<Record<string, string>>({});
  const [amountText, setAmountText] = useState<string | null>(null);
  const [pcText, setPcText] = useState<string | null>(null);
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const submit = useRefundSubmit(order, { onDone: () => reset(), onFailed: setProblem });

  const returnItems = returnItemsOf(order, quantities);
  const { e, nothingChosen, estimating, estimateFailed, estimateError, estimateNow } = useSelectionEstimate({
    orderId: order.id,
    returnItems,
    returnShipping,
    flow,
    selected,
    overrides,
  });
  const [refundWhenEstimated, setRefundWhenEstimated] = useState(false);
  const amountRef = useRef<HTMLInputElement>(null);
  const pcRef = useRef<HTMLInputElement>(null);

  const amountInput = amountText ?? (e ? centsToInput(e.amount) : '');
  const pcInput = pcText ?? (e ? centsToInput(e.pcAmount) : '');
  const amount = parseMoney(amountInput);
  const pcAmount = parseMoney(pcInput);
  const {
    cardsState,
    proposed,
    cards,
    remaining,
    limit,
    amountBlamed,
    pcBlamed,
    limitHelp,
    overrideSplitIssue,
  } = refundLimits({ order, flow, selected, overrides, amount, pcAmount, estimate: e });

  const reset = () => {
    setQuantities({});
    setReturnShipping(false);
    setOverrides({});
    setAmountText(null);
    setPcText(null);
    setReason('');
    setProblem(null);
    setRefundWhenEstimated(false);
    submit.forgetKey();
  };

  const fieldErrors =
    order.refundable.some(
      (r) => quantityIssue(quantities[itemKey(r.sku, r.adjustedPrice)] ?? '', r.refundable) !== null,
    ) ||
    (flow === 'override' && Object.values(overrides).some((t) => parseMoney(t).error)) ||
    amount.error ||
    pcAmount.error ||
    reason === '';

  const onRefund = () => {
    if (!nothingChosen && !e) {
      // The chosen products' estimate is still to come: ask for it now and go on when it arrives.
      if (estimateFailed)
        return setProblem(REFUND_MESSAGES.estimateFailed(errorMessage(estimateError, 'no answer')));
      setProblem(null);
      estimateNow();
      return setRefundWhenEstimated(true);
    }
    if (amount.cents <= 0 && pcAmount.cents <= 0 && !amount.error && !pcAmount.error)
      return setProblem(REFUND_MESSAGES.nothingSelected);
    if (limit) {
      (amountBlamed ? amountRef : pcRef).current?.focus();
      return setProblem(REFUND_LIMIT_MESSAGES[limit]);
    }
    if (fieldErrors) return setProblem(REFUND_MESSAGES.fixErrors);
    const split = refundSplitProblem(
      {
        amount: amount.cents,
        pcAmount: pcAmount.cents,
        cards,
        auto: flow === 'auto' && order.cards.length > 1,
      },
      cardsState,
    );
    if (split) return setProblem(split);
    setProblem(null);
    submit.ask({
      orderId: order.id,
      returnItems,
      returnShipping,
      reason,
      amount: amount.cents,
      pcAmount: pcAmount.cents,
      cards: cards.filter((c) => c.refundAmount > 0),
      autoRefund: { flags: { splitAutoRefund: flow === 'auto' && order.cards.length > 1 } },
    });
  };

  // Refund pressed before the estimate: it goes on once the estimate is in (or says why not).
  const onRefundRef = useRef(onRefund);
  onRefundRef.current = onRefund;
  useEffect(() => {
    if (!refundWhenEstimated) return;
    if (e) {
      setRefundWhenEstimated(false);
      onRefundRef.current();
    } else if (estimateFailed) {
      setRefundWhenEstimated(false);
      setProblem(REFUND_MESSAGES.estimateFailed(errorMessage(estimateError, 'no answer')));
    }
  }, [refundWhenEstimated, e, estimateFailed, estimateError]);

  const money = (c: number) => formatMoney(c, order.currency, order.localeCode);
  return (
    <Box
      component="form"
      noValidate
      onSubmit={(ev) => {
        ev.preventDefault();
        onRefund();
      }}
      sx={{ display: 'grid', gap: 2.5 }}
    >
      <RefundItems
        order={order}
        quantities={quantities}
        onQuantity={(key, text) => {
          setQuantities((q) => ({ ...q, [key]: text }));
          setAmountText(null);
          setPcText(null);
        }}
      />
      <RefundShippingField
        checked={returnShipping}
        onChange={(checked) => {
          setReturnShipping(checked);
          setAmountText(null);
          setPcText(null);
        }}
        unrefunded={order.shipping - order.shippingRefunded}
        money={money}
      />
      <RefundEstimateStatus
        nothingChosen={nothingChosen}
        estimating={estimating}
        estimateFailed={estimateFailed}
        estimateError={estimateError}
        estimate={e}
        currency={order.currency}
        locale={order.localeCode}
      />

      <RefundAmountFields
        amount={amountInput}
        pcAmount={pcInput}
        onAmount={(text) => {
          setAmountText(text);
          setProblem(null);
        }}
        onPcAmount={(text) => {
          setPcText(text);
          setProblem(null);
        }}
        amountRef={amountRef}
        pcRef={pcRef}
        amountError={amount.error}
        pcAmountError={pcAmount.error}
        amountBlamed={amountBlamed}
        pcBlamed={pcBlamed}
        limitHelp={limitHelp}
        cardsRemaining={money(remaining.cards)}
      />

      {order.cards.length > 0 && (
        <CardSplit
          cards={order.cards}
          currency={order.currency}
          locale={order.localeCode}
          flow={order.cards.length > 1 ? flow : 'selection'}
          onFlow={setFlow}
          selected={selected}
          onSelected={setSelected}
          proposed={proposed}
          overrides={overrides}
          onOverride={(id, t) => setOverrides((o) => ({ ...o, [id]: t }))}
        />
      )}

      <RefundReasonField value={reason} onChange={setReason} missing={problem !== null && reason === ''} />

      {overrideSplitIssue && !problem && <Alert severity="warning">{overrideSplitIssue}</Alert>}
      {problem && (
        <Alert severity="error" role="alert">
          {problem}
        </Alert>
      )}
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        <Button type="submit" variant="contained" loading={refundWhenEstimated} loadingPosition="start">
          Refund
        </Button>
        <Button type="button" onClick={reset}>
          Clear
        </Button>
      </Box>

      <RefundConfirmDialog
        confirming={submit.confirming}
        orderLabel={order.orderLabel}
        pending={submit.pending}
        money={money}
        onConfirm={submit.confirm}
        onClose={submit.cancel}
      />
    </Box>
  );
}
