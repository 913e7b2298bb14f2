import { type EnrollerPayout, isRowSelected, milestoneLabel, type PayoutSelection } from '@domain/incentives';
import Checkbox from '@mui/material/Checkbox';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { formatDate } from '@web/lib/format';
import { Link as RouterLink } from 'react-router';
import { marketShort, money } from './labels';

export const payable = (p: EnrollerPayout) => p.finished && p.succeeded && !p.paid;
const yesNo = (v: boolean) => (v ? 'Yes' : 'No');
const customerPath = (uid: string) => `/customers/${encodeURIComponent(uid)}/dashboard`;

function AccountCell({ id, account }: { id: string; account: EnrollerPayout['participant'] }) {
  return (
    <TableCell>
      {account.uid ? (
        <Link component={RouterLink} to={customerPath(account.uid)} underline="hover">
          {account.fullName ?? id}
        </Link>
      ) : (
        (account.fullName ?? 'Not on file')
      )}
      <br />
      <span style={{ fontSize: 12, opacity: 0.75 }}>#{id}</span>
    </TableCell>
  );
}

interface PayoutsTableProps {
  rows: EnrollerPayout[];
  selection: PayoutSelection;
  allChecked: boolean;
  someChecked: boolean;
  onToggleAll: () => void;
  onToggle: (id: string) => void;
}

/** The payout rows of one page (spec 3 §3 Enroller payout row), with their checkboxes. */
export function PayoutsTable({
  rows,
  selection,
  allChecked,
  someChecked,
  onToggleAll,
  onToggle,
}: PayoutsTableProps) {
  return (
    <TableContainer tabIndex={0} role="region" aria-label="Enroller payouts">
      <Table size="small" sx={{ minWidth: 980 }}>
        <TableHead>
          <TableRow>
            <TableCell padding="checkbox">
              <Checkbox
                checked={allChecked}
                indeterminate={someChecked && !allChecked}
                onChange={onToggleAll}
                slotProps={{ input: { 'aria-label': 'Select all payable rows' } }}
              />
            </TableCell>
            <TableCell>Reward payout</TableCell>
            <TableCell>Participant</TableCell>
            <TableCell>Enroller</TableCell>
            <TableCell>Milestone</TableCell>
            <TableCell>Dates</TableCell>
            <TableCell>Finished</TableCell>
            <TableCell>Succeeded</TableCell>
            <TableCell align="right">Reward</TableCell>
            <TableCell>Paid date</TableCell>
            <TableCell>Paid</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((p) => {
            const canPay = payable(p);
            const checked = canPay && isRowSelected(selection, p.rewardPayoutId);
            return (
              <TableRow
                key={p.rewardPayoutId}
                hover
                selected={checked}
                data-testid={`payout-${p.rewardPayoutId}`}
              >
                <TableCell padding="checkbox">
                  <Checkbox
                    checked={checked}
                    disabled={!canPay}
                    onChange={() => onToggle(p.rewardPayoutId)}
                    slotProps={{ input: { 'aria-label': `Select payout ${p.rewardPayoutId}` } }}
                  />
                </TableCell>
                <TableCell sx={{ fontFamily: 'monospace' }}>{p.rewardPayoutId}</TableCell>
                <AccountCell id={p.participantAccountId} account={p.participant} />
                <AccountCell id={p.enrollerAccountId} account={p.enroller} />
                <TableCell>
                  {milestoneLabel(p.milestoneName)}
                  <br />
                  <span style={{ fontSize: 12, opacity: 0.75 }}>
                    {marketShort(p.countryId)} · {p.personalVolume} PV
                  </span>
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  {formatDate(p.startDate)} – {formatDate(p.endDate)}
                </TableCell>
                <TableCell>{yesNo(p.finished)}</TableCell>
                <TableCell>{yesNo(p.succeeded)}</TableCell>
                <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
                  {money(p.amountCents, p.countryId)}
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  {p.paidDate ? formatDate(p.paidDate) : '—'}
                </TableCell>
                <TableCell>{yesNo(p.paid)}</TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
