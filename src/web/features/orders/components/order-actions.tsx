import { can, type Principal } from '@domain/auth/permissions';
import { cancelRefusal, ORDER_MESSAGES } from '@domain/orders/cancel-rules';
import type { OrderDetail } from '@domain/orders/detail';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useAlert } from '@web/components/alert/alert-context';
import { ConfirmDialog } from '@web/components/confirm-dialog';
import { SectionCard } from '@web/components/section-card';
import { errorMessage } from '@web/lib/api-client';
import { chunkLoader, lazyOr, preloader } from '@web/lib/chunk-load';
import { Suspense, useState } from 'react';
import { orderCalls, useOrderOperation } from '../api/orders';

interface DialogProps {
  order: OrderDetail;
  open: boolean;
  onClose: () => void;
}

/** Said in place of a form whose code cannot be fetched (offline, a new release). */
function FormUnavailable({ open, onClose }: DialogProps) {
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="order-form-unavailable">
      <DialogTitle id="order-form-unavailable">The form did not load</DialogTitle>
      <DialogContent>
        <Typography role="alert">Reload the page to try again.</Typography>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}

// The two forms, with their rules (zod), load when one is opened or its button is pointed at or
// focused, not with the order (ADR 043).
const loadCancel = chunkLoader(() => import('./cancel-order-dialog'));
const loadPopup = chunkLoader(() => import('./popup-dialog'));
const CancelOrderDialog = lazyOr(() => loadCancel().then((m) => m.CancelOrderDialog), FormUnavailable);
const PopupDialog = lazyOr(() => loadPopup().then((m) => m.PopupDialog), FormUnavailable);
const preloadCancel = preloader(loadCancel);
const preloadPopup = preloader(loadPopup);

/** spec 2 §8: 'Could not resend email.' plus the server error; plain when email or order id is missing. */
function resendFailure(error: unknown): string {
  const detail = errorMessage(error, '');
  return detail && detail !== ORDER_MESSAGES.resendFailed
    ? `${ORDER_MESSAGES.resendFailed} ${detail}`
    : ORDER_MESSAGES.resendFailed;
}

function ResendButtons({ order }: { order: OrderDetail }) {
  const operation = useOrderOperation(order.id);
  const alert = useAlert();
  const [busy, setBusy] = useState<string | null>(null);
  // One email at a time (the operation takes one call at a time): the others wait, greyed out.
  const send = (key: string, call: { path: string; body?: unknown } | null) => {
    if (!call) return alert.error(ORDER_MESSAGES.resendFailed);
    setBusy(key);
    operation.mutate(call, {
      onSuccess: (answer) => alert.success(answer.message),
      onError: (error) => alert.error(resendFailure(error)),
      onSettled: () => setBusy(null),
    });
  };
  const email = order.customer.email;
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
      <Button
        variant="outlined"
        loading={busy === 'order'}
        disabled={busy !== null && busy !== 'order'}
        onClick={() => send('order', orderCalls.orderConfirmation(order.id))}
      >
        Resend order confirmation
      </Button>
      <Button
        variant="outlined"
        loading={busy === 'shipping'}
        disabled={busy !== null && busy !== 'shipping'}
        onClick={() => send('shipping', orderCalls.shippingConfirmation(order.id))}
      >
        Resend shipping confirmation
      </Button>
      <Button
        variant="outlined"
        loading={busy === 'terms'}
        disabled={busy !== null && busy !== 'terms'}
        onClick={() => send('terms', email ? orderCalls.terms(email, order.id) : null)}
      >
        Resend terms acceptance email
      </Button>
    </Box>
  );
}

function FraudSwitch({ order }: { order: OrderDetail }) {
  const operation = useOrderOperation(order.id);
  const alert = useAlert();
  const [asking, setAsking] = useState(false);
  const next = !order.isFraud;
  return (
    <>
      <FormControlLabel
        control={
          <Switch checked={order.isFraud} onChange={() => setAsking(true)} disabled={order.readOnly} />
        }
        label="Fraud"
      />
      <ConfirmDialog
        open={asking}
        title={next ? `Flag ${order.orderLabel} as fraud?` : `Clear the fraud flag of ${order.orderLabel}?`}
        confirmLabel={next ? 'Flag as fraud' : 'Clear flag'}
        destructive={next}
        pending={operation.isPending}
        onClose={() => setAsking(false)}
        onConfirm={() =>
          operation.mutate(orderCalls.fraud(order.id, next), {
            onSuccess: (answer) => {
              alert.success(answer.message);
              setAsking(false);
            },
            onError: (error) => {
              alert.error(errorMessage(error, 'The fraud status could not be changed.'));
              setAsking(false);
            },
          })
        }
      >
        The decision is recorded and sent to the fraud service.
      </ConfirmDialog>
    </>
  );
}

/** Cancel, fraud, popup and the three emails; what the role cannot do is hidden or explained. */
export function OrderActions({ order, principal }: { order: OrderDetail; principal: Principal | null }) {
  const [dialog, setDialog] = useState<'cancel' | 'popup' | null>(null);
  const canCancel = can(principal, 'orders.cancel');
  const refusal =
    canCancel && principal
      ? cancelRefusal({ ...order, fullyRefunded: order.refunds.fullyRefunded }, principal.role)
      : null;
  const canEdit = can(principal, 'records.edit');
  return (
    <SectionCard title="Actions">
      <Box sx={{ display: 'grid', gap: 2 }}>
        {canEdit && <ResendButtons order={order} />}
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
          {canEdit && (
            <Button
              variant="outlined"
              disabled={order.readOnly}
              onPointerEnter={preloadPopup}
              onFocus={preloadPopup}
              onClick={() => setDialog('popup')}
            >
              Change popup
            </Button>
          )}
          {canCancel && (
            <Button
              variant="outlined"
              color="error"
              disabled={refusal !== null}
              aria-describedby={refusal ? 'cancel-refusal' : undefined}
              onPointerEnter={preloadCancel}
              onFocus={preloadCancel}
              onClick={() => setDialog('cancel')}
            >
              Cancel order
            </Button>
          )}
          {can(principal, 'orders.fraud') && <FraudSwitch order={order} />}
        </Box>
        {canCancel && refusal && !order.cancelled && (
          <Typography id="cancel-refusal" variant="body2" sx={{ color: 'text.secondary' }}>
            {refusal.message}
          </Typography>
        )}
      </Box>
      <Suspense fallback={null}>
        {dialog === 'cancel' && <CancelOrderDialog order={order} open onClose={() => setDialog(null)} />}
        {dialog === 'popup' && <PopupDialog order={order} open onClose={() => setDialog(null)} />}
      </Suspense>
    </SectionCard>
  );
}
