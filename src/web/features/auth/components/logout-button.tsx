import LogoutIcon from '@mui/icons-material/Logout';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import { Tip as Tooltip } from '@web/components/tip';
import { useLogout } from '../api/use-logout';

/** Logout; on phones only the icon shows (spec 1 §2 Shell), with the same accessible name. */
export function LogoutButton({ compact }: { compact: boolean }) {
  const logout = useLogout();
  if (compact) {
    return (
      <Tooltip title="Logout">
        <IconButton
          color="inherit"
          aria-label="Logout"
          onClick={() => logout.mutate()}
          disabled={logout.isPending}
        >
          <LogoutIcon />
        </IconButton>
      </Tooltip>
    );
  }
  return (
    <Button
      color="inherit"
      startIcon={<LogoutIcon />}
      onClick={() => logout.mutate()}
      loading={logout.isPending}
      sx={{ whiteSpace: 'nowrap' }}
    >
      Logout
    </Button>
  );
}
