import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useLayoutTier } from '@web/lib/use-layout-tier';
import type { ReactNode } from 'react';

// Lists on phones (spec 1 §2 layout tiers): a table needs more width than a phone has, so its rows become
// cards, one under the other, each showing every value and action of its row without sideways
// scrolling. Customer search, order search, returns, failed orders, uploads, refunds, batch
// details, carts and cart lines share it.

/** True on a phone (spec 1 §9 tiers): where a list is shown as cards instead of a table. */
export function useCardLayout(): boolean {
  return useLayoutTier() === 'phone';
}

export interface CardListProps<T> {
  /** The accessible name of the list, the same as its table's on wider screens. */
  label: string;
  items: readonly T[];
  itemKey: (item: T) => string | number;
  children: (item: T) => ReactNode;
  /** A name for each card (read by screen readers as the list item's name). */
  itemLabel?: (item: T) => string;
  /** data-* attributes of each card, as its table row has them (test ids, state flags). */
  itemData?: (item: T) => Record<`data-${string}`, string | undefined>;
  /** Cards shown highlighted, as a selected table row is (a line just added, say). */
  itemSelected?: (item: T) => boolean;
}

/** One outlined card per item, stacked; nothing inside is wider than the card. */
export function CardList<T>({
  label,
  items,
  itemKey,
  children,
  itemLabel,
  itemData,
  itemSelected,
}: CardListProps<T>) {
  return (
    <Box
      component="ul"
      aria-label={label}
      sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1, gridTemplateColumns: 'minmax(0, 1fr)' }}
    >
      {items.map((item) => (
        <Paper
          component="li"
          key={itemKey(item)}
          variant="outlined"
          aria-label={itemLabel?.(item)}
          {...itemData?.(item)}
          sx={{
            p: 1.5,
            minWidth: 0,
            overflowWrap: 'anywhere',
            ...(itemSelected?.(item) ? { bgcolor: 'action.selected' } : {}),
          }}
        >
          {children(item)}
        </Paper>
      ))}
    </Box>
  );
}

/** The first line of a card: its main link or name on the left, a figure or status on the right. */
export function CardTitle({ children, aside }: { children: ReactNode; aside?: ReactNode }) {
  return (
    <Box
      sx={{
        display: 'flex',
        justifyContent: 'space-between',
        alignItems: 'baseline',
        flexWrap: 'wrap',
        columnGap: 1,
        rowGap: 0.5,
      }}
    >
      <Box sx={{ minWidth: 0 }}>{children}</Box>
      {aside && <Box sx={{ flexShrink: 0 }}>{aside}</Box>}
    </Box>
  );
}

/** A card's values with their column names, as a description list that wraps. */
export function CardFields({ fields }: { fields: [string, ReactNode][] }) {
  return (
    <Box
      component="dl"
      sx={{
        m: 0,
        mt: 1,
        display: 'grid',
        gridTemplateColumns: 'minmax(88px, auto) minmax(0, 1fr)',
        columnGap: 1.5,
        rowGap: 0.5,
        '& dt': { color: 'text.secondary' },
        '& dd': { m: 0, minWidth: 0 },
      }}
    >
      {fields.map(([name, value]) => (
        <Box key={name} sx={{ display: 'contents' }}>
          <Typography component="dt" variant="body2">
            {name}
          </Typography>
          <Typography component="dd" variant="body2">
            {value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

/** A card's buttons, on their own line below its values, wrapping when they do not fit. */
export function CardActions({ children }: { children: ReactNode }) {
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', mt: 1.5 }}>{children}</Box>
  );
}
