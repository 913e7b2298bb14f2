import { type PromoAccess, whyNotSave } from '@domain/promos/access';
import {
  type BusinessPromoForm,
  businessFieldsFor,
  businessFormComplete,
  businessFormOpen,
  businessToStored,
  buyGetSummary,
} from '@domain/promos/business-form-rules';
import { RULE_TYPES } from '@domain/promos/rule-types';
import { PROMO_USER_TYPES } from '@domain/reference/lists';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useAlert } from '@web/components/alert/alert-context';
import { lazySchema, useZodForm } from '@web/components/form/use-zod-form';
import { errorMessage } from '@web/lib/api-client';
import { useId, useReducer } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import { useCreatePromo } from '../api/promos';
import { durationEditor, initialDurationEditor } from './business-duration';
import { BusinessDurationPanel } from './business-duration-panel';
import { CheckboxGroup, UnitsField } from './business-fields';
import { ProductPicker } from './product-picker';

// The business promo form (spec 3 §2, §4–§5): name, type, then countries, user types, the products,
// quantities and discount the type reads (ADR 023), and duration; published to pending, drafts, or
// production.

/** The form's rules, fetched when it is first used (ADR 044: forms load their schema on first use). */
const BusinessPromoInput = lazySchema(() =>
  import('@domain/promos/business-form').then((m) => m.BusinessPromoInput),
);

const COUNTRIES = [
  { id: 1, name: 'United States' },
  { id: 2, name: 'Canada' },
];

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

type Collection = 'pending' | 'drafts' | 'production';
const PUBLISH: { collection: Collection; label: string; variant: 'contained' | 'outlined' }[] = [
  { collection: 'pending', label: 'Publish to pending', variant: 'contained' },
  { collection: 'drafts', label: 'Save to drafts', variant: 'outlined' },
  { collection: 'production', label: 'Deploy to production', variant: 'outlined' },
];

export function BusinessForm({ access }: { access: PromoAccess }) {
  const reasonId = useId();
  const refusals = PUBLISH.map(({ collection }) => whyNotSave(access, collection)).filter(
    (r): r is string => r !== null,
  );
  // The unit counts are checked as they are typed; the rest only holds the buttons back.
  const { control, handleSubmit, reset, setValue, loadChecks } = useZodForm(BusinessPromoInput, {
    mode: 'onChange',
    defaultValues: EMPTY,
  });
  const form = useWatch({ control }) as BusinessPromoForm;
  const [duration, dispatch] = useReducer(durationEditor, undefined, () => initialDurationEditor());
  const create = useCreatePromo();
  const alert = useAlert();
  const complete = businessFormComplete(form);
  const fields = businessFieldsFor(form.id);
  const summary = buyGetSummary(form);

  const publish = (collection: Collection) =>
    handleSubmit((values) =>
      create.mutate(
        { data: businessToStored(values), collection },
        {
          onSuccess: (answer) => {
            alert.success(answer.message);
            reset(EMPTY);
            dispatch({ type: 'removed' });
          },
          onError: (error) => alert.error(errorMessage(error, 'The promo could not be created.')),
        },
      ),
    )();

  return (
    <Paper
      variant="outlined"
      sx={{ p: 2 }}
      component="form"
      aria-label="Business promo"
      onSubmit={(e) => e.preventDefault()}
      onFocus={loadChecks}
    >
      <Stack spacing={2}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <Controller
            control={control}
            name="name"
            render={({ field }) => (
              <TextField
                label="ENTER PROMO NAME"
                value={field.value}
                onChange={field.onChange}
                required
                sx={{ flex: 1 }}
              />
            )}
          />
          <Controller
            control={control}
            name="id"
            render={({ field }) => (
              <TextField
                select
                label="Promo type"
                value={field.value === null ? '' : String(field.value)}
                onChange={(e) => field.onChange(Number(e.target.value))}
                required
                sx={{ minWidth: 260 }}
              >
                {RULE_TYPES.map((t) => (
                  <MenuItem key={t.id} value={String(t.id)}>
                    {t.id} · {t.name}
                  </MenuItem>
                ))}
              </TextField>
            )}
          />
        </Stack>
        {!businessFormOpen(form) ? (
          <Typography sx={{ color: 'text.secondary' }}>
            Enter a name and choose a type to continue.
          </Typography>
        ) : (
          <>
            <Stack direction={{ xs: 'column', md: 'row' }} spacing={3}>
              <CheckboxGroup control={control} name="countries" legend="Countries" options={COUNTRIES} />
              <CheckboxGroup
                control={control}
                name="userTypes"
                legend="User types"
                options={PROMO_USER_TYPES}
              />
            </Stack>
            {fields.conditionItems && (
              <Controller
                control={control}
                name="conditionItems"
                render={({ field }) => (
                  <ProductPicker label="Condition products" value={field.value} onChange={field.onChange} />
                )}
              />
            )}
            {fields.buyGet && (
              <Stack spacing={1}>
                <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
                  <UnitsField control={control} name="buy" label="Buy how many" />
                  <UnitsField control={control} name="get" label="Get how many" />
                </Stack>
                {summary && <Typography sx={{ color: 'text.secondary' }}>{summary}</Typography>}
              </Stack>
            )}
            {fields.actionItems && (
              <Controller
                control={control}
                name="actionItems"
                render={({ field }) => (
                  <ProductPicker label="Action products" value={field.value} onChange={field.onChange} />
                )}
              />
            )}
            {fields.discount && (
              <Controller
                control={control}
                name="discount"
                render={({ field }) => (
                  <TextField
                    label={fields.discount?.label}
                    value={field.value}
                    onChange={(e) => field.onChange(e.target.value.replace(/[^\d.]/g, ''))}
                    sx={{ maxWidth: 200 }}
                  />
                )}
              />
            )}
            <BusinessDurationPanel
              editor={duration}
              dispatch={dispatch}
              duration={form.duration}
              onDuration={(d) => setValue('duration', d)}
            />
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
          {PUBLISH.map(({ collection, label, variant }) => (
            <Button
              key={collection}
              variant={variant}
              disabled={!complete || !access[collection] || create.isPending}
              aria-describedby={access[collection] ? undefined : reasonId}
              onClick={() => publish(collection)}
            >
              {label}
            </Button>
          ))}
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
