import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { AuditEventCard } from '@web/components/audit-event';
import { EmptyState } from '@web/components/empty-state';
import { Placeholder } from '@web/components/placeholder';
import { errorMessage } from '@web/lib/api-client';
import { useOrderAudit } from '../api/orders';

/** /orders/{id}/audit: the orders-log events of the order, newest first, each in words. */
export function OrderAudit({
  id,
  page,
  onPage,
}: {
  id: string;
  page: number;
  onPage: (page: number) => void;
}) {
  const audit = useOrderAudit(id, page);
  if (audit.isPending) return <Placeholder height={160} />;
  if (audit.isError)
    return <Alert severity="error">{errorMessage(audit.error, 'The change log could not be loaded.')}</Alert>;
  const { data, total, limit, names } = audit.data;
  if (data.length === 0)
    return <EmptyState title="No changes recorded" description="Changes made to this order appear here." />;
  const pages = Math.max(1, Math.ceil(total / limit));
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Typography variant="body2" sx={{ color: 'text.secondary' }} role="status">
        {total} change(s) · page {page} of {pages}
      </Typography>
      <Box sx={{ display: 'grid', gap: 1.5 }}>
        {data.map((event) => (
          <AuditEventCard key={event.id} event={event} names={names} />
        ))}
      </Box>
      <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end' }}>
        <Button disabled={page <= 1} onClick={() => onPage(page - 1)}>
          Newer
        </Button>
        <Button disabled={page >= pages} onClick={() => onPage(page + 1)}>
          Older
        </Button>
      </Box>
    </Box>
  );
}
