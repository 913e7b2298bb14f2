import {
  DISCREPANCY_KIND_LABELS,
  DISCREPANCY_KINDS,
  type DiscrepancyKind,
} from '@domain/reconciliation/reconciliation';
import VerifiedOutlined from '@mui/icons-material/VerifiedOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { EmptyState } from '@web/components/empty-state';
import { LoadError, Loading } from '@web/components/loading';
import { formatCount } from '@web/lib/format';
import { isDesktopTier, useLayoutTier } from '@web/lib/use-layout-tier';
import { useState } from 'react';
import { useReconciliation } from '../api/reconciliation';
import { DiscrepancyCards } from './discrepancy-cards';
import { DiscrepancyTable } from './discrepancy-table';
import { RunSummary } from './run-summary';

/** /reconciliation: the latest run and the discrepancies still open, newest first. */
export function ReconciliationView() {
  const [kind, setKind] = useState<DiscrepancyKind | null>(null);
  const list = useReconciliation(kind);
  // The table needs a computer's width; phones and tablets get cards.
  const compact = !isDesktopTier(useLayoutTier());

  if (list.isPending) return <Loading label="Loading reconciliation" />;
  if (list.isError) return <LoadError error={list.error} />;
  const first = list.data.pages[0]!.data;
  const rows = list.data.pages.flatMap((p) => p.data.discrepancies);
  const open = Object.values(first.openByKind).reduce((s, n) => s + n, 0);

  return (
    <Stack spacing={2}>
      <RunSummary latest={first.latestRun} active={first.activeRun} />
      <Paper variant="outlined" component="section" aria-labelledby="open-discrepancies">
        <Box
          sx={{
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'space-between',
            flexWrap: 'wrap',
            gap: 1.5,
            px: 2,
            py: 1.5,
            borderBottom: 1,
            borderColor: 'divider',
          }}
        >
          <Box>
            <Typography id="open-discrepancies" variant="h6" component="h2">
              Open discrepancies
            </Typography>
            <Typography variant="body2" role="status" sx={{ color: 'text.secondary' }}>
              {formatCount(open)} open
            </Typography>
          </Box>
          <TextField
            select
            size="small"
            label="Kind"
            value={kind ?? 'all'}
            onChange={(e) => setKind(e.target.value === 'all' ? null : (e.target.value as DiscrepancyKind))}
            sx={{ minWidth: { xs: '100%', sm: 320 } }}
          >
            <MenuItem value="all">All kinds</MenuItem>
            {DISCREPANCY_KINDS.map((k) => (
              <MenuItem key={k} value={k}>
                {DISCREPANCY_KIND_LABELS[k]} ({formatCount(first.openByKind[k] ?? 0)})
              </MenuItem>
            ))}
          </TextField>
        </Box>
        {rows.length === 0 ? (
          <EmptyState
            icon={<VerifiedOutlined />}
            title="No discrepancies found"
            description={
              kind
                ? 'None of this kind is open.'
                : first.latestRun
                  ? 'Every money check held on the last run.'
                  : 'No run has checked yet.'
            }
          />
        ) : compact ? (
          <DiscrepancyCards discrepancies={rows} />
        ) : (
          <DiscrepancyTable discrepancies={rows} />
        )}
      </Paper>
      {list.hasNextPage && (
        <Box sx={{ display: 'flex', justifyContent: 'center' }}>
          <Button variant="outlined" onClick={() => list.fetchNextPage()} loading={list.isFetchingNextPage}>
            Load more discrepancies
          </Button>
        </Box>
      )}
    </Stack>
  );
}
