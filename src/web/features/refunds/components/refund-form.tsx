import {
  REFUND_LIMIT_MESSAGES,
  REFUND_MESSAGES,
  type RefundLimit,
  refundLimitOf,
  refundSplitProblem,
  splitOverCards,
} from '@domain/orders/refund-math';
import type {
  RefundEstimate,
  RefundEstimateRequest,
  RefundOrder,
  RefundSubmitRequest,
} from '@domain/orders/refunds';
import { ADJUSTMENT_REASONS } from '@domain/reference';
import {
  REFUND_ESTIMATE_DEBOUNCE_MS,
  REFUND_ESTIMATE_OVERRIDE_DEBOUNCE_MS,
} from '@domain/reference/constants';
import { formatMoney } from '@domain/reference/money';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useAlert } from '@web/components/alert/alert-context';
import { ConfirmDialog } from '@web/components/confirm-dialog';
import { errorMessage } from '@web/lib/api-client';
import { useDebouncedValue, useFlushableDebounce } from '@web/lib/use-debounced-value';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useRefundEstimate, useSubmitRefund } from '../api/refunds';
import { CardSplit, type SplitFlow } from './card-split';
import { EstimateSummary } from './estimate-summary';
import { centsToInput, parseMoney } from './money';
import { type Quantities, quantityIssue, RefundItems } from './refund-items';

// A new refund (spec 2 §2 Refunds view, §4 Refund flow, §5 Refund, §8 messages): products and
// shipping → an estimate 3 s later (5 s after a card override) → amounts and the card split →
// the spec's checks → confirm → submit under an idempotency key kept until the request changes.
// The amounts are checked as they are typed, against the last estimate of the chosen products
// (a card override changes no figure of it): the field that passes a limit turns red and says
// which limit, and Refund refuses with that reason before any confirmation. Refund pressed while
// the products' estimate is still to come asks for it at once and goes on when it arrives.

const itemKey = (sku: string, price: number) => `${sku}@${price}`;

