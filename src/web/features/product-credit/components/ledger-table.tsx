import { type CountryCredit, CREDIT_CURRENCY, type LedgerEntry } from '@domain/product-credit';
import { formatMoney } from '@domain/reference/money';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { formatDate, formatDateTime } from '@web/lib/format';

const expiry = (e: LedgerEntry) =>
  e.doesNotExpire ? 'Never' : e.expirationDate ? formatDate(e.expirationDate) : '—';
const reasonOf = (e: LedgerEntry) =>
  [e.reasonName, e.reason, e.orderId && `order ${e.orderId}`].filter(Boolean).join(' · ') || '—';

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
  return (
    <TableContainer>
      <Table size="small" aria-label={label}>
        <TableHead>
          <TableRow>
            <TableCell>When</TableCell>
            <TableCell align="right">Amount</TableCell>
            <TableCell align="right">Remaining</TableCell>
            <TableCell>Expires</TableCell>
            <TableCell>Reason</TableCell>
            <TableCell>By</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {credit.ledger.map((e) => (
            <TableRow key={e.id}>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(e.createdAt)}</TableCell>
              <TableCell
                align="right"
                sx={{ color: e.amount < 0 ? 'error.main' : 'success.dark', fontWeight: 600 }}
              >
                {money(e.amount)}
              </TableCell>
              <TableCell align="right">{money(e.remainingValue)}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{expiry(e)}</TableCell>
              <TableCell>{reasonOf(e)}</TableCell>
              <TableCell sx={{ wordBreak: 'break-all' }}>{e.createdBy ?? '—'}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
