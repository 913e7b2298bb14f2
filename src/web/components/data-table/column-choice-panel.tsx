import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Popover from '@mui/material/Popover';
import Typography from '@mui/material/Typography';
import type { Choosable, ColumnChoice } from './columns';

// The list of checkboxes under a list's "Columns" button: loaded on the first click, not with the
// list (its popover is code a list screen does not need to show its rows).

export default function ColumnChoicePanel({
  id,
  anchor,
  onClose,
  columns,
  choice,
}: {
  id: string;
  anchor: HTMLElement;
  onClose: () => void;
  columns: readonly Choosable[];
  choice: ColumnChoice;
}) {
  return (
    <Popover
      open
      anchorEl={anchor}
      onClose={onClose}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      slotProps={{ paper: { id, role: 'dialog', 'aria-label': 'Columns to show', sx: { p: 2 } } }}
    >
      <Typography variant="subtitle2" component="h2" sx={{ mb: 1 }}>
        Columns to show
      </Typography>
      <Box sx={{ display: 'flex', flexDirection: 'column' }}>
        {columns
          .filter((c) => c.choice)
          .map((c) => (
            <FormControlLabel
              key={c.key}
              label={c.choice}
              control={
                <Checkbox
                  size="small"
                  checked={!choice.hidden.has(c.key)}
                  onChange={() => choice.toggle(c.key)}
                />
              }
            />
          ))}
      </Box>
      <Button size="small" onClick={choice.reset} sx={{ mt: 1 }}>
        Reset to default
      </Button>
    </Popover>
  );
}