export function RefundForm({ order }: { order: RefundOrder }) {
  const alert = useAlert();
  const navigate = useNavigate();
  const [quantities, setQuantities] = useState<Quantities>({});
  const [returnShipping, setReturnShipping] = useState(false);
  const [flow, setFlow] = useState<SplitFlow>('selection');
  const [selected, setSelected] = useState<string[]>(() => order.cards.map((c) => c.transactionId));
  const [overrides, setOverrides] = useState<Record<string, string>>({});
  const [amountText, setAmountText] = useState<string | null>(null);
  const [pcText, setPcText] = useState<string | null>(null);
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<RefundSubmitRequest | null>(null);
  const keyRef = useRef<{ body: string; key: string } | null>(null);
  const submit = useSubmitRefund(order.id);

  const returnItems = order.refundable
    .map((r) => ({
      sku: r.sku,
      adjustedPrice: r.adjustedPrice,
      text: quantities[itemKey(r.sku, r.adjustedPrice)] ?? '',
      max: r.refundable,
    }))
    .filter((r) => r.text.trim() !== '' && quantityIssue(r.text, r.max) === null && Number(r.text) > 0)
    .map((r) => ({ sku: r.sku, adjustedPrice: r.adjustedPrice, quantity: Number(r.text) }));
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
      orderId: order.id,
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
  }, [debouncedSelection, debouncedOverrides, order.id]);
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
  const [refundWhenEstimated, setRefundWhenEstimated] = useState(false);
  const amountRef = useRef<HTMLInputElement>(null);
  const pcRef = useRef<HTMLInputElement>(null);

  const amountInput = amountText ?? (e ? centsToInput(e.amount) : '');
  const pcInput = pcText ?? (e ? centsToInput(e.pcAmount) : '');
  const amount = parseMoney(amountInput);
  const pcAmount = parseMoney(pcInput);
  const pool = order.cards.filter((c) => flow !== 'selection' || selected.includes(c.transactionId));
  const cardsState = order.cards.map((c) => ({
    ...c,
    paidCents: c.paidAmount,
    remainingCents: c.remainingAmount,
  }));
  const proposedSplit = splitOverCards(
    amount.cents,
    cardsState.filter((c) => pool.some((p) => p.transactionId === c.transactionId)),
  );
  const proposed = Object.fromEntries(proposedSplit.map((s) => [s.transactionId, s.refundAmount]));
  const overrideFlow = flow === 'override' && order.cards.length > 1;
  const cards = overrideFlow
    ? order.cards.map((c) => ({
        transactionId: c.transactionId,
        refundAmount: parseMoney(overrides[c.transactionId] ?? '').cents,
      }))
    : proposedSplit;

  // The limits, as typed: the selection's worth (from its estimate), what remains on the order,
  // and what the cards the amount goes to can take (each card's own field in the override flow).
  const worth = e ? e.subtotal + e.shippingTotal + e.tax : null;
  const remaining = {
    cards: order.cards.reduce((s, c) => s + c.remainingAmount, 0),
    productCredit: order.pcRemaining,
  };
  const poolCanTake = pool.reduce((s, c) => s + c.remainingAmount, 0);
  const limit: RefundLimit | null =
    amount.error || pcAmount.error
      ? null
      : refundLimitOf(
          { amount: amount.cents, pcAmount: pcAmount.cents },
          { worth, remaining, cardsCanTake: overrideFlow ? undefined : poolCanTake },
        );
  const amountBlamed = limit !== null && (amount.cents > 0 || pcAmount.cents === 0);
  const pcBlamed =
    limit !== null && pcAmount.cents > 0 && (limit !== 'cards' || pcAmount.cents > remaining.productCredit);
  const cardsWord =
    order.cards.length === 1 ? 'the card' : flow === 'selection' ? 'the selected cards' : 'the cards';
  const limitHelp =
    limit === 'selection'
      ? `More than the selection is worth (${formatMoney(worth ?? 0, order.currency, order.localeCode)} in all)`
      : limit === 'remaining'
        ? `More than remains refundable on this order (${formatMoney(remaining.cards + remaining.productCredit, order.currency, order.localeCode)} in all)`
        : limit === 'cards'
          ? `More than ${cardsWord} can take (${formatMoney(Math.min(poolCanTake, remaining.cards), order.currency, order.localeCode)})`
          : null;
  // The override flow's card amounts, checked as typed (the spec's split messages).
  const typedOverrides = Object.values(overrides).some((t) => t.trim() !== '');
  const overrideSplit =
    overrideFlow && typedOverrides && amount.cents > 0
      ? refundSplitProblem({ amount: amount.cents, pcAmount: pcAmount.cents, cards, auto: false }, cardsState)
      : null;
  const overrideSplitIssue = overrideSplit === REFUND_MESSAGES.nothingSelected ? null : overrideSplit;

  const reset = () => {
    setQuantities({});
    setReturnShipping(false);
    setOverrides({});
    setAmountText(null);
    setPcText(null);
    setReason('');
    setProblem(null);
    setRefundWhenEstimated(false);
    keyRef.current = null;
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
        return setProblem(REFUND_MESSAGES.estimateFailed(errorMessage(estimate.error, 'no answer')));
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
    const body = {
      orderId: order.id,
      returnItems,
      returnShipping,
      reason,
      amount: amount.cents,
      pcAmount: pcAmount.cents,
      cards: cards.filter((c) => c.refundAmount > 0),
      autoRefund: { flags: { splitAutoRefund: flow === 'auto' && order.cards.length > 1 } },
    };
    // The same request keeps its key (a resend after a lost answer is answered, not repeated).
    const text = JSON.stringify(body);
    if (keyRef.current?.body !== text) keyRef.current = { body: text, key: crypto.randomUUID() };
    setConfirming({ ...body, idempotencyKey: keyRef.current.key });
  };

  const onConfirm = () => {
    if (!confirming) return;
    submit.mutate(confirming, {
      onSuccess: (answer) => {
        setConfirming(null);
        reset();
        if (answer.success)
          alert.success(answer.notice ? `${answer.message} ${answer.notice}` : answer.message);
        else alert.error(answer.message);
        navigate(`/orders/${encodeURIComponent(order.id)}/refunds`);
      },
      onError: (error) => {
        setConfirming(null);
        setProblem(errorMessage(error, 'The refund could not be submitted.'));
      },
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
      setProblem(REFUND_MESSAGES.estimateFailed(errorMessage(estimate.error, 'no answer')));
    }
  }, [refundWhenEstimated, e, estimateFailed, estimate.error]);

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
      <FormControlLabel
        control={
          <Checkbox
            checked={returnShipping}
            disabled={order.shipping - order.shippingRefunded <= 0}
            onChange={(ev) => {
              setReturnShipping(ev.target.checked);
              setAmountText(null);
              setPcText(null);
            }}
          />
        }
        label={`Refund shipping (${money(Math.max(0, order.shipping - order.shippingRefunded))} not yet refunded)`}
      />
      {nothingChosen && (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          Choose products or shipping to see the refund estimate, or enter an amount alone to refund what
          remains paid on the order.
        </Typography>
      )}
      <Typography
        variant="body2"
        role="status"
        sx={{ color: 'text.secondary', display: estimating ? 'block' : 'none' }}
      >
        {estimating ? 'Estimating…' : ''}
      </Typography>
      {estimateFailed ? (
        <Alert severity="error">
          {REFUND_MESSAGES.estimateFailed(errorMessage(estimate.error, 'no answer'))}
        </Alert>
      ) : e ? (
        <EstimateSummary estimate={e} currency={order.currency} locale={order.localeCode} />
      ) : null}

      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2 }}>
        <TextField
          label="Refund amount (cards)"
          value={amountInput}
          onChange={(ev) => {
            setAmountText(ev.target.value);
            setProblem(null);
          }}
          inputRef={amountRef}
          error={amount.error || amountBlamed}
          helperText={
            amount.error
              ? 'Enter an amount like 12.50'
              : amountBlamed
                ? limitHelp
                : `Up to ${money(remaining.cards)} remains on the cards`
          }
          slotProps={{ htmlInput: { inputMode: 'decimal' } }}
          sx={{ width: { xs: '100%', sm: 280 } }}
        />
        <TextField
          label="Product credit amount"
          value={pcInput}
          onChange={(ev) => {
            setPcText(ev.target.value);
            setProblem(null);
          }}
          inputRef={pcRef}
          error={pcAmount.error || pcBlamed}
          helperText={
            pcAmount.error
              ? 'Enter an amount like 12.50'
              : pcBlamed
                ? limitHelp
                : 'Goes back to the customer’s product credit'
          }
          slotProps={{ htmlInput: { inputMode: 'decimal' } }}
          sx={{ width: { xs: '100%', sm: 280 } }}
        />
      </Box>

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

      <TextField
        select
        label="Reason"
        value={reason}
        onChange={(ev) => setReason(ev.target.value)}
        required
        error={problem !== null && reason === ''}
        helperText={problem !== null && reason === '' ? 'Choose a reason.' : ' '}
        slotProps={{ select: { native: true } }}
        sx={{ width: { xs: '100%', sm: 420 } }}
      >
        <option value="" />
        {ADJUSTMENT_REASONS.map((r) => (
          <option key={r.id} value={r.name}>
            {r.name}
          </option>
        ))}
      </TextField>

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

      <ConfirmDialog
        open={confirming !== null}
        title="Process this refund?"
        confirmLabel="Process refund"
        destructive
        pending={submit.isPending}
        onConfirm={onConfirm}
        onClose={() => setConfirming(null)}
      >
        {confirming &&
          `${money(confirming.amount)} back to ${confirming.cards?.length === 1 ? 'the card' : 'the cards'}` +
            (confirming.pcAmount ? ` and ${money(confirming.pcAmount)} as product credit` : '') +
            ` on order ${order.orderLabel}. This cannot be undone.`}
      </ConfirmDialog>
    </Box>
  );
}
