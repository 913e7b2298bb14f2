import { JUMP_HINT } from '@domain/customers/jump-hint';
import CloseIcon from '@mui/icons-material/Close';
import SearchIcon from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import { alpha } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { errorMessage } from '@web/lib/api-client';
import {
  type ChangeEvent,
  type KeyboardEvent as ReactKeyboardEvent,
  type ReactNode,
  useEffect,
  useRef,
  useState,
} from 'react';
import { useNavigate } from 'react-router';

// The jump box of the top bar (spec 1 §2 Shell): an account number, an order number (F…, X… or plain)
// or a 9-digit Phoenix order number, or an email, then Enter lands on the customer or the order.
// "/" focuses it from anywhere but a text field. On phones it folds into a search button.

const INPUT_ID = 'jump-box-input';
// Written out here rather than imported, to keep the top bar's bundle small.
const customerPath = (uid: string, tab = 'dashboard') => `/customers/${encodeURIComponent(uid)}/${tab}`;
const orderPath = (id: string) => `/orders/${encodeURIComponent(id)}/info`;

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
      const { resolveJump } = await import('../api/resolve');
      const { data } = await resolveJump(q);
      if (data.kind === 'customer') return land(customerPath(data.uid));
      land(data.orderId ? orderPath(data.orderId) : customerPath(data.uid, 'orders'));
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
      <Box
        role="search"
        onBlur={(e) => {
          if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setMessage(null);
        }}
        sx={(theme) => ({
          position: 'relative',
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
        {/* A plain input: the top bar is on every screen, so it carries as little script as it can. */}
        <Box
          component="input"
          ref={input}
          id={INPUT_ID}
          type="text"
          value={text}
          placeholder="Account, order or email  ( / )"
          aria-label="Jump to an account number, order number or email"
          aria-describedby={message ? 'jump-box-message' : undefined}
          aria-busy={busy}
          enterKeyHint="go"
          autoComplete="off"
          onChange={(e: ChangeEvent<HTMLInputElement>) => {
            setText(e.target.value);
            setMessage(null);
          }}
          onKeyDown={(e: ReactKeyboardEvent<HTMLInputElement>) => {
            if (e.key === 'Enter') void jump();
            if (e.key === 'Escape') close();
          }}
          sx={{
            color: 'inherit',
            font: 'inherit',
            fontSize: 14,
            bgcolor: 'transparent',
            border: 0,
            outline: 0,
            ml: 1,
            py: 1,
            flex: 1,
            minWidth: 0,
            '&::placeholder': { color: 'inherit', opacity: 0.85 },
          }}
        />
        {compact && (
          <IconButton size="small" color="inherit" aria-label="Close the jump box" onClick={close}>
            <CloseIcon fontSize="small" />
          </IconButton>
        )}
        {message != null && (
          <Paper
            id="jump-box-message"
            role="alert"
            elevation={4}
            sx={{
              position: 'absolute',
              top: '100%',
              left: 0,
              mt: 0.5,
              p: 1.5,
              // On phones the box is the narrow part of the bar: the message takes its width.
              ...(compact ? { right: 0 } : { width: 'min(360px, 90vw)' }),
            }}
          >
            <Typography variant="body2">{message}</Typography>
          </Paper>
        )}
      </Box>
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
