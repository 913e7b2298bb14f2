import type { Discrepancy } from '@domain/reconciliation/reconciliation';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { formatDateTime } from '@web/lib/format';
import { amountsOf, CustomerLinkText, KindAndDetails, RecordLinkText } from './discrepancy-parts';

/** Open discrepancies on a computer: one row each. */
export function DiscrepancyTable({ discrepancies }: { discrepancies: Discrepancy[] }) {
  return (
    <TableContainer tabIndex={0} role="region" aria-label="Discrepancies table">
      <Table size="small" aria-label="Discrepancies" sx={{ minWidth: 800 }}>
        <TableHead>
          <TableRow>
            <TableCell>Discrepancy</TableCell>
            <TableCell>Record</TableCell>
            <TableCell>Customer</TableCell>
            <TableCell align="right">Amounts</TableCell>
            <TableCell>Seen</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {discrepancies.map((d) => (
            <TableRow key={d.id} hover>
              <TableCell sx={{ minWidth: 240, maxWidth: 400 }}>
                <KindAndDetails d={d} />
              </TableCell>
              <TableCell sx={{ minWidth: 160 }}>
                <RecordLinkText d={d} />
              </TableCell>
              <TableCell sx={{ minWidth: 120 }}>
                <CustomerLinkText d={d} />
              </TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                {amountsOf(d).map((a) => (
                  <div key={a.label}>
                    {a.label} {a.value}
                  </div>
                ))}
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                <div>First {formatDateTime(d.firstSeenAt)}</div>
                <div>Last {formatDateTime(d.lastSeenAt)}</div>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
