import { styled } from '@mui/material/styles';
import { Link as RouterLink } from 'react-router';

// Two pieces of the sign-in form drawn with the theme instead of MUI's Stack and Link, which would
// otherwise be loaded by the login page for a column of fields and one link (issue 15, JavaScript
// budget). They render as MUI's do: Stack spacing={2.5}, and Link with its default underline.

/** A column with 20 px between the fields, as `<Stack spacing={2.5}>`. */
export const FormColumn = styled('div')(({ theme }) => ({
  display: 'flex',
  flexDirection: 'column',
  '& > :not(style):not(style)': { margin: 0 },
  '& > :not(style) ~ :not(style)': { marginTop: theme.spacing(2.5) },
}));

/** A link to another page, styled as MUI's Link (primary colour, underline at 40 %). */
export const TextLink = styled(RouterLink)(({ theme }) => ({
  margin: 0,
  font: 'inherit',
  lineHeight: 'inherit',
  letterSpacing: 'inherit',
  color: theme.palette.primary.main,
  textDecoration: 'underline',
  textDecorationColor: theme.alpha(theme.palette.primary.main, 0.4),
  '&:hover': { textDecorationColor: 'inherit' },
}));
