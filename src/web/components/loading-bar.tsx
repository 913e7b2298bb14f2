import { keyframes } from '@emotion/react';
import { styled } from '@mui/material/styles';

// The thin indeterminate bar at the very top of the window (spec 1 §2): MUI's LinearProgress
// (indeterminate, secondary colour) redrawn with the same two bars, timings and colours. The
// component itself is a tenth of the login page's JavaScript for an effect of two spans.

const bar1Keyframes = keyframes`
  0% { left: -35%; right: 100%; }
  60% { left: 100%; right: -90%; }
  100% { left: 100%; right: -90%; }
`;
const bar2Keyframes = keyframes`
  0% { left: -200%; right: 100%; }
  60% { left: 107%; right: -8%; }
  100% { left: 107%; right: -8%; }
`;

const Track = styled('span')(({ theme }) => ({
  position: 'fixed',
  top: 0,
  left: 0,
  right: 0,
  height: 3,
  overflow: 'hidden',
  display: 'block',
  zIndex: theme.zIndex.tooltip + 1,
  // As LinearProgress colours its track: the bar colour lightened by 62 %.
  backgroundColor: theme.lighten(theme.palette.secondary.main, 0.62),
  '@media print': { colorAdjust: 'exact' },
}));

const Bar = styled('span')(({ theme }) => ({
  position: 'absolute',
  top: 0,
  bottom: 0,
  left: 0,
  width: 'auto',
  backgroundColor: theme.palette.secondary.main,
  '@media (prefers-reduced-motion: reduce)': { animation: 'none' },
}));

const Bar1 = styled(Bar)({
  animation: `${bar1Keyframes} 2.1s cubic-bezier(0.65, 0.815, 0.735, 0.395) infinite`,
  '@media (prefers-reduced-motion: reduce)': { left: '30%', right: 'auto', width: '40%' },
});
const Bar2 = styled(Bar)({
  animation: `${bar2Keyframes} 2.1s cubic-bezier(0.165, 0.84, 0.44, 1) 1.15s infinite`,
  '@media (prefers-reduced-motion: reduce)': { display: 'none' },
});

export function LoadingBar({ label, testId }: { label: string; testId?: string }) {
  return (
    <Track role="progressbar" aria-label={label} data-testid={testId}>
      <Bar1 />
      <Bar2 />
    </Track>
  );
}
