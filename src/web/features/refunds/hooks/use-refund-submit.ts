import type { RefundOrder, RefundSubmitRequest } from '@domain/refunds/refunds';
import { useAlert } from '@web/components/alert/alert-context';
import { errorMessage } from '@web/lib/api-client';
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useSubmitRefund } from '../api/refunds';

type RefundBody = Omit<RefundSubmitRequest, 'idempotencyKey'>;

/**
 * A refund asked for, confirmed, then submitted under an idempotency key kept until the request
 * changes (ADR 014); once submitted, the order's refunds are shown.
 */
export function useRefundSubmit(
  order: RefundOrder,
  { onDone, onFailed }: { onDone: () => void; onFailed: (problem: string) => void },
) {
  const alert = useAlert();
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState<RefundSubmitRequest | null>(null);
  const keyRef = useRef<{ body: string; key: string } | null>(null);
  const submit = useSubmitRefund(order.id);

  /** Asks for confirmation of this refund. */
  const ask = (body: RefundBody) => {
    // The same request keeps its key (a resend after a lost answer is answered, not repeated).
    const text = JSON.stringify(body);
    if (keyRef.current?.body !== text) keyRef.current = { body: text, key: crypto.randomUUID() };
    setConfirming({ ...body, idempotencyKey: keyRef.current.key });
  };

  const confirm = () => {
    if (!confirming) return;
    submit.mutate(confirming, {
      onSuccess: (answer) => {
        setConfirming(null);
        onDone();
        if (answer.success)
          alert.success(answer.notice ? `${answer.message} ${answer.notice}` : answer.message);
        else alert.error(answer.message);
        navigate(`/orders/${encodeURIComponent(order.id)}/refunds`);
      },
      onError: (error) => {
        setConfirming(null);
        onFailed(errorMessage(error, 'The refund could not be submitted.'));
      },
    });
  };

  return {
    confirming,
    pending: submit.isPending,
    ask,
    confirm,
    cancel: () => setConfirming(null),
    /** The next request gets a new key. */
    forgetKey: () => {
      keyRef.current = null;
    },
  };
}
