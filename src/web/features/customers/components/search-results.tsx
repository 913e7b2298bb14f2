import type { CustomerSearchRow } from '@domain/customers/search';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { CardList } from '@web/components/card-list';
import { CopyableText } from '@web/components/copyable-text';
import { Link as RouterLink } from 'react-router';
import { AccountRefLink, AccountStatusChip, countryLabel, customerPath, MembershipChip } from './labels';
import { ScrollTable } from './scroll-table';

const NameLink = ({ row }: { row: CustomerSearchRow }) => (
  <Link component={RouterLink} to={customerPath(row.uid)} sx={{ fontWeight: 600 }}>
    {row.firstName} {row.lastName}
  </Link>
);

/** Rows of spec 1 §2: name, account number, type, country, status, membership, sponsor. */
export function SearchResultsTable({ rows }: { rows: CustomerSearchRow[] }) {
  return (
    <Paper variant="outlined">
      <ScrollTable label="Customers found">
        <Table size="small" aria-label="Customers found">
          <TableHead>
            <TableRow>
              <TableCell>Name</TableCell>
              <TableCell>Account number</TableCell>
              <TableCell>Type</TableCell>
              <TableCell>Country</TableCell>
              <TableCell>Status</TableCell>
              <TableCell>Membership</TableCell>
              <TableCell>Sponsor</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row) => (
              <TableRow key={row.uid} hover>
                <TableCell>
                  <NameLink row={row} />
                  {row.email && (
                    <Typography variant="caption" component="p" sx={{ color: 'text.secondary' }}>
                      {row.email}
                    </Typography>
                  )}
                </TableCell>
                <TableCell>
                  <CopyableText value={String(row.phoenixId)} label="Account number" monospace />
                </TableCell>
                <TableCell>{row.accountTypes.join(', ')}</TableCell>
                <TableCell>{countryLabel(row.countryId)}</TableCell>
                <TableCell>
                  <AccountStatusChip status={row.accountStatus} />
                </TableCell>
                <TableCell>
                  <MembershipChip status={row.membershipStatus} />
                </TableCell>
                <TableCell>
                  <AccountRefLink person={row.sponsor} />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </ScrollTable>
    </Paper>
  );
}

/** The same rows as a list of cards on phones. */
export function SearchResultsList({ rows }: { rows: CustomerSearchRow[] }) {
  return (
    <CardList label="Customers found" items={rows} itemKey={(row) => row.uid}>
      {(row) => (
        <>
          <NameLink row={row} />
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', mt: 0.5 }}>
            <CopyableText value={String(row.phoenixId)} label="Account number" monospace />
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {row.accountTypes.join(', ')} · {countryLabel(row.countryId)}
            </Typography>
          </Box>
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mt: 1 }}>
            <AccountStatusChip status={row.accountStatus} />
            <MembershipChip status={row.membershipStatus} />
          </Box>
          <Typography variant="body2" sx={{ mt: 1 }}>
            Sponsor: <AccountRefLink person={row.sponsor} />
          </Typography>
        </>
      )}
    </CardList>
  );
}
