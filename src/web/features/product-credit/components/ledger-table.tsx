import { CREDIT_CURRENCY } from '@domain/product-credit/credit-rules';
import type { CountryCredit, LedgerEntry } from '@domain/product-credit/product-credit';
import { formatMoney } from '@domain/reference/money';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { DataTable, type DataTableColumn } from '@web/components/data-table';
import { formatDate, formatDateTime } from '@web/lib/format';

const expiry = (e: LedgerEntry) =>
  e.doesNotExpire ? 'Never' : e.expirationDate ? formatDate(e.expirationDate) : '—';
const reasonOf = (e: LedgerEntry) =>
  [e.reasonName, e.reason, e.orderId && `order ${e.orderId}`].filter(Boolean).join(' · ') || '—';

const nowrap = { whiteSpace: 'nowrap' } as const;

interface LedgerProps {
  credit: CountryCredit;
  compact: boolean;
}

/** The ledger, newest first; amounts are cents shown as money of the country's locale. */
export function LedgerTable({ credit, compact }: LedgerProps) {
  const { currency } = CREDIT_CURRENCY[credit.country];
  const money = (cents: number) => formatMoney(cents, currency);
  const label = `${CREDIT_CURRENCY[credit.country].name} ledger`;
  if (credit.ledger.length === 0)
    return (
      <Typography variant="body2" sx={{ color: 'text.secondary', py: 2 }}>
        No ledger entries yet.
      </Typography>
    );
  if (compact)
    return (
      <Box component="ul" aria-label={label} sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {credit.ledger.map((e) => (
          <Box component="li" key={e.id} sx={{ py: 1.25, borderBottom: 1, borderColor: 'divider' }}>
            <Stack direction="row" sx={{ justifyContent: 'space-between', gap: 1 }}>
              <Typography
                variant="body2"
                sx={{ fontWeight: 600, color: e.amount < 0 ? 'error.main' : 'success.main' }}
              >
                {money(e.amount)}
              </Typography>
              <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                {formatDateTime(e.createdAt)}
              </Typography>
            </Stack>
            <Typography variant="body2">{reasonOf(e)}</Typography>
            <Typography variant="caption" sx={{ color: 'text.secondary' }}>
              Remaining {money(e.remainingValue)} · Expires {expiry(e)} · {e.createdBy ?? '—'}
            </Typography>
          </Box>
        ))}
      </Box>
    );
  const columns: DataTableColumn<LedgerEntry>[] = [
    { key: 'when', header: 'When', cellSx: nowrap, cell: (e) => formatDateTime(e.createdAt) },
    {
      key: 'amount',
      header: 'Amount',
      align: 'right',
      cellSx: (e) => ({ color: e.amount < 0 ? 'error.main' : 'success.dark', fontWeight: 600 }),
      cell: (e) => money(e.amount),
    },
    { key: 'remaining', header: 'Remaining', align: 'right', cell: (e) => money(e.remainingValue) },
    { key: 'expires', header: 'Expires', cellSx: nowrap, cell: expiry },
    { key: 'reason', header: 'Reason', cell: reasonOf },
    { key: 'by', header: 'By', cellSx: { wordBreak: 'break-all' }, cell: (e) => e.createdBy ?? '—' },
  ];
  return (
    <DataTable label={label} hover={false} columns={columns} rows={credit.ledger} rowKey={(e) => e.id} />
  );
}
