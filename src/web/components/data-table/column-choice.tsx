import ViewColumnOutlined from '@mui/icons-material/ViewColumnOutlined';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useCardLayout } from '@web/components/card-list';
import { withChunkTimeout } from '@web/lib/chunk-load';
import { lazy, Suspense, useCallback, useId, useMemo, useState } from 'react';
import type { Choosable, ColumnChoice } from './columns';

// Column choice for a list: which of its columns show, kept per list in this browser. A column
// without a `choice` label always shows (the one that names the row); columns marked
// `hiddenAtFirst` start hidden until someone shows them.

const STORAGE_PREFIX = 'bo.columns.';

/** Said beside the button when the panel's code cannot be fetched (offline, a new release). */
function PanelUnavailable() {
  return (
    <Typography role="alert" variant="body2" component="span" sx={{ color: 'error.main' }}>
      The column list did not load. Reload the page to try again.
    </Typography>
  );
}

const ColumnChoicePanel = lazy(() =>
  withChunkTimeout(import('./column-choice-panel')).catch(() => ({ default: PanelUnavailable })),
);

function read(list: string): string[] | null {
  try {
    const saved = JSON.parse(localStorage.getItem(STORAGE_PREFIX + list) ?? 'null');
    return Array.isArray(saved) && saved.every((k) => typeof k === 'string') ? saved : null;
  } catch {
    return null;
  }
}

function write(list: string, hidden: readonly string[]) {
  try {
    localStorage.setItem(STORAGE_PREFIX + list, JSON.stringify(hidden));
  } catch {
    // Private windows may refuse storage: the choice then lasts until the page is left.
  }
}

/** The hidden columns of `list` (its storage name), the saved choice or the columns' defaults. */
export function useColumnChoice(list: string, columns: readonly Choosable[]): ColumnChoice {
  const defaults = useMemo(
    () => columns.filter((c) => c.choice && c.hiddenAtFirst).map((c) => c.key),
    [columns],
  );
  const [hidden, setHidden] = useState<string[]>(() => read(list) ?? defaults);
  const save = useCallback(
    (next: string[]) => {
      setHidden(next);
      write(list, next);
    },
    [list],
  );
  return {
    hidden: useMemo(() => new Set(hidden), [hidden]),
    toggle: (key) => save(hidden.includes(key) ? hidden.filter((k) => k !== key) : [...hidden, key]),
    reset: () => save(defaults),
  };
}

/** The "Columns" button and its list of checkboxes; nothing on a phone, where rows are cards. */
export function ColumnChoiceButton({
  columns,
  choice,
  size = 'small',
}: {
  columns: readonly Choosable[];
  choice: ColumnChoice;
  /** As the buttons beside it. */
  size?: 'small' | 'medium';
}) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const id = useId();
  if (useCardLayout()) return null;
  return (
    <>
      <Button
        variant="outlined"
        size={size}
        startIcon={<ViewColumnOutlined />}
        aria-haspopup="dialog"
        aria-expanded={anchor !== null}
        aria-controls={anchor ? id : undefined}
        onClick={(e) => setAnchor(e.currentTarget)}
      >
        Columns
      </Button>
      {anchor && (
        <Suspense fallback={null}>
          <ColumnChoicePanel
            id={id}
            anchor={anchor}
            onClose={() => setAnchor(null)}
            columns={columns}
            choice={choice}
          />
        </Suspense>
      )}
    </>
  );
}
