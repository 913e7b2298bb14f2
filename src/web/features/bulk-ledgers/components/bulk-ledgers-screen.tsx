import { BULK_LEDGER_COLUMNS } from '@domain/bulk-ledgers/bulk-ledger-rules';
import type { BulkLedgerRow } from '@domain/bulk-ledgers/bulk-ledgers';
import { reasonById } from '@domain/product-credit/credit-rules';
import AccountBalanceWalletOutlined from '@mui/icons-material/AccountBalanceWalletOutlined';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { CardFields, CardTitle } from '@web/components/card-list';
import { DataTable, type DataTableColumn } from '@web/components/data-table';
import { FailedRows } from '@web/components/upload/failed-rows';
import { ResumeUpload } from '@web/components/upload/resume-upload';
import { UploadList } from '@web/components/upload/upload-list';
import { UploadPanel } from '@web/components/upload/upload-panel';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { useBulkLedgerRows, useBulkLedgers } from '../api/bulk-ledgers';

const LABELS: Record<(typeof BULK_LEDGER_COLUMNS)[number], string> = {
  account: 'Account (number or id)',
  country: 'Country (us or ca)',
  amount: 'Amount ($)',
  reasonId: 'Reason id',
  reason: 'Reason',
  neverExpire: 'Never expire (1 or 0)',
  expirationDate: 'Expiration date (YYYY-MM-DD)',
};

const HELP = (
  <>
    Columns: <code>account</code> (account number or id), <code>country</code> (us or ca), <code>amount</code>{' '}
    (dollars; negative takes credit away), <code>reasonId</code>, <code>reason</code> (optional),{' '}
    <code>neverExpire</code> (1 or 0) and <code>expirationDate</code> (YYYY-MM-DD, needed when credit is added
    and neverExpire is 0). Every row follows the rules of one adjustment on the credit tab, including the
    maximum per account type.
  </>
);

/** A row's reason by its name in the adjustment reasons (the file gives its number). */
function reasonName(reasonId: string | undefined): string {
  const id = Number(reasonId);
  const reason = reasonId && Number.isInteger(id) ? reasonById(id) : undefined;
  if (reason) return reason.name;
  return reasonId ? `Unknown reason ${reasonId}` : '—';
}

const resultOf = (r: BulkLedgerRow) =>
  r.status === 'succeeded'
    ? `Applied (ledger entry ${r.ledgerEntryId})`
    : r.status === 'failed'
      ? r.error
      : 'Pending';

const AccountLink = ({ r }: { r: BulkLedgerRow }) =>
  r.customerUid ? (
    <Link component={RouterLink} to={`/customers/${encodeURIComponent(r.customerUid)}/credit`}>
      {r.input.account}
    </Link>
  ) : (
    r.input.account
  );

const reasonOf = (r: BulkLedgerRow) =>
  `${reasonName(r.input.reasonId)}${r.input.reason ? ` · ${r.input.reason}` : ''}`;

const COLUMNS: DataTableColumn<BulkLedgerRow>[] = [
  { key: 'row', header: 'Row', cell: (r) => r.rowNo },
  { key: 'account', header: 'Account', cell: (r) => <AccountLink r={r} /> },
  { key: 'country', header: 'Country', cell: (r) => (r.input.country ?? '').toUpperCase() },
  { key: 'amount', header: 'Amount', align: 'right', cell: (r) => r.input.amount },
  {
    key: 'reason',
    header: 'Reason',
    cellSx: { overflowWrap: 'anywhere' },
    cell: (r) => (
      <>
        {reasonName(r.input.reasonId)}
        {r.input.reason && (
          <Typography component="span" variant="body2" sx={{ display: 'block', color: 'text.secondary' }}>
            {r.input.reason}
          </Typography>
        )}
      </>
    ),
  },
  {
    key: 'result',
    header: 'Result',
    cellSx: (r) => ({ minWidth: 180, color: r.status === 'failed' ? 'error.dark' : undefined }),
    cell: resultOf,
  },
];

const card = (r: BulkLedgerRow) => (
  <Box data-testid={`ledger-row-${r.rowNo}`}>
    <CardTitle aside={<Typography variant="body2">{r.input.amount}</Typography>}>
      <Typography variant="subtitle2" component="p">
        Row {r.rowNo}
      </Typography>
    </CardTitle>
    <CardFields
      fields={[
        ['Account', <AccountLink key="account" r={r} />],
        ['Country', (r.input.country ?? '').toUpperCase()],
        ['Reason', reasonOf(r)],
        [
          'Result',
          <Box key="result" component="span" sx={{ color: r.status === 'failed' ? 'error.dark' : undefined }}>
            {resultOf(r)}
          </Box>,
        ],
      ]}
    />
  </Box>
);

function LedgerRows({ id, running }: { id: number; running: boolean }) {
  const rows = useBulkLedgerRows(id, running);
  return (
    <DataTable
      label={`Rows of bulk ledger ${id}`}
      region={`Rows of bulk ledger ${id} region`}
      paper
      hover={false}
      columns={COLUMNS}
      rows={rows.data?.data ?? []}
      rowKey={(r) => r.id}
      rowProps={(r) => ({ 'data-testid': `ledger-row-${r.rowNo}` })}
      loading={rows.isPending && <Typography>Loading rows…</Typography>}
      error={rows.error}
      errorText="The rows could not be loaded."
      card={card}
      cardProps={{ itemLabel: (r) => `Row ${r.rowNo}` }}
    />
  );
}

/** /bulkLedgers: upload → preview → confirm → progress → per-row results and result CSV. */
export function BulkLedgersScreen() {
  const list = useBulkLedgers();
  const [params, setParams] = useSearchParams();
  const selected = Number(params.get('id')) || null;
  const current = list.data?.find((s) => s.id === selected);
  const open = (id: number) => setParams({ id: String(id) });
  return (
    <Stack spacing={3}>
      <UploadPanel base="bulkLedgers" help={HELP} columns={BULK_LEDGER_COLUMNS} onConfirmed={open} />
      <Typography component="h2" variant="h6">
        Bulk ledgers
      </Typography>
      <UploadList
        base="bulkLedgers"
        label="bulk ledgers"
        query={list}
        emptyIcon={<AccountBalanceWalletOutlined />}
        actions={(s) => (
          <Link
            component={RouterLink}
            to={`/bulkLedgers?id=${s.id}`}
            aria-label={`Rows of bulk ledger ${s.id}`}
          >
            Rows
          </Link>
        )}
      />
      {current && (
        <>
          <Typography component="h2" variant="h6">
            Rows of bulk ledger {current.id}
          </Typography>
          <ResumeUpload base="bulkLedgers" id={current.id} status={current.status} />
          <LedgerRows
            id={current.id}
            running={current.status === 'queued' || current.status === 'processing'}
          />
          {current.failedRows > 0 && (
            <FailedRows
              base="bulkLedgers"
              id={current.id}
              running={current.status === 'queued' || current.status === 'processing'}
              noun="bulk ledger"
              columns={BULK_LEDGER_COLUMNS}
              labels={LABELS}
            />
          )}
        </>
      )}
    </Stack>
  );
}
