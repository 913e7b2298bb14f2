import Box from '@mui/material/Box';

/** Says, on every screen, that this is the drafts environment (DESIGN §5 Themes). */
export function DraftsMarker() {
  return (
    <Box
      component="span"
      role="note"
      aria-label="Drafts environment"
      sx={{
        px: 1,
        py: 0.25,
        borderRadius: 1,
        bgcolor: 'secondary.main',
        color: 'secondary.contrastText',
        fontWeight: 700,
        fontSize: 12,
        letterSpacing: '0.12em',
        whiteSpace: 'nowrap',
      }}
    >
      DRAFTS
    </Box>
  );
}
