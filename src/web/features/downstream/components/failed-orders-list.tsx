import type { FailedOrder, RetryResult } from '@domain/downstream/failed';
import ErrorOutlineOutlined from '@mui/icons-material/ErrorOutlineOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useAlert } from '@web/components/alert/alert-context';
import { useCardLayout } from '@web/components/card-list';
import { ConfirmDialog } from '@web/components/confirm-dialog';
import { EmptyState } from '@web/components/empty-state';
import { LoadError, Loading } from '@web/components/loading';
import { errorMessage } from '@web/lib/api-client';
import { useState } from 'react';
import { useFailedOrders, useRetryFailedOrders } from '../api/failed-orders';
import { labelOf } from './failed-order-labels';
import { FailedOrdersCards } from './failed-orders-cards';
import { FailedOrdersTable } from './failed-orders-table';
import { RetryResults } from './retry-results';

/** Failed orders (spec 2 §2): newest first, undated last; select rows and retry them. */
export function FailedOrdersList({ canRetry }: { canRetry: boolean }) {
  const failed = useFailedOrders();
  const retry = useRetryFailedOrders();
  const alert = useAlert();
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [confirming, setConfirming] = useState<FailedOrder[] | null>(null);
  /** The last retry's outcome per failed order, with the label to show once the row has gone. */
  const [results, setResults] = useState<{ label: string; result: RetryResult }[]>([]);
  const cards = useCardLayout();

  if (failed.isPending) return <Loading label="Loading failed orders" />;
  if (failed.isError) return <LoadError error={failed.error} />;
  const rows = failed.data.pages.flatMap((p) => p.data);
  const resultById = new Map(results.map((r) => [r.result.id, r.result]));
  const chosen = rows.filter((r) => selected.has(r.id));

  const toggle = (id: number) =>
    setSelected((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const allChosen = rows.length > 0 && chosen.length === rows.length;
  const selectAll = () => setSelected(allChosen ? new Set() : new Set(rows.map((r) => r.id)));

  const run = (targets: FailedOrder[]) =>
    retry.mutate(
      targets.map((t) => t.id),
      {
        onSuccess: (answer) => {
          const labels = new Map(targets.map((t) => [t.id, labelOf(t)]));
          setResults(
            answer.data.map((result) => ({ label: labels.get(result.id) ?? `#${result.id}`, result })),
          );
          setSelected(new Set());
          setConfirming(null);
          alert.show(
            `Retry: ${answer.message}.`,
            answer.data.every((r) => r.outcome === 'exported') ? 'success' : 'info',
          );
        },
        onError: (error) => {
          setConfirming(null);
          alert.error(errorMessage(error, 'Retry failed.'));
        },
      },
    );

  return (
    <>
      {results.length > 0 && <RetryResults results={results} onClose={() => setResults([])} />}
      {rows.length === 0 ? (
        <Paper variant="outlined">
          <EmptyState
            icon={<ErrorOutlineOutlined />}
            title="No failed orders"
            description="Every captured order has gone downstream, or is waiting its turn."
          />
        </Paper>
      ) : (
        <Paper variant="outlined">
          {canRetry && (
            <Box
              sx={{
                display: 'flex',
                alignItems: 'center',
                justifyContent: 'space-between',
                flexWrap: 'wrap',
                gap: 1,
                px: 2,
                py: 1.5,
                borderBottom: 1,
                borderColor: 'divider',
              }}
            >
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
                {cards && (
                  <Checkbox
                    checked={allChosen}
                    indeterminate={chosen.length > 0 && !allChosen}
                    onChange={selectAll}
                    slotProps={{ input: { 'aria-label': 'Select all failed orders' } }}
                    sx={{ ml: -1 }}
                  />
                )}
                <Typography variant="body2" sx={{ color: 'text.secondary' }} aria-live="polite">
                  {chosen.length === 0 ? 'Select failed orders to retry them.' : `${chosen.length} selected`}
                </Typography>
              </Box>
              <Button
                variant="contained"
                disabled={chosen.length === 0}
                onClick={() => setConfirming(chosen)}
              >
                Retry selected
              </Button>
            </Box>
          )}
          {cards ? (
            <FailedOrdersCards
              rows={rows}
              canRetry={canRetry}
              selected={selected}
              onToggle={toggle}
              resultById={resultById}
              onRetry={(f) => setConfirming([f])}
            />
          ) : (
            <FailedOrdersTable
              rows={rows}
              canRetry={canRetry}
              selected={selected}
              onToggle={toggle}
              allChosen={allChosen}
              someChosen={chosen.length > 0 && !allChosen}
              onSelectAll={selectAll}
              resultById={resultById}
              onRetry={(f) => setConfirming([f])}
            />
          )}
        </Paper>
      )}
      {failed.hasNextPage && (
        <Box sx={{ display: 'flex', justifyContent: 'center', mt: 2 }}>
          <Button
            variant="outlined"
            onClick={() => failed.fetchNextPage()}
            loading={failed.isFetchingNextPage}
          >
            Load more failed orders
          </Button>
        </Box>
      )}
      <ConfirmDialog
        open={confirming !== null}
        title={
          confirming?.length === 1
            ? `Retry ${labelOf(confirming[0]!)}?`
            : `Retry ${confirming?.length ?? 0} failed orders?`
        }
        confirmLabel="Retry"
        pending={retry.isPending}
        onConfirm={() => confirming && run(confirming)}
        onClose={() => setConfirming(null)}
      >
        Each order is checked again and handed to Phoenix if it now passes. Orders that still fail stay on
        this list with the new reason.
      </ConfirmDialog>
    </>
  );
}
