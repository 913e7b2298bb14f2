import type { CustomerSearchRow } from '@domain/customers/search';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { CopyableText } from '@web/components/copyable-text';
import { DataTable, type DataTableColumn } from '@web/components/data-table';
import { Link as RouterLink } from 'react-router';
import { AccountRefLink, AccountStatusChip, countryLabel, customerPath, MembershipChip } from './labels';

const NameLink = ({ row }: { row: CustomerSearchRow }) => (
  <Link component={RouterLink} to={customerPath(row.uid)} sx={{ fontWeight: 600 }}>
    {row.firstName} {row.lastName}
  </Link>
);

const COLUMNS: DataTableColumn<CustomerSearchRow>[] = [
  {
    key: 'name',
    header: 'Name',
    cell: (row) => (
      <>
        <NameLink row={row} />
        {row.email && (
          <Typography variant="caption" component="p" sx={{ color: 'text.secondary' }}>
            {row.email}
          </Typography>
        )}
      </>
    ),
  },
  {
    key: 'account',
    header: 'Account number',
    cell: (row) => <CopyableText value={String(row.phoenixId)} label="Account number" monospace />,
  },
  { key: 'type', header: 'Type', cell: (row) => row.accountTypes.join(', ') },
  { key: 'country', header: 'Country', cell: (row) => countryLabel(row.countryId) },
  { key: 'status', header: 'Status', cell: (row) => <AccountStatusChip status={row.accountStatus} /> },
  {
    key: 'membership',
    header: 'Membership',
    cell: (row) => <MembershipChip status={row.membershipStatus} />,
  },
  { key: 'sponsor', header: 'Sponsor', cell: (row) => <AccountRefLink person={row.sponsor} /> },
];

/** On a phone each customer is a card (every value of the row, nothing to scroll sideways). */
const card = (row: CustomerSearchRow) => (
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
);

interface SearchResultsProps {
  rows: CustomerSearchRow[];
  hasMore: boolean;
  onLoadMore: () => void;
  loadingMore: boolean;
}

/** Rows of spec 1 §2: name, account number, type, country, status, membership, sponsor. */
export function SearchResults({ rows, hasMore, onLoadMore, loadingMore }: SearchResultsProps) {
  return (
    <DataTable
      label="Customers found"
      region
      paper
      columns={COLUMNS}
      rows={rows}
      rowKey={(row) => row.uid}
      card={card}
      hasMore={hasMore}
      onLoadMore={onLoadMore}
      loadingMore={loadingMore}
      loadMoreLabel="More results"
    />
  );
}
