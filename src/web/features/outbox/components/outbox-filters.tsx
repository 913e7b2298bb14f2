import type { OutboxMessageSummary } from '@domain/platform/outbox';
import { OUTBOX_STATUSES } from '@domain/platform/outbox-constants';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { SearchField } from '@web/components/search-field';
import { OUTBOX_STATUS_LABEL } from './outbox-status-chip';

export type OutboxStatusFilter = OutboxMessageSummary['status'] | '';

interface OutboxFiltersProps {
  status: OutboxStatusFilter;
  q: string;
  onStatus: (status: OutboxStatusFilter) => void;
  onSearch: (q: string) => void;
}

export function OutboxFilters({ status, q, onStatus, onSearch }: OutboxFiltersProps) {
  return (
    <Box role="search" sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: '2fr 1fr' } }}>
      <SearchField label="Search recipient, subject or template" value={q} onChange={onSearch} />
      <TextField
        select
        label="Status"
        size="small"
        slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
        value={status}
        onChange={(event) => onStatus(event.target.value as OutboxStatusFilter)}
      >
        <MenuItem value="">All statuses</MenuItem>
        {OUTBOX_STATUSES.map((s) => (
          <MenuItem key={s} value={s}>
            {OUTBOX_STATUS_LABEL(s)}
          </MenuItem>
        ))}
      </TextField>
    </Box>
  );
}
