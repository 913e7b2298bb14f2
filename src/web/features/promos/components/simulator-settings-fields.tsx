import { PROMO_USER_TYPES, SHIPPING_METHODS } from '@domain/reference/lists';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { SimulatorSettings } from './simulator-cart';

/** Who buys, where, when and how it ships: the simulated cart's settings. */
export function SimulatorSettingsFields({
  settings,
  onChange,
}: {
  settings: SimulatorSettings;
  onChange: (patch: Partial<SimulatorSettings>) => void;
}) {
  const { regionId } = settings;
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} useFlexGap sx={{ flexWrap: 'wrap', mb: 2 }}>
      <TextField
        select
        size="small"
        label="Customer type"
        value={String(settings.userType)}
        onChange={(e) => onChange({ userType: Number(e.target.value) })}
        sx={{ minWidth: 190 }}
      >
        {PROMO_USER_TYPES.map((t) => (
          <MenuItem key={t.id} value={String(t.id)}>
            {t.name}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        size="small"
        label="Region"
        value={String(regionId)}
        onChange={(e) => onChange({ regionId: e.target.value === '2' ? 2 : 1 })}
        sx={{ minWidth: 150 }}
      >
        <MenuItem value="1">United States</MenuItem>
        <MenuItem value="2">Canada</MenuItem>
      </TextField>
      <TextField
        size="small"
        label="Customer id"
        value={settings.customer}
        onChange={(e) => onChange({ customer: e.target.value })}
        helperText="Optional: prices with their account (new user, milestones, dates)"
        sx={{ minWidth: 240 }}
      />
      <TextField
        size="small"
        label="Channel"
        value={settings.channel}
        onChange={(e) => onChange({ channel: e.target.value })}
        sx={{ width: 110 }}
      />
      <TextField
        size="small"
        label="Promo codes"
        value={settings.codes}
        onChange={(e) => onChange({ codes: e.target.value })}
        helperText="Comma-separated"
      />
      <TextField
        select
        size="small"
        label="Shipping method"
        value={settings.shippingMethod}
        onChange={(e) => onChange({ shippingMethod: e.target.value })}
        sx={{ minWidth: 190 }}
      >
        <MenuItem value="">None chosen</MenuItem>
        {SHIPPING_METHODS.map((m) => (
          <MenuItem key={m.id} value={String(m.id)}>
            {m.name}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        size="small"
        label={regionId === 2 ? 'Ship to province' : 'Ship to state'}
        value={settings.shipRegion}
        onChange={(e) => onChange({ shipRegion: e.target.value.toUpperCase() })}
        helperText="2 letters; sets the tax"
        slotProps={{ htmlInput: { maxLength: 2, autoCapitalize: 'characters' } }}
        sx={{ width: 150 }}
      />
      <TextField
        size="small"
        label={regionId === 2 ? 'Postal code' : 'Zip code'}
        value={settings.shipPostalCode}
        onChange={(e) => onChange({ shipPostalCode: e.target.value })}
        sx={{ width: 130 }}
      />
      <TextField
        size="small"
        type="datetime-local"
        label="Simulate at"
        value={settings.at}
        onChange={(e) => onChange({ at: e.target.value })}
        slotProps={{ inputLabel: { shrink: true } }}
      />
    </Stack>
  );
}
