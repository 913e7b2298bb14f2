import type { StaffUser } from '@domain/auth/administrators';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { CopyableText } from '@web/components/copyable-text';

/** Name and directory, then the email and id an agent copies into tickets. */
export function StaffIdentity({ user, isSelf }: { user: StaffUser; isSelf: boolean }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography
        variant="body2"
        sx={{ fontWeight: 600, color: user.active ? 'text.primary' : 'text.secondary' }}
      >
        {user.name}
        <Chip
          label={user.directory}
          size="small"
          variant="outlined"
          title={`Directory: ${user.directory}`}
          sx={{ ml: 1, height: 20, fontSize: 12, fontWeight: 400, verticalAlign: 'text-bottom' }}
        />
        {isSelf && (
          <Typography component="span" variant="caption" sx={{ color: 'text.secondary', ml: 0.75 }}>
            (you)
          </Typography>
        )}
      </Typography>
      <Box sx={{ display: 'flex', flexDirection: 'column', color: 'text.secondary', fontSize: 14 }}>
        <CopyableText value={user.email} label="Email" />
        <CopyableText
          value={user.id}
          label="Id"
          monospace
          display={user.id.length > 12 ? `${user.id.slice(0, 8)}…` : undefined}
        />
      </Box>
    </Box>
  );
}
