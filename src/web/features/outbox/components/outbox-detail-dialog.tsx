import type { OutboxMessage } from '@domain/platform/outbox';
import LinkOff from '@mui/icons-material/LinkOff';
import Replay from '@mui/icons-material/Replay';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useAlert } from '@web/components/alert/alert-context';
import { CopyableText } from '@web/components/copyable-text';
import { Placeholder } from '@web/components/placeholder';
import { errorMessage } from '@web/lib/api-client';
import { formatDateTime } from '@web/lib/format';
import { useLayoutTier } from '@web/lib/use-layout-tier';
import { type ReactNode, useId } from 'react';
import { Link as RouterLink } from 'react-router';
import { useOutboxMessage, useRetryOutboxMessage } from '../api/outbox';
import { hiddenLinksSentence } from './hidden-links';
import { OutboxMessageView } from './outbox-message-view';
import { OutboxStatusChip } from './outbox-status-chip';

function Facts({ message }: { message: OutboxMessage }) {
  const rows: [string, ReactNode][] = [
    ['Status', <OutboxStatusChip key="s" status={message.status} />],
    ['To', message.toAddress ? <CopyableText key="to" value={message.toAddress} label="Recipient" /> : '—'],
    ['Template', message.template],
    ['Channel', message.channel],
    ['Attempts', message.attempts],
    ['Created', formatDateTime(message.createdAt)],
    ['Sent', formatDateTime(message.sentAt)],
    [
      'Next attempt',
      message.status === 'pending' || message.status === 'failed'
        ? formatDateTime(message.nextAttemptAt)
        : '—',
    ],
    [
      'Message id',
      message.messageId ? (
        <CopyableText key="id" value={message.messageId} label="Message id" monospace />
      ) : (
        '—'
      ),
    ],
    [
      'Entity',
      message.order ? (
        <Link key="order" component={RouterLink} to={`/orders/${encodeURIComponent(message.order.id)}/info`}>
          Order {message.order.orderNumber}
        </Link>
      ) : (
        (message.entityId ?? '—')
      ),
    ],
  ];
  return (
    <Box
      component="dl"
      sx={{
        display: 'grid',
        // minmax(0, …): a long value shortens (copy button kept) instead of widening the dialog.
        gridTemplateColumns: {
          xs: 'max-content minmax(0, 1fr)',
          md: 'max-content minmax(0, 1fr) max-content minmax(0, 1fr)',
        },
        columnGap: 2,
        rowGap: 0.75,
        m: 0,
      }}
    >
      {rows.map(([label, value]) => (
        <Box key={label} sx={{ display: 'contents' }}>
          <Typography component="dt" variant="body2" sx={{ color: 'text.secondary' }}>
            {label}
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0, minWidth: 0 }}>
            {value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

interface OutboxDetailDialogProps {
  id: number | null;
  onClose: () => void;
}

export function OutboxDetailDialog({ id, onClose }: OutboxDetailDialogProps) {
  const titleId = useId();
  const message = useOutboxMessage(id);
  const retry = useRetryOutboxMessage();
  const alert = useAlert();
  const phone = useLayoutTier() === 'phone';
  const data = message.data?.data;

  const onRetry = (messageId: number) =>
    retry.mutate(messageId, {
      onSuccess: () => alert.success('The message is queued for another attempt'),
      onError: (error) => alert.error(errorMessage(error)),
    });

  return (
    <Dialog
      open={id !== null}
      onClose={onClose}
      aria-labelledby={titleId}
      maxWidth="md"
      fullWidth
      fullScreen={phone}
    >
      <DialogTitle id={titleId}>{data ? (data.subject ?? data.template) : 'Message'}</DialogTitle>
      <DialogContent dividers>
        {message.isPending && <Placeholder height={320} aria-label="Loading the message" />}
        {message.isError && (
          <Alert severity="error">{errorMessage(message.error, 'The message could not be loaded.')}</Alert>
        )}
        {data && (
          <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
            {data.lastError && (
              <Alert severity="error" sx={{ wordBreak: 'break-word' }}>
                {data.lastError}
              </Alert>
            )}
            {data.hiddenLinks.length > 0 && (
              <Alert severity="info" icon={<LinkOff />}>
                {hiddenLinksSentence(data.hiddenLinks)}
              </Alert>
            )}
            <Facts message={data} />
            <OutboxMessageView key={data.id} message={data} />
          </Box>
        )}
      </DialogContent>
      <DialogActions>
        {data?.status === 'failed' && (
          <Button startIcon={<Replay />} onClick={() => onRetry(data.id)} loading={retry.isPending}>
            Retry
          </Button>
        )}
        <Button onClick={onClose} variant="contained" autoFocus>
          Close
        </Button>
      </DialogActions>
    </Dialog>
  );
}
