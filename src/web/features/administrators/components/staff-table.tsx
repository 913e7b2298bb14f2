import type { StaffUser } from '@domain/auth/administrators';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
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

export function StaffTable({ users, actions, sortKey, direction, onSort }: StaffTableProps) {
  const sortable = (key: StaffSortKey, label: string) => (
    <TableCell sortDirection={sortKey === key ? direction : false}>
      <TableSortLabel
        active={sortKey === key}
        direction={sortKey === key ? direction : 'asc'}
        onClick={() => onSort(key)}
      >
        {label}
      </TableSortLabel>
    </TableCell>
  );
  return (
    <TableContainer>
      <Table size="small" aria-label="Staff users" sx={{ '& td, & th': { py: 1.25, px: 1.25 } }}>
        <TableHead>
          <TableRow>
            {sortable('name', 'Name')}
            {sortable('role', 'Role')}
            <TableCell align="center">
              <Tooltip title="Promo access: edit drafts and publish to pending">
                <span>Promo</span>
              </Tooltip>
            </TableCell>
            <TableCell align="center">
              <Tooltip title="Juno access: deploy promotions to production">
                <span>Juno</span>
              </Tooltip>
            </TableCell>
            {sortable('lastLoginAt', 'Status · last sign-in')}
            <TableCell align="right">Actions</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {users.map((user) => (
            <TableRow
              key={user.id}
              hover
              // Inactive rows are tinted, not faded: fading took their text below 4.5:1 (WCAG AA).
              sx={{ bgcolor: user.active ? undefined : 'background.default' }}
            >
              <TableCell sx={{ maxWidth: 280 }}>
                <StaffIdentity user={user} isSelf={user.id === actions.currentUserId} />
              </TableCell>
              <TableCell>
                <RoleSelect user={user} actions={actions} />
              </TableCell>
              <TableCell align="center">
                <AccessSwitch user={user} actions={actions} field="promoAccess" />
              </TableCell>
              <TableCell align="center">
                <AccessSwitch user={user} actions={actions} field="junoAccess" />
              </TableCell>
              <TableCell>
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
              </TableCell>
              <TableCell align="right">
                <RowActions user={user} actions={actions} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
