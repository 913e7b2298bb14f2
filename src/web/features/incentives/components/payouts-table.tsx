import { milestoneLabel } from '@domain/incentives/constants';
import type { EnrollerPayout } from '@domain/incentives/contracts';
import { isRowSelected, type PayoutSelection } from '@domain/incentives/selection';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import { CardFields, CardList, CardTitle, useCardLayout } from '@web/components/card-list';
import { DataTable, type DataTableColumn } from '@web/components/data-table';
import { formatDate } from '@web/lib/format';
import { memo } from 'react';
import { Link as RouterLink } from 'react-router';
import { marketShort, money } from './labels';

export const payable = (p: EnrollerPayout) => p.finished && p.succeeded && !p.paid;
const yesNo = (v: boolean) => (v ? 'Yes' : 'No');
const customerPath = (uid: string) => `/customers/${encodeURIComponent(uid)}/dashboard`;

function Account({ id, account }: { id: string; account: EnrollerPayout['participant'] }) {
  return (
    <>
      {account.uid ? (
        <Link component={RouterLink} to={customerPath(account.uid)} underline="hover">
          {account.fullName ?? id}
        </Link>
      ) : (
        (account.fullName ?? 'Not on file')
      )}
      <br />
      <span style={{ fontSize: 12, opacity: 0.75 }}>#{id}</span>
    </>
  );
}

function Milestone({ p }: { p: EnrollerPayout }) {
  return (
    <>
      {milestoneLabel(p.milestoneName)}
      <br />
      <span style={{ fontSize: 12, opacity: 0.75 }}>
        {marketShort(p.countryId)} · {p.personalVolume} PV
      </span>
    </>
  );
}

/** The period, its end on a second line when the column is narrow. */
const dates = (p: EnrollerPayout) => (
  <>
    <span style={{ whiteSpace: 'nowrap' }}>{formatDate(p.startDate)} –</span>{' '}
    <span style={{ whiteSpace: 'nowrap' }}>{formatDate(p.endDate)}</span>
  </>
);

interface PayoutsTableProps {
  rows: EnrollerPayout[];
  selection: PayoutSelection;
  allChecked: boolean;
  someChecked: boolean;
  onToggleAll: () => void;
  onToggle: (id: string) => void;
}

/**
 * The payout rows of one page (spec 3 §3 Enroller payout row), with their checkboxes. Memoised: the
 * screen renders again on each of its answers, and the rows change only with theirs (ADR 049).
 */
export const PayoutsTable = memo(function PayoutsTable({
  rows,
  selection,
  allChecked,
  someChecked,
  onToggleAll,
  onToggle,
}: PayoutsTableProps) {
  const cards = useCardLayout();
  const rowCheckbox = (p: EnrollerPayout) => {
    const canPay = payable(p);
    return (
      <Checkbox
        checked={canPay && isRowSelected(selection, p.rewardPayoutId)}
        disabled={!canPay}
        onChange={() => onToggle(p.rewardPayoutId)}
        slotProps={{ input: { 'aria-label': `Select payout ${p.rewardPayoutId}` } }}
      />
    );
  };
  const allCheckbox = (
    <Checkbox
      checked={allChecked}
      indeterminate={someChecked && !allChecked}
      onChange={onToggleAll}
      slotProps={{ input: { 'aria-label': 'Select all payable rows' } }}
    />
  );
  if (cards)
    // On a phone each payout is a card with its checkbox; every value of its row, nothing off-screen.
    return (
      <Box role="region" aria-label="Enroller payouts" sx={{ p: 1 }}>
        <FormControlLabel control={allCheckbox} label="All payable rows" sx={{ ml: 0, mb: 1 }} />
        <CardList
          label="Enroller payouts"
          items={rows}
          itemKey={(p) => p.rewardPayoutId}
          itemLabel={(p) => `Reward payout ${p.rewardPayoutId}`}
          itemData={(p) => ({ 'data-testid': `payout-${p.rewardPayoutId}` })}
          itemSelected={(p) => payable(p) && isRowSelected(selection, p.rewardPayoutId)}
        >
          {(p) => (
            <>
              <CardTitle aside={rowCheckbox(p)}>
                Reward payout{' '}
                <Box component="span" sx={{ fontFamily: 'monospace' }}>
                  {p.rewardPayoutId}
                </Box>
              </CardTitle>
              <CardFields
                fields={[
                  [
                    'Participant',
                    <Account key="participant" id={p.participantAccountId} account={p.participant} />,
                  ],
                  ['Enroller', <Account key="enroller" id={p.enrollerAccountId} account={p.enroller} />],
                  ['Milestone', <Milestone key="milestone" p={p} />],
                  ['Dates', dates(p)],
                  ['Finished', yesNo(p.finished)],
                  ['Succeeded', yesNo(p.succeeded)],
                  ['Reward', money(p.amountCents, p.countryId)],
                  ['Paid date', p.paidDate ? formatDate(p.paidDate) : '—'],
                  ['Paid', yesNo(p.paid)],
                ]}
              />
            </>
          )}
        </CardList>
      </Box>
    );
  const columns: DataTableColumn<EnrollerPayout>[] = [
    { key: 'select', padding: 'checkbox', header: allCheckbox, cell: rowCheckbox },
    {
      key: 'id',
      header: 'Reward payout',
      cellSx: { fontFamily: 'monospace' },
      cell: (p) => p.rewardPayoutId,
    },
    {
      key: 'participant',
      header: 'Participant',
      cell: (p) => <Account id={p.participantAccountId} account={p.participant} />,
    },
    {
      key: 'enroller',
      header: 'Enroller',
      cell: (p) => <Account id={p.enrollerAccountId} account={p.enroller} />,
    },
    { key: 'milestone', header: 'Milestone', cell: (p) => <Milestone p={p} /> },
    { key: 'dates', header: 'Dates', cell: dates },
    { key: 'finished', header: 'Finished', cell: (p) => yesNo(p.finished) },
    { key: 'succeeded', header: 'Succeeded', cell: (p) => yesNo(p.succeeded) },
    {
      key: 'reward',
      header: 'Reward',
      align: 'right',
      cellSx: { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' },
      cell: (p) => money(p.amountCents, p.countryId),
    },
    {
      key: 'paidDate',
      header: 'Paid date',
      cellSx: { whiteSpace: 'nowrap' },
      cell: (p) => (p.paidDate ? formatDate(p.paidDate) : '—'),
    },
    { key: 'paid', header: 'Paid', cell: (p) => yesNo(p.paid) },
  ];
  // Beside the docked menu at 1280 every column fits: narrower cell padding, headers and the period
  // on two lines.
  return (
    <DataTable
      label="Enroller payouts"
      regionOnly
      tableSx={{ '& td, & th': { px: 1 }, '& th': { whiteSpace: 'normal', verticalAlign: 'bottom' } }}
      columns={columns}
      rows={rows}
      rowKey={(p) => p.rewardPayoutId}
      rowProps={(p) => ({
        selected: payable(p) && isRowSelected(selection, p.rewardPayoutId),
        'data-testid': `payout-${p.rewardPayoutId}`,
      })}
    />
  );
});
