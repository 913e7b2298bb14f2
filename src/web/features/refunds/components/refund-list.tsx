import { formatMoney } from '@domain/reference/money';
import type { RefundRecord } from '@domain/refunds/refunds';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useAlert } from '@web/components/alert/alert-context';
import { useCardLayout } from '@web/components/card-list';
import { DataTable, type DataTableColumn } from '@web/components/data-table';
import { errorMessage } from '@web/lib/api-client';
import { formatDateTime } from '@web/lib/format';
import { useRetryRefund } from '../api/refunds';

// The refunds of one order (spec 2 §2 Refunds view): when, who,
// amount per card, items, reason and the status of every card leg, with Retry for failed legs.

const num = { textAlign: 'right', whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' } as const;

const STATUS_COLOR = {
  processed: 'success',
  succeeded: 'success',
  failed: 'error',
  pending: 'warning',
} as const;

const cardName = (leg: RefundRecord['cards'][number]) =>
  leg.method === 'alternative'
    ? 'Alternative payment'
    : `${leg.brand ?? 'Card'} •••• ${leg.accountNumber ?? '????'}`;

const LegStatus = ({ leg }: { leg: RefundRecord['cards'][number] }) => (
  <Chip
    size="small"
    variant="outlined"
    color={STATUS_COLOR[leg.status]}
    label={leg.status === 'succeeded' ? 'Refunded' : leg.status === 'failed' ? 'Failed' : 'Pending'}
  />
);

type Leg = RefundRecord['cards'][number];

const LegError = ({ leg }: { leg: Leg }) =>
  leg.error && (
    <Typography variant="caption" component="div" sx={{ color: 'error.main' }}>
      {leg.error}
    </Typography>
  );

const legColumns = (money: (cents: number) => string): DataTableColumn<Leg>[] => [
  { key: 'card', header: 'Card', cell: cardName },
  { key: 'amount', header: 'Amount', sx: num, cell: (leg) => money(leg.refundAmount) },
  {
    key: 'status',
    header: 'Status',
    cell: (leg) => (
      <>
        <LegStatus leg={leg} />
        <LegError leg={leg} />
      </>
    ),
  },
];

function RefundItem({
  refund,
  canRetry,
  locale,
}: {
  refund: RefundRecord;
  canRetry: boolean;
  locale: string;
}) {
  const money = (c: number) => formatMoney(c, refund.currency, locale);
  const retry = useRetryRefund(refund.orderId);
  const cards = useCardLayout();
  const alert = useAlert();
  const onRetry = () =>
    retry.mutate(
      { id: refund.id, orderId: refund.orderId },
      {
        // One message (spec 2 §8 shows both alerts in one reading; only the true one is shown).
        onSuccess: (answer) => (answer.success ? alert.success(answer.message) : alert.error(answer.message)),
        onError: (error) => alert.error(errorMessage(error, 'Retry failed.')),
      },
    );
  const retryable = refund.status !== 'processed' && refund.cards.some((c) => c.status !== 'succeeded');
  return (
    <Paper
      component="li"
      variant="outlined"
      sx={{ p: 2, listStyle: 'none', minWidth: 0, overflowWrap: 'anywhere' }}
      aria-label={`Refund of ${formatDateTime(refund.timestamp)}`}
    >
      <Box
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          alignItems: 'center',
          gap: 1,
          justifyContent: 'space-between',
        }}
      >
        <Box>
          <Typography variant="subtitle2" component="h3">
            {formatDateTime(refund.timestamp)} · {money(refund.amount)}
            {refund.pcAmount > 0 ? ` + ${money(refund.pcAmount)} product credit` : ''}
          </Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            By {refund.adminName ?? 'a staff member not on file'} · {refund.reason}
          </Typography>
        </Box>
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
          <Chip
            size="small"
            color={STATUS_COLOR[refund.status]}
            label={
              refund.status === 'processed' ? 'Processed' : refund.status === 'failed' ? 'Failed' : 'Pending'
            }
          />
          {canRetry && retryable && (
            <Button size="small" variant="outlined" onClick={onRetry} loading={retry.isPending}>
              Retry
            </Button>
          )}
        </Box>
      </Box>
      <Typography variant="body2" sx={{ mt: 1 }}>
        Items:{' '}
        {refund.returnItems.length === 0
          ? 'none'
          : refund.returnItems
              .map((i) => `${i.title ?? 'A product no longer on file'} (SKU ${i.sku}) × ${i.quantity}`)
              .join(', ')}
        {refund.shippingTotal > 0 ? ` · shipping ${money(refund.shippingTotal)}` : ''} · tax{' '}
        {money(refund.tax)}
      </Typography>
      {refund.cards.length > 0 && cards && (
        <Box component="ul" aria-label="Card refunds" sx={{ listStyle: 'none', m: 0, mt: 1, p: 0 }}>
          {refund.cards.map((leg) => (
            <Box
              component="li"
              key={leg.idempotencyKey}
              sx={{ py: 1, borderTop: 1, borderColor: 'divider', typography: 'body2' }}
            >
              <Box
                sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 1, rowGap: 0.5 }}
              >
                <Box component="span" sx={{ flex: '1 1 auto' }}>
                  {cardName(leg)}
                </Box>
                <Box component="span" sx={num}>
                  {money(leg.refundAmount)}
                </Box>
                <LegStatus leg={leg} />
              </Box>
              <LegError leg={leg} />
            </Box>
          ))}
        </Box>
      )}
      {refund.cards.length > 0 && !cards && (
        <DataTable
          label="Card refunds"
          regionOnly
          hover={false}
          containerSx={{ mt: 1 }}
          tableSx={{ minWidth: 420 }}
          columns={legColumns(money)}
          rows={refund.cards}
          rowKey={(leg) => leg.idempotencyKey}
        />
      )}
    </Paper>
  );
}

export function RefundList({
  refunds,
  canRetry,
  locale,
}: {
  refunds: RefundRecord[];
  canRetry: boolean;
  /** The order's locale (ADR 024). */
  locale: string;
}) {
  if (refunds.length === 0)
    return (
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        No refunds yet.
      </Typography>
    );
  return (
    <Box
      component="ul"
      sx={{ m: 0, p: 0, display: 'grid', gap: 1.5, gridTemplateColumns: 'minmax(0, 1fr)' }}
      aria-label="Refunds"
    >
      {refunds.map((r) => (
        <RefundItem key={r.id} refund={r} canRetry={canRetry} locale={locale} />
      ))}
    </Box>
  );
}
