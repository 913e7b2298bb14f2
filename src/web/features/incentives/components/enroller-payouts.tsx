import { INCENTIVE_MESSAGES, PAYOUT_PAGE_SIZE } from '@domain/incentives/constants';
import type { PayoutSummary, Period } from '@domain/incentives/contracts';
import {
  allMode,
  hasSelection,
  NO_SELECTION,
  selectionArgs,
  selectionReducer,
} from '@domain/incentives/selection';
import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import PaidOutlined from '@mui/icons-material/PaidOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import TablePagination from '@mui/material/TablePagination';
import Typography from '@mui/material/Typography';
import { useAlert } from '@web/components/alert/alert-context';
import { ConfirmDialog } from '@web/components/confirm-dialog';
import { EmptyState } from '@web/components/empty-state';
import { LoadingBar } from '@web/components/loading-bar';
import { SearchField } from '@web/components/search-field';
import { errorMessage } from '@web/lib/api-client';
import { downloadCsv } from '@web/lib/download-csv';
import { formatCount } from '@web/lib/format';
import { useDebouncedValue } from '@web/lib/use-debounced-value';
import { useCallback, useDeferredValue, useReducer, useState } from 'react';
import { exportPayouts, fetchSelectionSummary, usePayouts, usePayPayouts } from '../api/incentives';
import { usePeriod } from '../hooks/use-period';
import { CountingPanel } from './counting-panel';
import { marketShort, money, periodLabel } from './labels';
import { PayoutsTable, payable } from './payouts-table';
import { PeriodSelect } from './period-select';

// Enroller payouts (spec 3 §2): period and search, paged rows, select all or some (spec 3 §4),
// pay with a confirmation of count and total, export CSV.

