import Button, { type ButtonProps } from '@mui/material/Button';
import type { ReactNode } from 'react';

interface BarButtonProps extends Omit<ButtonProps, 'children' | 'startIcon'> {
  icon: ReactNode;
  /** Short visible text; on phones it sits under the icon so the bar stays narrow. */
  caption: string;
  compact: boolean;
}

/**
 * A top-bar button that always shows its text: beside the icon on wide screens, under it on
 * phones. A tooltip alone names nothing for someone using touch.
 */
export function BarButton({ icon, caption, compact, sx, ...props }: BarButtonProps) {
  if (!compact) {
    return (
      <Button color="inherit" startIcon={icon} sx={[{ whiteSpace: 'nowrap' }, sx ?? {}].flat()} {...props}>
        {caption}
      </Button>
    );
  }
  return (
    <Button
      color="inherit"
      sx={[
        {
          flexDirection: 'column',
          minWidth: 0,
          px: 0.75,
          py: 0.25,
          gap: 0.25,
          fontSize: 11,
          lineHeight: 1,
          fontWeight: 400,
          whiteSpace: 'nowrap',
        },
        sx ?? {},
      ].flat()}
      {...props}
    >
      {icon}
      {caption}
    </Button>
  );
}
