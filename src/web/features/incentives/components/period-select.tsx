import type { Period } from '@domain/incentives/contracts';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { memo } from 'react';
import { periodLabel } from './labels';

interface PeriodSelectProps {
  periods: Period[];
  value: Period | null;
  onChange: (periodId: number) => void;
}

/** The period selector of the incentives screens (spec 3 §2); memoised with the screens' tables (ADR 049). */
export const PeriodSelect = memo(function PeriodSelect({ periods, value, onChange }: PeriodSelectProps) {
  return (
    <TextField
      select
      size="small"
      label="Period"
      value={value ? String(value.periodId) : ''}
      onChange={(e) => onChange(Number(e.target.value))}
      sx={{ minWidth: 200 }}
      slotProps={{ select: { inputProps: { 'data-testid': 'period-select' } } }}
    >
      {[...periods].reverse().map((p) => (
        <MenuItem key={p.periodId} value={String(p.periodId)}>
          {periodLabel(p)}
        </MenuItem>
      ))}
    </TextField>
  );
});