export function EnrollerPayouts() {
  const alert = useAlert();
  const { periods, list, period, setPeriod } = usePeriod();
  const [search, setSearch] = useState('');
  const textSearch = useDebouncedValue(search.trim(), 300);
  const [pageNumber, setPageNumber] = useState(1);
  const [selection, dispatch] = useReducer(selectionReducer, NO_SELECTION);
  const payouts = useDeferredValue(usePayouts(period ? { period, pageNumber, textSearch } : null));
  const pay = usePayPayouts();
  const [confirm, setConfirm] = useState<{ summary: PayoutSummary; selectionId: string } | null>(null);
  const [asking, setAsking] = useState(false);
  const [exporting, setExporting] = useState(false);

  // Changing period, search, or loading periods clears selections (spec 3 §4), and starts at page 1.
  // Adjusted while rendering (not in an effect) so no frame shows the old selection.
  const scope = {
    periodsLoaded: periods.dataUpdatedAt,
    periodChanged: period?.periodId,
    searchChanged: textSearch,
  };
  const [seen, setSeen] = useState(scope);
  const changed = (Object.keys(scope) as (keyof typeof scope)[]).find((k) => scope[k] !== seen[k]);
  if (changed) {
    setSeen(scope);
    dispatch({ type: changed });
    setPageNumber(1);
  }

  const page = payouts.data;
  const toggleAll = useCallback(() => dispatch({ type: 'toggleAll' }), []);
  const toggleRow = useCallback((id: string) => dispatch({ type: 'toggleRow', id }), []);
  const request = (p: Period) => ({ period: p, textSearch, ...selectionArgs(selection) });

  const askToPay = async () => {
    if (!period) return;
    setAsking(true);
    try {
      const summary = await fetchSelectionSummary(request(period));
      if (summary.count === 0) alert.show('Nothing in the selection is waiting to be paid.', 'info');
      else setConfirm({ summary, selectionId: crypto.randomUUID() });
    } catch (error) {
      alert.error(errorMessage(error));
    } finally {
      setAsking(false);
    }
  };

  const confirmPay = () => {
    if (!period || !confirm) return;
    pay.mutate(
      { ...request(period), selectionId: confirm.selectionId },
      {
        onSuccess: () => alert.success(INCENTIVE_MESSAGES.paid),
        onError: () => alert.error(INCENTIVE_MESSAGES.payFailed),
        onSettled: () => {
          // Selections cleared either way (spec 3 §8).
          dispatch({ type: 'clear' });
          setConfirm(null);
        },
      },
    );
  };

  const exportCsv = async () => {
    if (!period) return;
    setExporting(true);
    try {
      downloadCsv(`enroller-payouts-${period.periodId}.csv`, await exportPayouts(period, textSearch));
    } catch (error) {
      alert.error(errorMessage(error));
    } finally {
      setExporting(false);
    }
  };

  if (periods.isLoading) return <LoadingBar label="Loading periods" />;
  if (periods.isError) return <EmptyState title={errorMessage(periods.error)} />;
  if (!period)
    return <EmptyState title={INCENTIVE_MESSAGES.noData} description="No incentive periods yet." />;

  const payableOnPage = page?.payouts.filter(payable) ?? [];
  const allChecked = allMode(selection) && selection.excludes.length === 0;
  const selectedCount = allMode(selection)
    ? Math.max(0, (page?.totalUnpaidAccounts ?? 0) - selection.excludes.length)
    : selection.selection.length;

  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'minmax(0, 1fr)' }}>
      <Paper variant="outlined" sx={{ p: 2, display: 'grid', gap: 1.5 }}>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center' }}>
          <PeriodSelect periods={list} value={period} onChange={setPeriod} />
          <Box sx={{ flex: '1 1 260px', maxWidth: 420 }}>
            <SearchField label="Search payouts" value={search} onChange={setSearch} />
          </Box>
        </Box>
        <CountingPanel period={period} />
      </Paper>

      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center' }}>
        <Box role="status" aria-live="polite" sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
          <Chip
            label={`Paid: ${formatCount(page?.totalPaidAccounts ?? 0)}`}
            color="success"
            variant="outlined"
          />
          <Chip label={`Unpaid: ${formatCount(page?.totalUnpaidAccounts ?? 0)}`} variant="outlined" />
          <Chip label={`Rows: ${formatCount(page?.totalCount ?? 0)}`} variant="outlined" />
          {hasSelection(selection) && (
            <Chip label={`Selected: ${formatCount(selectedCount)}`} color="primary" />
          )}
        </Box>
        <Box sx={{ flex: 1 }} />
        <Button variant="outlined" startIcon={<DownloadOutlined />} onClick={exportCsv} loading={exporting}>
          Export CSV
        </Button>
        <Button
          variant="contained"
          startIcon={<PaidOutlined />}
          disabled={!hasSelection(selection)}
          loading={asking}
          onClick={askToPay}
        >
          Pay selected
        </Button>
      </Box>

      <Paper variant="outlined">
        {payouts.isLoading && <LoadingBar label="Loading payouts" />}
        {payouts.isError && <EmptyState title={errorMessage(payouts.error)} size="compact" />}
        {page && page.payouts.length === 0 && (
          <EmptyState
            title={INCENTIVE_MESSAGES.noData}
            description={
              textSearch
                ? 'No payout matches the search.'
                : `No payouts for ${periodLabel(period)}: run counting.`
            }
            size="compact"
          />
        )}
        {page && page.payouts.length > 0 && (
          <>
            <PayoutsTable
              rows={page.payouts}
              selection={selection}
              allChecked={allChecked}
              someChecked={hasSelection(selection) && payableOnPage.length > 0}
              onToggleAll={toggleAll}
              onToggle={toggleRow}
            />
            <TablePagination
              component="div"
              count={page.totalCount}
              page={pageNumber - 1}
              rowsPerPage={PAYOUT_PAGE_SIZE}
              rowsPerPageOptions={[PAYOUT_PAGE_SIZE]}
              onPageChange={(_e, p) => setPageNumber(p + 1)}
            />
          </>
        )}
      </Paper>

      <ConfirmDialog
        open={confirm !== null}
        title="Pay the selected accounts?"
        confirmLabel="Pay"
        pending={pay.isPending}
        onConfirm={confirmPay}
        onClose={() => setConfirm(null)}
      >
        {confirm && (
          <>
            <Typography component="span" sx={{ display: 'block', mb: 1 }} data-testid="pay-summary">
              {formatCount(confirm.summary.count)} payout{confirm.summary.count === 1 ? '' : 's'} in{' '}
              {periodLabel(period)}:
            </Typography>
            <Box component="ul" sx={{ pl: 2.5, my: 0 }}>
              {confirm.summary.markets.map((m) => (
                <li key={m.countryId}>
                  {marketShort(m.countryId)}: {formatCount(m.count)} totalling{' '}
                  {money(m.totalCents, m.countryId)}
                </li>
              ))}
            </Box>
            <Typography component="span" sx={{ display: 'block', mt: 1 }}>
              Product credit rewards are added to the enrollers' balances.
            </Typography>
          </>
        )}
      </ConfirmDialog>
    </Box>
  );
}
