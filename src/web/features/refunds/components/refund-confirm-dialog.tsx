import type { RefundSubmitRequest } from '@domain/refunds/refunds';
import { ConfirmDialog } from '@web/components/confirm-dialog';

/** The last word before a refund is processed: what goes back where, on which order. */
export function RefundConfirmDialog({
  confirming,
  orderLabel,
  pending,
  money,
  onConfirm,
  onClose,
}: {
  confirming: RefundSubmitRequest | null;
  orderLabel: string;
  pending: boolean;
  money: (cents: number) => string;
  onConfirm: () => void;
  onClose: () => void;
}) {
  return (
    <ConfirmDialog
      open={confirming !== null}
      title="Process this refund?"
      confirmLabel="Process refund"
      destructive
      pending={pending}
      onConfirm={onConfirm}
      onClose={onClose}
    >
      {confirming &&
        `${money(confirming.amount)} back to ${confirming.cards?.length === 1 ? 'the card' : 'the cards'}` +
          (confirming.pcAmount ? ` and ${money(confirming.pcAmount)} as product credit` : '') +
          ` on order ${orderLabel}. This cannot be undone.`}
    </ConfirmDialog>
  );
}
