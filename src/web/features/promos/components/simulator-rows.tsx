import { SHIPPING_METHODS } from '@domain/reference/lists';
import AddOutlined from '@mui/icons-material/AddOutlined';
import DeleteOutlineOutlined from '@mui/icons-material/DeleteOutlineOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { KeyedRows } from '../hooks/use-keyed-rows';
import {
  BLANK_LINE,
  BLANK_RATE,
  type HostRewardItem,
  type LineRow,
  lineNote,
  type RateRow,
} from './simulator-cart';

/** The sample cart's lines: a SKU and a quantity each, at least one line. */
export function SimulatorLines({
  lineRows,
  hostRewardItems,
  onRemove,
}: {
  lineRows: KeyedRows<LineRow>;
  hostRewardItems: readonly HostRewardItem[];
  onRemove: (line: LineRow & { key: number }) => void;
}) {
  const lines = lineRows.rows;
  return (
    <Stack spacing={1} sx={{ mb: 2 }} role="group" aria-label="Cart lines">
      {lines.map((line, i) => (
        <Stack key={line.key} direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <TextField
            size="small"
            label={`SKU ${i + 1}`}
            value={line.sku}
            onChange={(e) => lineRows.update(line.key, { sku: e.target.value })}
            helperText={lineNote(line, hostRewardItems)}
            sx={{ flex: 1, maxWidth: 240 }}
          />
          <TextField
            size="small"
            type="number"
            label={`Quantity ${i + 1}`}
            value={line.quantity}
            onChange={(e) => lineRows.update(line.key, { quantity: e.target.value })}
            slotProps={{ htmlInput: { min: 1, max: 999 } }}
            sx={{ width: 120 }}
          />
          <IconButton
            aria-label={`Remove line ${i + 1}`}
            disabled={lines.length === 1}
            onClick={() => onRemove(line)}
          >
            <DeleteOutlineOutlined />
          </IconButton>
        </Stack>
      ))}
      <Box>
        <Button startIcon={<AddOutlined />} onClick={() => lineRows.add(BLANK_LINE)}>
          Add line
        </Button>
      </Box>
    </Stack>
  );
}

/** Own shipping rates (spec 3 §7 newShippingRates): none means the region's rates. */
export function SimulatorRates({ rateRows, ownRates }: { rateRows: KeyedRows<RateRow>; ownRates: number }) {
  return (
    <Stack spacing={1} sx={{ mb: 2 }} role="group" aria-label="Shipping rates to price with">
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {ownRates === 0
          ? 'Shipping rates: the region’s. Add rates to price with your own instead.'
          : 'Shipping rates: only these are offered.'}
      </Typography>
      {rateRows.rows.map((rate, i) => (
        <Stack key={rate.key} direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <TextField
            select
            size="small"
            label={`Rate ${i + 1} method`}
            value={rate.method}
            onChange={(e) => rateRows.update(rate.key, { method: e.target.value })}
            sx={{ flex: 1, maxWidth: 240 }}
          >
            {SHIPPING_METHODS.map((m) => (
              <MenuItem key={m.id} value={String(m.id)}>
                {m.name}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            size="small"
            type="number"
            label={`Rate ${i + 1} amount`}
            value={rate.amount}
            onChange={(e) => rateRows.update(rate.key, { amount: e.target.value })}
            slotProps={{ htmlInput: { min: 0, step: 0.01 } }}
            sx={{ width: 140 }}
          />
          <IconButton aria-label={`Remove rate ${i + 1}`} onClick={() => rateRows.remove(rate.key)}>
            <DeleteOutlineOutlined />
          </IconButton>
        </Stack>
      ))}
      <Box>
        <Button startIcon={<AddOutlined />} onClick={() => rateRows.add(BLANK_RATE)}>
          Add shipping rate
        </Button>
      </Box>
    </Stack>
  );
}
