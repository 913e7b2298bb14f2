import { ADJUSTMENT_REASONS } from '@domain/reference';
import TextField from '@mui/material/TextField';

/** The refund's reason, one of the adjustment reasons (spec 2 §9); required. */
export function RefundReasonField({
  value,
  onChange,
  missing,
}: {
  value: string;
  onChange: (reason: string) => void;
  /** Refund was pressed without a reason. */
  missing: boolean;
}) {
  return (
    <TextField
      select
      label="Reason"
      value={value}
      onChange={(ev) => onChange(ev.target.value)}
      required
      error={missing}
      helperText={missing ? 'Choose a reason.' : ' '}
      slotProps={{ select: { native: true } }}
      sx={{ width: { xs: '100%', sm: 420 } }}
    >
      <option value="" />
      {ADJUSTMENT_REASONS.map((r) => (
        <option key={r.id} value={r.name}>
          {r.name}
        </option>
      ))}
    </TextField>
  );
}
