import RefreshIcon from '@mui/icons-material/Refresh';
import ReportProblemOutlinedIcon from '@mui/icons-material/ReportProblemOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

// The two texts of spec 1 §2 Shell.
export const GENERIC_ERROR_TEXT = 'Sorry, a critical error occurred on this page.';
export const CRASH_ERROR_TEXT =
  'Whoops! It appears something went wrong during your session. Try refreshing?';

interface ErrorViewProps {
  message: string;
  /** A second line explaining the cause when it is known (e.g. a chunk load error). */
  detail?: string;
  /** Fill the viewport (no chrome around it) or sit inside the shell's content area. */
  fullPage?: boolean;
  /** Extra links, e.g. back to the dashboard. */
  actions?: ReactNode;
}

export function ErrorView({ message, detail, fullPage = false, actions }: ErrorViewProps) {
  return (
    <Box
      // Without the shell around it, the page is the main landmark itself.
      component={fullPage ? 'main' : 'div'}
      sx={{
        minHeight: fullPage ? '100vh' : '50vh',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        textAlign: 'center',
        gap: 2,
        px: 3,
        bgcolor: fullPage ? 'background.default' : undefined,
      }}
    >
      <ReportProblemOutlinedIcon aria-hidden sx={{ fontSize: 56, color: 'secondary.main' }} />
      <Box role="alert" sx={{ display: 'contents' }}>
        <Typography variant="h2" component="h1" sx={{ maxWidth: 560 }}>
          {message}
        </Typography>
        {detail && (
          <Typography variant="body2" sx={{ color: 'text.secondary', maxWidth: 520 }}>
            {detail}
          </Typography>
        )}
      </Box>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', justifyContent: 'center' }}>
        <Button variant="contained" startIcon={<RefreshIcon />} onClick={() => window.location.reload()}>
          Refresh
        </Button>
        {actions}
      </Box>
    </Box>
  );
}
