import { collectionLabel } from '@domain/audit/describe';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { AuditEventCard } from '@web/components/audit-event';
import { EmptyState } from '@web/components/empty-state';
import { Placeholder } from '@web/components/placeholder';
import { errorMessage } from '@web/lib/api-client';
import { useAudit } from '../api/account';

export interface AuditFilters {
  collection: string;
  changedBy: string;
  page: number;
}

/** The account change log (spec 1 §2 Audit): each change in words, filterable. */
export function AuditLog({
  uid,
  filters,
  onChange,
}: {
  uid: string;
  filters: AuditFilters;
  onChange: (next: AuditFilters) => void;
}) {
  const audit = useAudit(uid, {
    collection: filters.collection || undefined,
    changedBy: filters.changedBy || undefined,
    page: filters.page,
  });
  const options = audit.data?.filters;
  const pages = audit.data ? Math.max(1, Math.ceil(audit.data.total / audit.data.limit)) : 1;
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Box
        sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap' }}
        role="search"
        aria-label="Filter the change log"
      >
        <TextField
          select
          size="small"
          label="Collection"
          value={filters.collection}
          onChange={(e) => onChange({ ...filters, collection: e.target.value, page: 1 })}
          sx={{ minWidth: 180 }}
          slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
        >
          <MenuItem value="">All collections</MenuItem>
          {options?.collections.map((c) => (
            <MenuItem key={c} value={c}>
              {collectionLabel(c)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label="Staff member"
          value={filters.changedBy}
          onChange={(e) => onChange({ ...filters, changedBy: e.target.value, page: 1 })}
          sx={{ minWidth: 220 }}
          slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
        >
          <MenuItem value="">Everyone</MenuItem>
          {options?.changedBy.map((c) => (
            <MenuItem key={c} value={c}>
              {c === 'system' ? 'The system' : (audit.data?.names.staff[c] ?? c)}
            </MenuItem>
          ))}
        </TextField>
      </Box>
      {audit.isPending ? (
        <Placeholder height={160} />
      ) : audit.isError ? (
        <Alert severity="error">{errorMessage(audit.error, 'The change log could not be loaded.')}</Alert>
      ) : audit.data.data.length === 0 ? (
        <EmptyState title="No changes recorded" description="Changes made to this account appear here." />
      ) : (
        <>
          <Typography variant="body2" sx={{ color: 'text.secondary' }} role="status">
            {audit.data.total} change(s) · page {filters.page} of {pages}
          </Typography>
          <Box sx={{ display: 'grid', gap: 1.5 }}>
            {audit.data.data.map((event) => (
              <AuditEventCard key={event.id} event={event} names={audit.data.names} />
            ))}
          </Box>
          <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end' }}>
            <Button
              disabled={filters.page <= 1}
              onClick={() => onChange({ ...filters, page: filters.page - 1 })}
            >
              Newer
            </Button>
            <Button
              disabled={filters.page >= pages}
              onClick={() => onChange({ ...filters, page: filters.page + 1 })}
            >
              Older
            </Button>
          </Box>
        </>
      )}
    </Box>
  );
}
