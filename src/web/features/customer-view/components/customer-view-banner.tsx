import type { CustomerViewSession } from '@domain/customer-view/contracts';
import { formatShortTime } from '@domain/reference/plain-formats';
import VisibilityOutlinedIcon from '@mui/icons-material/VisibilityOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';

/**
 * The band on top of every customer view: whose view it is, who opened it, that nothing can be
 * changed here, and when it ends (ADR 022).
 */
export function CustomerViewBanner({
  session,
  onClose,
  closing,
}: {
  session: CustomerViewSession;
  onClose: () => void;
  closing: boolean;
}) {
  return (
    <Box
      component="header"
      sx={{
        bgcolor: 'primary.dark',
        color: 'primary.contrastText',
        px: { xs: 2, sm: 3 },
        py: { xs: 1.5, sm: 2 },
      }}
    >
      <Box
        sx={{
          maxWidth: 1200,
          mx: 'auto',
          display: 'flex',
          alignItems: { xs: 'flex-start', sm: 'center' },
          gap: 2,
          flexDirection: { xs: 'column', sm: 'row' },
        }}
      >
        <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start', flex: 1, minWidth: 0 }}>
          <VisibilityOutlinedIcon aria-hidden sx={{ mt: 0.25 }} />
          <Box sx={{ minWidth: 0 }}>
            <Typography role="status" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
              Signed in as {session.customer.fullName} by {session.staff.name}
            </Typography>
            <Typography variant="body2" sx={{ opacity: 0.9 }}>
              Read-only customer view · ends at {formatShortTime(new Date(session.expiresAt))}
            </Typography>
          </Box>
        </Box>
        <Button
          variant="outlined"
          color="inherit"
          onClick={onClose}
          loading={closing}
          sx={{ flexShrink: 0, alignSelf: { xs: 'stretch', sm: 'center' } }}
        >
          Close customer view
        </Button>
      </Box>
    </Box>
  );
}
