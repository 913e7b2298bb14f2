import { orderNumberLabel } from '@domain/customers/order-status';
import type { FailedOrder, RetryResult } from '@domain/downstream/failed';
import ErrorOutlineOutlined from '@mui/icons-material/ErrorOutlineOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useAlert } from '@web/components/alert/alert-context';
import { CardActions, CardFields, CardList, CardTitle, useCardLayout } from '@web/components/card-list';
import { ConfirmDialog } from '@web/components/confirm-dialog';
import { EmptyState } from '@web/components/empty-state';
import { LoadError, Loading } from '@web/components/loading';
import { errorMessage } from '@web/lib/api-client';
import { formatDateTime } from '@web/lib/format';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useFailedOrders, useRetryFailedOrders } from '../api/failed-orders';
import { RetryOutcomeChip } from './retry-outcome-chip';

const labelOf = (f: Pick<FailedOrder, 'orderId' | 'customerUserType'>) =>
  orderNumberLabel(f.orderId, f.customerUserType);

const failedAt = (f: FailedOrder) =>
  f.context.dateCreatedUTC ? formatDateTime(f.context.dateCreatedUTC) : 'No date';

function OrderLinks({ f, label }: { f: FailedOrder; label: string }) {
  return (
    <Box sx={{ whiteSpace: 'nowrap' }}>
      <Link
        component={RouterLink}
        to={`/orders/${encodeURIComponent(f.orderDocId)}/info`}
        sx={{ fontFamily: 'ui-monospace, monospace', fontWeight: 600 }}
      >
        {label}
      </Link>
      <Box sx={{ fontSize: 12 }}>
        <Link component={RouterLink} to={`/orders/${encodeURIComponent(f.orderDocId)}/process`}>
          Process
        </Link>
      </Box>
    </Box>
  );
}

const CustomerLink = ({ f }: { f: FailedOrder }) => (
  <Link component={RouterLink} to={`/customers/${encodeURIComponent(f.customerUid)}/dashboard`}>
    {f.customerName}
  </Link>
);

function FailureReason({ f, last }: { f: FailedOrder; last: RetryResult | undefined }) {
  return (
    <>
      {f.errorCode && (
        <Typography variant="caption" component="div" sx={{ fontWeight: 600, color: 'error.main' }}>
          {f.errorCode}
        </Typography>
      )}
      <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
        {f.errorMessage}
      </Typography>
      {last && (
        <Box sx={{ mt: 0.5 }}>
          <RetryOutcomeChip outcome={last.outcome} />
        </Box>
      )}
    </>
  );
}

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
      {results.length > 0 && (
        <Alert severity="info" sx={{ mb: 2 }} onClose={() => setResults([])}>
          <Typography variant="subtitle2" component="h2">
            Retry results
          </Typography>
          <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
            {results.map(({ label, result }) => (
              <li key={result.id}>
                <strong>{label}</strong>: <RetryOutcomeChip outcome={result.outcome} /> {result.message}
              </li>
            ))}
          </Box>
        </Alert>
      )}
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
            <Box sx={{ p: 1.5 }}>
              <CardList label="Failed orders" items={rows} itemKey={(f) => f.id} itemLabel={labelOf}>
                {(f) => {
                  const label = labelOf(f);
                  const last = resultById.get(f.id);
                  return (
                    <>
                      <CardTitle
                        aside={
                          canRetry && (
                            <Checkbox
                              checked={selected.has(f.id)}
                              onChange={() => toggle(f.id)}
                              slotProps={{ input: { 'aria-label': `Select ${label}` } }}
                              sx={{ my: -1, mr: -1 }}
                            />
                          )
                        }
                      >
                        <OrderLinks f={f} label={label} />
                      </CardTitle>
                      <FailureReason f={f} last={last} />
                      <CardFields
                        fields={[
                          ['Customer', <CustomerLink key="customer" f={f} />],
                          ['Attempts', f.attempts],
                          ['Failed', failedAt(f)],
                        ]}
                      />
                      {canRetry && (
                        <CardActions>
                          <Button
                            size="small"
                            variant="outlined"
                            onClick={() => setConfirming([f])}
                            aria-label={`Retry ${label}`}
                          >
                            Retry
                          </Button>
                        </CardActions>
                      )}
                    </>
                  );
                }}
              </CardList>
            </Box>
          ) : (
            <TableContainer tabIndex={0} role="region" aria-label="Failed orders table">
              <Table size="small" aria-label="Failed orders" sx={{ minWidth: 760 }}>
                <TableHead>
                  <TableRow>
                    {canRetry && (
                      <TableCell padding="checkbox">
                        <Checkbox
                          checked={allChosen}
                          indeterminate={chosen.length > 0 && !allChosen}
                          onChange={selectAll}
                          slotProps={{ input: { 'aria-label': 'Select all failed orders' } }}
                        />
                      </TableCell>
                    )}
                    <TableCell>Order</TableCell>
                    <TableCell>Customer</TableCell>
                    <TableCell>Failure reason</TableCell>
                    <TableCell align="right">Attempts</TableCell>
                    <TableCell>Failed</TableCell>
                    {canRetry && <TableCell align="right">Retry</TableCell>}
                  </TableRow>
                </TableHead>
                <TableBody>
                  {rows.map((f) => {
                    const label = labelOf(f);
                    const last = resultById.get(f.id);
                    return (
                      <TableRow key={f.id} hover selected={selected.has(f.id)}>
                        {canRetry && (
                          <TableCell padding="checkbox">
                            <Checkbox
                              checked={selected.has(f.id)}
                              onChange={() => toggle(f.id)}
                              slotProps={{ input: { 'aria-label': `Select ${label}` } }}
                            />
                          </TableCell>
                        )}
                        <TableCell sx={{ whiteSpace: 'nowrap' }}>
                          <OrderLinks f={f} label={label} />
                        </TableCell>
                        <TableCell sx={{ minWidth: 140 }}>
                          <CustomerLink f={f} />
                        </TableCell>
                        <TableCell sx={{ minWidth: 260, maxWidth: 460 }}>
                          <FailureReason f={f} last={last} />
                        </TableCell>
                        <TableCell align="right">{f.attempts}</TableCell>
                        <TableCell sx={{ whiteSpace: 'nowrap' }}>{failedAt(f)}</TableCell>
                        {canRetry && (
                          <TableCell align="right">
                            <Button
                              size="small"
                              onClick={() => setConfirming([f])}
                              aria-label={`Retry ${label}`}
                            >
                              Retry
                            </Button>
                          </TableCell>
                        )}
                      </TableRow>
                    );
                  })}
                </TableBody>
              </Table>
            </TableContainer>
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
