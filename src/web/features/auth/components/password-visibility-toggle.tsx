import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import IconButton from '@mui/material/IconButton';
import { styled } from '@mui/material/styles';

// Styled as MUI's InputAdornment at the end of an outlined input, without loading it on the
// login page (ADR 034, JavaScript budget).
const EndAdornment = styled('div')(({ theme }) => ({
  display: 'flex',
  maxHeight: '2em',
  alignItems: 'center',
  whiteSpace: 'nowrap',
  color: theme.palette.action.active,
  marginLeft: 8,
}));

/** The show/hide button at the end of a password input (agents often sign in on shared counters). */
export function PasswordVisibilityToggle({ visible, onToggle }: { visible: boolean; onToggle: () => void }) {
  return (
    <EndAdornment className="MuiInputAdornment-root MuiInputAdornment-positionEnd">
      <IconButton aria-label={visible ? 'Hide password' : 'Show password'} onClick={onToggle} edge="end">
        {visible ? <VisibilityOff /> : <Visibility />}
      </IconButton>
    </EndAdornment>
  );
}
