import Box from '@mui/material/Box';
import { keyframes, type SxProps, type Theme } from '@mui/material/styles';

const pulse = keyframes`
  0% { opacity: 1; }
  50% { opacity: 0.4; }
  100% { opacity: 1; }
`;

interface PlaceholderProps {
  height?: number | string;
  width?: number | string;
  /** A line of text: as tall as the text around it, drawn at 60% of that height. */
  text?: boolean;
  /** Announces the block as a loading status with this name; without it the block is hidden from assistive technology. */
  'aria-label'?: string;
  sx?: SxProps<Theme>;
}

/**
 * A grey block where something is loading, pulsing unless motion is reduced: the look of MUI's
 * Skeleton (its colour, corners, pulse and text line) in a few lines, without the component's
 * variants, classes and wave, which every screen that shows a loading state carried (ADR 045).
 */
export function Placeholder({ height, width, text = false, 'aria-label': label, sx }: PlaceholderProps) {
  return (
    <Box
      {...(label ? { role: 'status', 'aria-label': label, 'aria-busy': true } : { 'aria-hidden': true })}
      sx={[
        (theme) => ({
          display: 'block',
          height: height ?? (text ? 'auto' : '1.2em'),
          width,
          borderRadius: `${theme.shape.borderRadius}px`,
          backgroundColor: theme.alpha(
            theme.palette.text.primary,
            theme.palette.mode === 'light' ? 0.11 : 0.13,
          ),
          animation: `${pulse} 2s ease-in-out 0.5s infinite`,
          '@media (prefers-reduced-motion: reduce)': { animation: 'none' },
          ...(text && {
            transformOrigin: '0 55%',
            transform: 'scale(1, 0.60)',
            '&:empty::before': { content: '"\\00a0"' },
          }),
        }),
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    />
  );
}
