import { formatMoney } from '@domain/reference/money';
import { REFUND_MESSAGES } from '@domain/refunds/refund-math';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import { Loading } from '@web/components/loading';
import { SectionCard } from '@web/components/section-card';
import { errorMessage } from '@web/lib/api-client';
import { useOrderRefunds } from '../api/refunds';
import { RefundForm } from './refund-form';
import { RefundList } from './refund-list';

/** /orders/{orderId}/refunds: a new refund above, the order's refunds below (spec 2 §2). */
export function RefundsView({ orderId, canRefund }: { orderId: string; canRefund: boolean }) {
  const refunds = useOrderRefunds(orderId);
  if (refunds.isPending) return <Loading label="Loading refunds" />;
  if (refunds.isError)
    return (
      <Alert severity="error">{REFUND_MESSAGES.fetchFailed(errorMessage(refunds.error, 'no answer'))}</Alert>
    );
  const { order, refunds: list } = refunds.data;
  const money = (c: number) => formatMoney(c, order.currency, order.localeCode);
  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      {canRefund && (
        <SectionCard title="New refund">
          {order.notRefundable ? (
            <Alert severity="info">{order.notRefundable}</Alert>
          ) : (
            <RefundForm key={list.length} order={order} />
          )}
        </SectionCard>
      )}
      <SectionCard title="Refunds">
        <Box sx={{ mb: 2, color: 'text.secondary', typography: 'body2' }}>
          {money(order.refunded)} of {money(order.grandTotal)} refunded to the cards
          {order.fullyRefunded ? ' · fully refunded' : ''}
        </Box>
        <RefundList refunds={list} canRetry={canRefund} locale={order.localeCode} />
      </SectionCard>
    </Box>
  );
}
