import { zoneDate } from '@domain/platform/time-zone';
import { type PromoAccess, whyNotSave } from '@domain/promos/access';
import {
  BUY_GET_MESSAGE,
  type BusinessPromoForm,
  businessFieldsFor,
  businessFormComplete,
  businessFormOpen,
  businessToStored,
  buyGetSummary,
  type DurationState,
  unitCount,
} from '@domain/promos/business-form';
import { RULE_TYPES } from '@domain/promos/rule';
import { defaultDuration } from '@domain/promos/tool';
import { PROMO_SEARCH_THROTTLE_MS } from '@domain/reference/constants';
import { PROMO_USER_TYPES } from '@domain/reference/lists';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useAlert } from '@web/components/alert/alert-context';
import { api, errorMessage } from '@web/lib/api-client';
import { useEffect, useId, useRef, useState } from 'react';
import { z } from 'zod';
import { promosKey, useCreatePromo } from '../api/promos';

// The business promo form (spec 3 §2, §4–§5): name, type, then countries, user types, the products,
// quantities and discount the type reads (ADR 023), and duration; published to pending, drafts, or
// production.

const Products = z.object({
  success: z.literal(true),
  data: z.array(z.object({ sku: z.string(), title: z.string() })),
});

/** At most one value per interval, the latest one last (spec 3 §9: product search throttled 300 ms). */
function useThrottledValue<T>(value: T, ms: number): T {
  const [out, setOut] = useState(value);
  const last = useRef(0);
  useEffect(() => {
    const wait = Math.max(0, last.current + ms - Date.now());
    const timer = setTimeout(() => {
      last.current = Date.now();
      setOut(value);
    }, wait);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return out;
}

function ProductPicker({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string[];
  onChange: (v: string[]) => void;
}) {
  const [input, setInput] = useState('');
  const q = useThrottledValue(input.trim(), PROMO_SEARCH_THROTTLE_MS);
  const found = useQuery({
    queryKey: [...promosKey, 'products', q],
    queryFn: ({ signal }) =>
      api.get('/api/cs/promo/products', Products, { signal, query: { q } }).then((r) => r.data),
    enabled: q.length > 0,
  });
  return (
    <Autocomplete
      multiple
      freeSolo
      size="small"
      options={(found.data ?? []).map((p) => p.sku)}
      getOptionLabel={(sku) => {
        const p = found.data?.find((x) => x.sku === sku);
        return p ? `${p.sku} · ${p.title}` : sku;
      }}
      filterOptions={(x) => x}
      value={value}
      onChange={(_e, v) => onChange(v.map((s) => s.trim()).filter(Boolean))}
      inputValue={input}
      onInputChange={(_e, v) => setInput(v)}
      loading={found.isFetching}
      renderInput={(params) => <TextField {...params} label={label} helperText="Search by SKU or name" />}
    />
  );
}

const EMPTY: BusinessPromoForm = {
  name: '',
  id: null,
  countries: [],
  userTypes: [],
  conditionItems: [],
  actionItems: [],
  discount: '',
  buy: '1',
  get: '1',
  duration: null,
};

/** "Buy how many" or "Get how many": digits only, marked while not 1 to 99. */
function UnitsField({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string;
  onChange: (v: string) => void;
}) {
  const bad = unitCount(value) === null;
  return (
    <TextField
      label={label}
      value={value}
      onChange={(e) => onChange(e.target.value.replace(/\D/g, '').slice(0, 2))}
      required
      error={bad}
      helperText={bad ? BUY_GET_MESSAGE : ' '}
      slotProps={{ htmlInput: { inputMode: 'numeric' } }}
      sx={{ maxWidth: 200 }}
    />
  );
}

export function BusinessForm({ access }: { access: PromoAccess }) {
  const reasonId = useId();
  const refusals = (['pending', 'drafts', 'production'] as const)
    .map((c) => whyNotSave(access, c))
    .filter((r): r is string => r !== null);
  const [form, setForm] = useState<BusinessPromoForm>(EMPTY);
  const [durationState, setDurationState] = useState<DurationState>('no-duration');
  const [draftDuration, setDraftDuration] = useState(() => {
    const d = defaultDuration(new Date());
    return { start: zoneDate(new Date(d.start * 1000)), end: zoneDate(new Date(d.end * 1000)) };
  });
  const create = useCreatePromo();
  const alert = useAlert();
  const set = (patch: Partial<BusinessPromoForm>) => setForm((f) => ({ ...f, ...patch }));
  const toggle = (list: number[], id: number) =>
    list.includes(id) ? list.filter((x) => x !== id) : [...list, id];
  const complete = businessFormComplete(form);
  const fields = businessFieldsFor(form.id);
  const summary = buyGetSummary(form);

  const publish = (collection: 'pending' | 'drafts' | 'production') =>
    create.mutate(
      { data: businessToStored(form), collection },
      {
        onSuccess: (answer) => {
          alert.success(answer.message);
          setForm(EMPTY);
          setDurationState('no-duration');
        },
        onError: (error) => alert.error(errorMessage(error, 'The promo could not be created.')),
      },
    );

  return (
    <Paper
      variant="outlined"
      sx={{ p: 2 }}
      component="form"
      aria-label="Business promo"
      onSubmit={(e) => e.preventDefault()}
    >
      <Stack spacing={2}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <TextField
            label="ENTER PROMO NAME"
            value={form.name}
            onChange={(e) => set({ name: e.target.value })}
            required
            sx={{ flex: 1 }}
          />
          <TextField
            select
            label="Promo type"
            value={form.id === null ? '' : String(form.id)}
            onChange={(e) => set({ id: Number(e.target.value) })}
            required
            sx={{ minWidth: 260 }}
          >
            {RULE_TYPES.map((t) => (
              <MenuItem key={t.id} value={String(t.id)}>
                {t.id} · {t.name}
              </MenuItem>
            ))}
          </TextField>
        </Stack>
        {!businessFormOpen(form) ? (
          <Typography sx={{ color: 'text.secondary' }}>
            Enter a name and choose a type to continue.
          </Typography>
        ) : (
          <>
            <Stack direction={{ xs: 'column', md: 'row' }} spacing={3}>
              <FormGroup>
                <FormLabel component="legend">Countries</FormLabel>
                {[
                  { id: 1, name: 'United States' },
                  { id: 2, name: 'Canada' },
                ].map((c) => (
                  <FormControlLabel
                    key={c.id}
                    control={
                      <Checkbox
                        checked={form.countries.includes(c.id)}
                        onChange={() => set({ countries: toggle(form.countries, c.id) })}
                      />
                    }
                    label={c.name}
                  />
                ))}
              </FormGroup>
              <FormGroup>
                <FormLabel component="legend">User types</FormLabel>
                {PROMO_USER_TYPES.map((t) => (
                  <FormControlLabel
                    key={t.id}
                    control={
                      <Checkbox
                        checked={form.userTypes.includes(t.id)}
                        onChange={() => set({ userTypes: toggle(form.userTypes, t.id) })}
                      />
                    }
                    label={t.name}
                  />
                ))}
              </FormGroup>
            </Stack>
            {fields.conditionItems && (
              <ProductPicker
                label="Condition products"
                value={form.conditionItems}
                onChange={(v) => set({ conditionItems: v })}
              />
            )}
            {fields.buyGet && (
              <Stack spacing={1}>
                <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
                  <UnitsField label="Buy how many" value={form.buy} onChange={(buy) => set({ buy })} />
                  <UnitsField label="Get how many" value={form.get} onChange={(get) => set({ get })} />
                </Stack>
                {summary && <Typography sx={{ color: 'text.secondary' }}>{summary}</Typography>}
              </Stack>
            )}
            {fields.actionItems && (
              <ProductPicker
                label="Action products"
                value={form.actionItems}
                onChange={(v) => set({ actionItems: v })}
              />
            )}
            {fields.discount && (
              <TextField
                label={fields.discount.label}
                value={form.discount}
                onChange={(e) => set({ discount: e.target.value.replace(/[^\d.]/g, '') })}
                sx={{ maxWidth: 200 }}
              />
            )}
            <Stack spacing={1}>
              <FormLabel>Duration (12:00a to 11:59p Pacific)</FormLabel>
              {durationState === 'no-duration' && (
                <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
                  <Typography>No duration: the rule runs until switched off.</Typography>
                  <Button onClick={() => setDurationState('editing-duration')}>Set duration</Button>
                </Stack>
              )}
              {durationState === 'editing-duration' && (
                <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
                  <TextField
                    type="date"
                    label="Start"
                    value={draftDuration.start}
                    onChange={(e) => setDraftDuration((d) => ({ ...d, start: e.target.value }))}
                    slotProps={{ inputLabel: { shrink: true } }}
                  />
                  <TextField
                    type="date"
                    label="End"
                    value={draftDuration.end}
                    onChange={(e) => setDraftDuration((d) => ({ ...d, end: e.target.value }))}
                    slotProps={{ inputLabel: { shrink: true } }}
                  />
                  <Button
                    variant="outlined"
                    disabled={
                      !draftDuration.start || !draftDuration.end || draftDuration.end < draftDuration.start
                    }
                    onClick={() => {
                      set({ duration: draftDuration });
                      setDurationState('duration-saved');
                    }}
                  >
                    Save duration
                  </Button>
                </Stack>
              )}
              {durationState === 'duration-saved' && form.duration && (
                <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }} useFlexGap>
                  <Typography>
                    {form.duration.start} 12:00a → {form.duration.end} 11:59p
                  </Typography>
                  <Button onClick={() => setDurationState('editing-duration')}>Edit</Button>
                  <Button
                    onClick={() => {
                      set({ duration: null });
                      setDurationState('no-duration');
                    }}
                  >
                    Remove
                  </Button>
                </Stack>
              )}
            </Stack>
          </>
        )}
        {!complete && businessFormOpen(form) && (
          <Alert severity="info">
            {fields.buyGet
              ? 'Choose at least one country and one user type, and how many to buy and to get.'
              : 'Choose at least one country and one user type.'}
          </Alert>
        )}
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
          <Button
            variant="contained"
            disabled={!complete || !access.pending || create.isPending}
            aria-describedby={access.pending ? undefined : reasonId}
            onClick={() => publish('pending')}
          >
            Publish to pending
          </Button>
          <Button
            variant="outlined"
            disabled={!complete || !access.drafts || create.isPending}
            aria-describedby={access.drafts ? undefined : reasonId}
            onClick={() => publish('drafts')}
          >
            Save to drafts
          </Button>
          <Button
            variant="outlined"
            disabled={!complete || !access.production || create.isPending}
            aria-describedby={access.production ? undefined : reasonId}
            onClick={() => publish('production')}
          >
            Deploy to production
          </Button>
        </Stack>
        {refusals.length > 0 && (
          <Typography id={reasonId} variant="body2" sx={{ color: 'text.secondary' }}>
            {refusals.join(' ')}
          </Typography>
        )}
      </Stack>
    </Paper>
  );
}
