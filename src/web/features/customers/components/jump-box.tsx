import { JUMP_HINT } from '@domain/customers/jump';
import CloseIcon from '@mui/icons-material/Close';
import SearchIcon from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import ClickAwayListener from '@mui/material/ClickAwayListener';
import IconButton from '@mui/material/IconButton';
import InputBase from '@mui/material/InputBase';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Popper from '@mui/material/Popper';
import { alpha } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { errorMessage } from '@web/lib/api-client';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { resolveJump } from '../api/customers';
import { customerPath, orderPath } from './labels';

// The jump box of the top bar (issue 7): an account number, order number or email, then Enter.
// "/" focuses it from anywhere but a text field. On phones it folds into a search button.

/** Order screens come with the orders work; until then an order number says where it belongs. */
export const ORDER_SCREENS_AVAILABLE = false;

const INPUT_ID = 'jump-box-input';

function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

export function JumpBox({ compact }: { compact: boolean }) {
  const navigate = useNavigate();
  const [open, setOpen] = useState(!compact);
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<ReactNode>(null);
  const anchor = useRef<HTMLDivElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const expanded = !compact || open;

  useEffect(() => setOpen(!compact), [compact]);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== '/' || e.ctrlKey || e.metaKey || e.altKey || isTyping(e.target)) return;
      e.preventDefault();
      setOpen(true);
      requestAnimationFrame(() => input.current?.focus());
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  const close = () => {
    setMessage(null);
    if (compact) setOpen(false);
  };

  const land = (to: string) => {
    setText('');
    close();
    input.current?.blur();
    navigate(to);
  };

  async function jump() {
    const q = text.trim();
    if (!q) return setMessage(JUMP_HINT);
    setBusy(true);
    try {
      const { data } = await resolveJump(q);
      if (data.kind === 'customer') return land(customerPath(data.uid));
      if (ORDER_SCREENS_AVAILABLE && data.orderId) return land(orderPath(data.orderId));
      setMessage(
        <>
          {data.label} exists, but order screens are not available yet.{' '}
          <Link
            component={RouterLink}
            to={customerPath(data.uid, 'orders')}
            onClick={() => land(customerPath(data.uid, 'orders'))}
          >
            Open the customer’s orders
          </Link>
        </>,
      );
    } catch (error) {
      setMessage(errorMessage(error, 'The search failed. Please try again.'));
    } finally {
      setBusy(false);
    }
  }

  if (!expanded) {
    return (
      <Slot compact>
        <IconButton
          color="inherit"
          aria-label="Jump to a customer or order"
          onClick={() => {
            setOpen(true);
            requestAnimationFrame(() => input.current?.focus());
          }}
        >
          <SearchIcon />
        </IconButton>
      </Slot>
    );
  }

  return (
    <Slot compact={compact}>
      <ClickAwayListener onClickAway={() => setMessage(null)}>
        <Box
          ref={anchor}
          role="search"
          sx={(theme) => ({
            display: 'flex',
            alignItems: 'center',
            borderRadius: 1,
            bgcolor: alpha(theme.palette.common.white, 0.15),
            '&:focus-within': { bgcolor: alpha(theme.palette.common.white, 0.25) },
            px: 1,
            width: compact ? '100%' : { sm: 220, md: 300 },
            flex: compact ? 1 : undefined,
          })}
        >
          <SearchIcon fontSize="small" aria-hidden />
          <InputBase
            inputRef={input}
            id={INPUT_ID}
            value={text}
            placeholder="Account, order or email  ( / )"
            onChange={(e) => {
              setText(e.target.value);
              setMessage(null);
            }}
            onKeyDown={(e) => {
              if (e.key === 'Enter') void jump();
              if (e.key === 'Escape') close();
            }}
            inputProps={{
              'aria-label': 'Jump to an account number, order number or email',
              'aria-describedby': message ? 'jump-box-message' : undefined,
              'aria-busy': busy,
              enterKeyHint: 'go',
              autoComplete: 'off',
            }}
            sx={{ color: 'inherit', ml: 1, flex: 1, fontSize: 14, '& input::placeholder': { opacity: 0.85 } }}
          />
          {compact && (
            <IconButton size="small" color="inherit" aria-label="Close the jump box" onClick={close}>
              <CloseIcon fontSize="small" />
            </IconButton>
          )}
          <Popper
            open={message != null}
            anchorEl={anchor.current}
            placement="bottom-start"
            sx={{ zIndex: 'modal' }}
          >
            <Paper id="jump-box-message" role="alert" elevation={4} sx={{ p: 1.5, mt: 0.5, maxWidth: 360 }}>
              <Typography variant="body2">{message}</Typography>
            </Paper>
          </Popper>
        </Box>
      </ClickAwayListener>
    </Slot>
  );
}

/** Takes the free space of the top bar: the box sits in the middle, the phone button on the right. */
function Slot({ compact, children }: { compact: boolean; children: ReactNode }) {
  return (
    <Box
      sx={{
        flexGrow: 1,
        minWidth: 0,
        display: 'flex',
        justifyContent: compact ? 'flex-end' : 'center',
        px: { sm: 2 },
      }}
    >
      {children}
    </Box>
  );
}
