import type { SessionInfo } from '@domain/auth/contracts';
import { ROLE_LABELS } from '@domain/auth/roles';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

function initials(name: string): string {
  const parts = name.trim().split(/\s+/);
  return ((parts[0]?.[0] ?? '') + (parts.length > 1 ? (parts.at(-1)?.[0] ?? '') : '')).toUpperCase() || '?';
}

/** Who is signed in, at the foot of the side menu. */
export function SignedInAs({ session }: { session: SessionInfo }) {
  const user = session.userInfo;
  if (!user) return null;
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, p: 2, borderTop: 1, borderColor: 'divider' }}>
      {/* primary.main under white initials: 7.8:1 (primary.light gave 3.5:1, below WCAG AA). */}
      <Avatar
        aria-hidden
        sx={{ bgcolor: 'primary.main', color: 'primary.contrastText', width: 36, height: 36, fontSize: 14 }}
      >
        {initials(user.name)}
      </Avatar>
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="body2" noWrap sx={{ fontWeight: 600 }}>
          {user.name}
        </Typography>
        <Typography variant="caption" noWrap component="p" sx={{ color: 'text.secondary' }}>
          {session.role ? ROLE_LABELS[session.role] : ''} · {user.email}
        </Typography>
      </Box>
    </Box>
  );
}
