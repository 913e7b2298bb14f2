import { COMPANY_NAME } from '@domain/customers/constants';
import type { AccountRef } from '@domain/customers/search';
import { COMPANY_SPONSOR_ID } from '@domain/reference/constants';
import { accountStatusName, countryName, userTypeName } from '@domain/reference/lists';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import { Link as RouterLink } from 'react-router';
import { customerPath } from './paths';

// How customer facts read on every customer screen (spec 1 §3 names).

export { customerPath, orderPath } from './paths';

export const typeLabel = (id: number) => userTypeName(id) ?? `Type ${id}`;
export const statusLabel = (id: number) => accountStatusName(id) ?? `Status ${id}`;
export const countryLabel = (id: number) => countryName(id) ?? `Country ${id}`;

export function AccountStatusChip({ status }: { status: number }) {
  return (
    <Chip
      size="small"
      variant="outlined"
      color={status === 1 ? 'success' : 'default'}
      label={statusLabel(status)}
    />
  );
}

// Only colours whose outlined text keeps 4.5:1 on the page background (WCAG AA).
const MEMBERSHIP_COLOR = {
  Member: 'primary',
  'Pending Terms': 'default',
  Expired: 'default',
  Declined: 'default',
  'N/A': 'default',
} as const;

export function MembershipChip({ status }: { status: keyof typeof MEMBERSHIP_COLOR }) {
  return <Chip size="small" variant="outlined" color={MEMBERSHIP_COLOR[status]} label={status} />;
}

/** A sponsor or enroller: a link to that customer, or the company (id 1, spec 1 §4). */
export function AccountRefLink({ person }: { person: AccountRef }) {
  if (!person.uid) {
    return (
      <span>
        {person.phoenixId === COMPANY_SPONSOR_ID
          ? `${COMPANY_NAME} · 1`
          : `${person.fullName} · ${person.phoenixId}`}
      </span>
    );
  }
  return (
    <Link component={RouterLink} to={customerPath(person.uid)}>
      {person.fullName} · {person.phoenixId}
    </Link>
  );
}
