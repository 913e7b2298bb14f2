import { userTypeName } from '@domain/reference/lists';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { errorMessage } from '@web/lib/api-client';
import { formatDateTime } from '@web/lib/format';
import { useAccountTypeHistory } from '../api/account';
import { SectionCard } from './section-card';

/** Account type history (spec 1 §7 accountTypeHistory): enrollment, purchases, manual changes. */
export function TypeHistorySection({ uid }: { uid: string }) {
  const history = useAccountTypeHistory(uid);
  return (
    <SectionCard title="Account type history">
      {history.isPending ? (
        <Skeleton variant="rounded" height={48} />
      ) : history.isError ? (
        <Typography color="error">
          {errorMessage(history.error, 'The history could not be loaded.')}
        </Typography>
      ) : history.data.length === 0 ? (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          No account type changes recorded.
        </Typography>
      ) : (
        <TableContainer sx={{ overflowX: 'auto' }} tabIndex={0} aria-label="Account type history table">
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>When</TableCell>
                <TableCell>From</TableCell>
                <TableCell>To</TableCell>
                <TableCell>Recorded as</TableCell>
                <TableCell>By</TableCell>
                <TableCell>Reason</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {history.data.map((h) => (
                <TableRow key={h.id}>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(h.changedAt)}</TableCell>
                  <TableCell>{h.fromType == null ? '—' : (userTypeName(h.fromType) ?? h.fromType)}</TableCell>
                  <TableCell>{userTypeName(h.toType) ?? h.toType}</TableCell>
                  <TableCell>{h.recordedAs ?? '—'}</TableCell>
                  <TableCell>{h.changedBy ?? '—'}</TableCell>
                  <TableCell>{h.reason ?? '—'}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </SectionCard>
  );
}
