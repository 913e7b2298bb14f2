import { NOTICE_CODES } from '@domain/platform/notice-codes';
import type { Notice } from '@domain/platform/notices';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { SxProps, Theme } from '@mui/material/styles';

/**
 * What the server changed or left out on its own (ADR 026), one alert each, in its words. A
 * replaced promo code offers to put the replaced one back in one click.
 */
export function Notices({
  notices,
  onPutBack,
  pending = false,
  sx,
}: {
  notices: readonly Notice[];
  /** Puts a replaced promo code back (the notice's value). */
  onPutBack?: (code: string) => void;
  pending?: boolean;
  sx?: SxProps<Theme>;
}) {
  // The same notice from the cart and from the estimate is said once.
  const shown = notices.filter(
    (n, i) => notices.findIndex((m) => m.code === n.code && m.message === n.message) === i,
  );
  if (shown.length === 0) return null;
  return (
    <Stack spacing={1} sx={sx} data-testid="notices" aria-live="polite">
      {shown.map((n) => (
        <Alert
          key={`${n.code}:${n.message}`}
          severity="warning"
          role="status"
          data-notice={n.code}
          action={
            n.code === NOTICE_CODES.promoCodeReplaced && n.value && onPutBack ? (
              <Button color="inherit" size="small" disabled={pending} onClick={() => onPutBack(n.value!)}>
                Put back {n.value}
              </Button>
            ) : undefined
          }
        >
          {n.message}
        </Alert>
      ))}
    </Stack>
  );
}
