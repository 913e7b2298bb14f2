import type { StaffUser } from '@domain/auth/administrators';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { DataTable, type DataTableColumn } from '@web/components/data-table';
import { formatDateTime, formatRelativeTime } from '@web/lib/format';
import type { SortDirection, StaffSortKey } from '../hooks/use-staff-sort';
import type { StaffActions } from './staff-actions';
import { AccessSwitch, RoleSelect, RowActions, StatusChips } from './staff-controls';
import { StaffIdentity } from './staff-identity';

interface StaffTableProps {
  users: StaffUser[];
  actions: StaffActions;
  sortKey: StaffSortKey;
  direction: SortDirection;
  onSort: (key: StaffSortKey) => void;
}

function LastSignIn({ user }: { user: StaffUser }) {
  return (
    <>
      <StatusChips user={user} stacked />
      <Typography
        variant="caption"
        component="p"
        sx={{ color: 'text.secondary', mt: 0.5, whiteSpace: 'nowrap' }}
      >
        {user.lastLoginAt ? (
          <time dateTime={user.lastLoginAt} title={formatDateTime(user.lastLoginAt)}>
            Signed in {formatRelativeTime(user.lastLoginAt)}
          </time>
        ) : (
          'Never signed in'
        )}
      </Typography>
    </>
  );
}

const access = (title: string, name: string) => (
  <Tooltip title={title}>
    <span>{name}</span>
  </Tooltip>
);

export function StaffTable({ users, actions, sortKey, direction, onSort }: StaffTableProps) {
  const columns: DataTableColumn<StaffUser>[] = [
    {
      key: 'name',
      header: 'Name',
      sortBy: true,
      cellSx: { maxWidth: 280 },
      cell: (user) => <StaffIdentity user={user} isSelf={user.id === actions.currentUserId} />,
    },
    {
      key: 'role',
      header: 'Role',
      sortBy: true,
      cell: (user) => <RoleSelect user={user} actions={actions} />,
    },
    {
      key: 'promo',
      header: access('Promo access: edit drafts and publish to pending', 'Promo'),
      align: 'center',
      cell: (user) => <AccessSwitch user={user} actions={actions} field="promoAccess" />,
    },
    {
      key: 'juno',
      header: access('Juno access: deploy promotions to production', 'Juno'),
      align: 'center',
      cell: (user) => <AccessSwitch user={user} actions={actions} field="junoAccess" />,
    },
    {
      key: 'lastLoginAt',
      header: 'Status · last sign-in',
      sortBy: true,
      cell: (user) => <LastSignIn user={user} />,
    },
    {
      key: 'actions',
      header: 'Actions',
      align: 'right',
      cell: (user) => <RowActions user={user} actions={actions} />,
    },
  ];
  return (
    <DataTable
      label="Staff users"
      tableSx={{ '& td, & th': { py: 1.25, px: 1.25 } }}
      columns={columns}
      rows={users}
      rowKey={(user) => user.id}
      sort={{ key: sortKey, direction, onSort: (key) => onSort(key as StaffSortKey) }}
      // Inactive rows are tinted, not faded: fading took their text below 4.5:1 (WCAG AA).
      rowProps={(user) => ({ sx: { bgcolor: user.active ? undefined : 'background.default' } })}
    />
  );
}
