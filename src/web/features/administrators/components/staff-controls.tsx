import type { StaffUser } from '@domain/auth/administrators';
import { canGrantRole, canManageStaff, canSetAccess } from '@domain/auth/permissions';
import { ROLE_LABELS, STAFF_ROLES, type StaffRole } from '@domain/auth/roles';
import Block from '@mui/icons-material/Block';
import CheckCircleOutlined from '@mui/icons-material/CheckCircleOutlined';
import Send from '@mui/icons-material/Send';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import type { StaffActions } from './staff-actions';

interface ControlProps {
  user: StaffUser;
  actions: StaffActions;
}

const isSelf = (user: StaffUser, actions: StaffActions) => user.id === actions.currentUserId;
/** Whether the signed-in user holds all of this user's access, and so may change their account. */
const manageable = (user: StaffUser, actions: StaffActions) =>
  actions.granter !== null && canManageStaff(actions.granter, user);
const OUTRANKED = 'This user holds access you do not';

/** Inline role change. */
export function RoleSelect({ user, actions }: ControlProps) {
  const self = isSelf(user, actions);
  const locked = !self && !manageable(user, actions);
  return (
    <Tooltip title={self ? 'You cannot change your own role' : locked ? OUTRANKED : ''}>
      <TextField
        select
        size="small"
        value={user.role}
        onChange={(event) => actions.changeRole(user, event.target.value as StaffRole)}
        disabled={self || locked || !user.active || actions.busyId === user.id}
        slotProps={{ htmlInput: { 'aria-label': `Role of ${user.name}` } }}
        // Wide enough for the longest role, "Sales Operator Manager", without an ellipsis; table
        // text size, so the table still fits beside the docked menu at 1280 px.
        sx={{ width: 220, maxWidth: '100%', '& .MuiInputBase-root': { fontSize: 14 } }}
      >
        {STAFF_ROLES.map((role) => (
          <MenuItem
            key={role}
            value={role}
            disabled={actions.granter === null || !canGrantRole(actions.granter, role)}
          >
            {ROLE_LABELS[role]}
          </MenuItem>
        ))}
      </TextField>
    </Tooltip>
  );
}

const ACCESS_LABEL = { promoAccess: 'Promo access', junoAccess: 'Juno access' } as const;

/** promoAccess / junoAccess toggles (DESIGN §4: they govern the promo tool). */
export function AccessSwitch({
  user,
  actions,
  field,
}: ControlProps & { field: 'promoAccess' | 'junoAccess' }) {
  return (
    <Switch
      checked={user[field]}
      onChange={(_event, value) => actions.setAccess(user, field, value)}
      disabled={
        !user.active ||
        actions.busyId === user.id ||
        isSelf(user, actions) ||
        !manageable(user, actions) ||
        actions.granter === null ||
        !canSetAccess(actions.granter, field)
      }
      slotProps={{ input: { 'aria-label': `${ACCESS_LABEL[field]} for ${user.name}` } }}
    />
  );
}

/** Active or not, and whether the user has chosen a password yet; stacked in the table's narrow column. */
export function StatusChips({ user, stacked = false }: { user: StaffUser; stacked?: boolean }) {
  return (
    <Stack
      direction={stacked ? 'column' : 'row'}
      spacing={0.5}
      sx={{ alignItems: 'flex-start', flexWrap: 'wrap', rowGap: 0.5 }}
    >
      <Chip
        size="small"
        label={user.active ? 'Active' : 'Inactive'}
        color={user.active ? 'success' : 'default'}
        variant={user.active ? 'outlined' : 'filled'}
      />
      {!user.hasPassword && user.active && (
        <Chip size="small" label="No password yet" color="warning" variant="outlined" />
      )}
    </Stack>
  );
}

/** Resend password link, deactivate or activate. */
export function RowActions({ user, actions }: ControlProps) {
  const busy = actions.busyId === user.id;
  const self = isSelf(user, actions);
  const locked = !self && !manageable(user, actions);
  const linkLabel = user.hasPassword ? 'Send a password reset link' : 'Send the set-password link again';
  return (
    <Stack direction="row" spacing={0.5} sx={{ justifyContent: 'flex-end' }}>
      {/* A link is a change to their account like the others (ADR 017): the same rule. */}
      <Tooltip title={locked ? OUTRANKED : linkLabel}>
        <span>
          <IconButton
            aria-label={`${linkLabel} to ${user.name}`}
            onClick={() => actions.sendPasswordLink(user)}
            disabled={busy || !user.active || locked}
          >
            <Send fontSize="small" />
          </IconButton>
        </span>
      </Tooltip>
      {user.active ? (
        <Tooltip title={self ? 'You cannot deactivate yourself' : locked ? OUTRANKED : 'Deactivate'}>
          <span>
            <IconButton
              aria-label={`Deactivate ${user.name}`}
              onClick={() => actions.deactivate(user)}
              disabled={busy || self || locked}
              color="error"
            >
              <Block fontSize="small" />
            </IconButton>
          </span>
        </Tooltip>
      ) : (
        <Tooltip title={locked ? OUTRANKED : 'Activate'}>
          <span>
            <IconButton
              aria-label={`Activate ${user.name}`}
              onClick={() => actions.activate(user)}
              disabled={busy || locked}
              color="success"
            >
              <CheckCircleOutlined fontSize="small" />
            </IconButton>
          </span>
        </Tooltip>
      )}
    </Stack>
  );
}
