import type { StaffUser } from '@domain/auth/administrators';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import Typography from '@mui/material/Typography';
import { formatRelativeTime } from '@web/lib/format';
import type { StaffActions } from './staff-actions';
import { AccessSwitch, RoleSelect, RowActions, StatusChips } from './staff-controls';
import { StaffIdentity } from './staff-identity';

/** The staff list on phones and tablets: one compact card per person instead of a wide table. */
export function StaffCards({ users, actions }: { users: StaffUser[]; actions: StaffActions }) {
  return (
    <Box
      component="ul"
      aria-label="Staff users"
      sx={{
        listStyle: 'none',
        p: 0,
        m: 0,
        display: 'grid',
        // Tablets fit two cards a row; the hairlines between cards come from each card's borders.
        // minmax(0, …): a long email ellipsises in its card instead of widening every card past the screen.
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))' },
        '& > li': { borderBottom: 1, borderColor: 'divider' },
        '& > li:nth-of-type(odd)': { borderRight: { sm: 1 }, borderRightColor: { sm: 'divider' } },
      }}
    >
      {users.map((user) => (
        <Box
          component="li"
          key={user.id}
          // Tinted, not faded, like the table's inactive rows (contrast stays above 4.5:1).
          sx={{ p: 2, minWidth: 0, bgcolor: user.active ? undefined : 'background.default' }}
        >
          <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1 }}>
            <StaffIdentity user={user} isSelf={user.id === actions.currentUserId} />
            <RowActions user={user} actions={actions} />
          </Box>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', mt: 1 }}>
            <StatusChips user={user} />
            <Typography variant="caption" sx={{ color: 'text.secondary' }}>
              {user.lastLoginAt ? `signed in ${formatRelativeTime(user.lastLoginAt)}` : 'never signed in'}
            </Typography>
          </Box>
          <Box sx={{ mt: 1.5 }}>
            <RoleSelect user={user} actions={actions} />
          </Box>
          <Box sx={{ display: 'flex', gap: 2, mt: 0.5 }}>
            <FormControlLabel
              label="Promo"
              control={<AccessSwitch user={user} actions={actions} field="promoAccess" />}
            />
            <FormControlLabel
              label="Juno"
              control={<AccessSwitch user={user} actions={actions} field="junoAccess" />}
            />
          </Box>
        </Box>
      ))}
    </Box>
  );
}
