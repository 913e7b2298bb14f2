import type { CustomerSearchRow } from '@domain/customers/search';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { CopyableText } from '@web/components/copyable-text';
import { DataTable, type DataTableColumn } from '@web/components/data-table';
import { Link as RouterLink } from 'react-router';
import {
  AccountRefLink,
  AccountStatusChip,
  countryLabel,
  customerPath,
  MembershipChip,
  statusLabel,
} from './labels';

const NameLink = ({ row }: { row: CustomerSearchRow }) => (
  <Link component={RouterLink} to={customerPath(row.uid)} sx={{ fontWeight: 600 }}>
    {row.firstName} {row.lastName}
  </Link>
);

// In match order (spec 1 §2 tiers: exact names, then names starting so, then close spellings);
// once every match is loaded the headers sort them.
export const CUSTOMER_RESULT_COLUMNS: DataTableColumn<CustomerSearchRow>[] = [
  {
    key: 'name',
    header: 'Name',
    sortBy: (row) => `${row.lastName} ${row.firstName}`,
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
    sortBy: (row) => row.phoenixId,
    cell: (row) => <CopyableText value={String(row.phoenixId)} label="Account number" monospace />,
  },
  {
    key: 'type',
    choice: 'Type',
    header: 'Type',
    sortBy: (row) => row.accountTypes.join(', '),
    cell: (row) => row.accountTypes.join(', '),
  },
  {
    key: 'country',
    choice: 'Country',
    header: 'Country',
    sortBy: (row) => countryLabel(row.countryId),
    cell: (row) => countryLabel(row.countryId),
  },
  {
    key: 'status',
    choice: 'Status',
    header: 'Status',
    sortBy: (row) => statusLabel(row.accountStatus),
    cell: (row) => <AccountStatusChip status={row.accountStatus} />,
  },
  {
    key: 'membership',
    choice: 'Membership',
    header: 'Membership',
    sortBy: (row) => row.membershipStatus,
    cell: (row) => <MembershipChip status={row.membershipStatus} />,
  },
  {
    key: 'sponsor',
    choice: 'Sponsor',
    header: 'Sponsor',
    sortBy: (row) => row.sponsor.fullName,
    cell: (row) => <AccountRefLink person={row.sponsor} />,
  },
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
  hidden: ReadonlySet<string>;
  hasMore: boolean;
  onLoadMore: () => void;
  loadingMore: boolean;
}

/** Rows of spec 1 §2: name, account number, type, country, status, membership, sponsor. */
export function SearchResults({ rows, hidden, hasMore, onLoadMore, loadingMore }: SearchResultsProps) {
  return (
    <DataTable
      label="Customers found"
      region
      paper
      columns={CUSTOMER_RESULT_COLUMNS}
      hidden={hidden}
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
