import type { OutboxMessageSummary } from '@domain/platform/outbox';
import Chip, { type ChipProps } from '@mui/material/Chip';

const STATUS: Record<OutboxMessageSummary['status'], { label: string; color: ChipProps['color'] }> = {
  pending: { label: 'Pending', color: 'info' },
  sending: { label: 'Sending', color: 'info' },
  sent: { label: 'Sent', color: 'success' },
  // Without SMTP the message is kept here, readable, instead of being delivered (DESIGN §2).
  stored: { label: 'Stored', color: 'default' },
  failed: { label: 'Failed', color: 'error' },
};

export const OUTBOX_STATUS_LABEL = (status: OutboxMessageSummary['status']) => STATUS[status].label;

export function OutboxStatusChip({ status }: { status: OutboxMessageSummary['status'] }) {
  const { label, color } = STATUS[status];
  return (
    <Chip size="small" label={label} color={color} variant={status === 'failed' ? 'filled' : 'outlined'} />
  );
}
