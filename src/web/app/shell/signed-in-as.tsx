import type { SessionInfo } from '@domain/auth/contracts';
import { ROLE_LABELS } from '@domain/auth/roles';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';

function initials(name: string): string {
  const parts = name.trim().split(/\s+/);
  return ((parts[0]?.[0] ?? '') + (parts.length > 1 ? (parts.at(-1)?.[0] ?? '') : '')).toUpperCase() || '?';
}

/**
 * Who is signed in, at the foot of the side menu. Name, role and email each get a line and wrap
 * rather than end in an ellipsis: the menu is narrow and emails are long.
 */
export function SignedInAs({ session }: { session: SessionInfo }) {
  const user = session.userInfo;
  if (!user) return null;
  return (
    <Box
      component="section"
      aria-label="Signed in as"
      sx={{ display: 'flex', alignItems: 'center', gap: 1.5, p: 2, borderTop: 1, borderColor: 'divider' }}
    >
      {/* primary.main under white initials: 7.8:1 (primary.light gave 3.5:1, below WCAG AA). */}
      <Avatar
        aria-hidden
        sx={{ bgcolor: 'primary.main', color: 'primary.contrastText', width: 36, height: 36, fontSize: 14 }}
      >
        {initials(user.name)}
      </Avatar>
      <Box sx={{ minWidth: 0, overflowWrap: 'anywhere' }}>
        <Typography variant="body2" component="p" sx={{ fontWeight: 600 }}>
          <Link component={RouterLink} to="/profile" color="inherit" underline="hover" title="Your profile">
            {user.name}
          </Link>
        </Typography>
        {session.role && (
          <Typography variant="caption" component="p" sx={{ color: 'text.secondary' }}>
            {ROLE_LABELS[session.role]}
          </Typography>
        )}
        <Typography variant="caption" component="p" sx={{ color: 'text.secondary' }}>
          {user.email}
        </Typography>
      </Box>
    </Box>
  );
}
