import {
  CREDIT_COUNTRIES,
  CREDIT_CURRENCY,
  CREDIT_MESSAGES,
  fixedAmountOf,
} from '@domain/product-credit/credit-rules';
import type {
  AdjustmentFormValues,
  adjustmentForm,
  ProductCredit,
} from '@domain/product-credit/product-credit';
import { ADJUSTMENT_REASONS } from '@domain/reference/lists';
import { formatDate } from '@domain/validation/masks';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useAlert } from '@web/components/alert/alert-context';
import { FormSwitch } from '@web/components/form/form-switch';
import { FormTextField } from '@web/components/form/form-text-field';
import { growingText } from '@web/components/form/growing-text';
import { lazySchema, useZodForm } from '@web/components/form/use-zod-form';
import { errorMessage } from '@web/lib/api-client';
import { useEffect, useMemo, useRef } from 'react';
import { useWatch } from 'react-hook-form';
import { useAdjustCredit } from '../api/product-credit';

const FIELDS = ['country', 'amount', 'reasonId', 'reason', 'expirationDate'] as const;

/**
 * The request's rules plus the ones that need the account (maximum, fixed amounts, balance),
 * fetched when the form is first used (ADR 044: forms load their schema on first use).
 */
const adjustmentChecks = (credit: ProductCredit) =>
  lazySchema<ReturnType<typeof adjustmentForm>>(() =>
    import('@domain/product-credit/product-credit').then((m) => m.adjustmentForm(credit)),
  );
type Values = AdjustmentFormValues;

interface CreditAdjustFormProps {
  uid: string;
  credit: ProductCredit;
  defaultCountry: 'us' | 'ca';
}

/** Adjustment form of the credit tab → POST /cs/updateBalance/{uid}?neverExpire=0|1. */
export function CreditAdjustForm({ uid, credit, defaultCountry }: CreditAdjustFormProps) {
  const adjust = useAdjustCredit(uid);
  const keyRef = useRef<{ text: string; key: string } | null>(null);
  const alert = useAlert();
  const schema = useMemo(() => adjustmentChecks(credit), [credit]);
  const empty: Values = {
    country: defaultCountry,
    amount: '',
    reasonId: undefined as unknown as number,
    reason: '',
    expirationDate: '',
    neverExpire: false,
  };
  const { control, handleSubmit, setValue, reset, applyServerIssues, loadChecks } = useZodForm(schema, {
    defaultValues: empty,
  });
  const reasonId = useWatch({ control, name: 'reasonId' });
  const neverExpire = useWatch({ control, name: 'neverExpire' });

  // Reasons with a fixed amount (spec 3 §9) fill the amount in.
  useEffect(() => {
    const fixed = typeof reasonId === 'number' ? fixedAmountOf(reasonId) : undefined;
    if (fixed !== undefined) setValue('amount', fixed.toFixed(2), { shouldValidate: false });
  }, [reasonId, setValue]);

  // A hidden expiration date must not hold the form back: never-expiring credit has none.
  useEffect(() => {
    if (neverExpire) setValue('expirationDate', '', { shouldValidate: false });
  }, [neverExpire, setValue]);

  if (credit.maximum === 0) return <Alert severity="info">{CREDIT_MESSAGES.noCredit}</Alert>;

  const onSubmit = handleSubmit(({ neverExpire: never, ...values }) => {
    // One key per adjustment: sending the same adjustment again (a lost answer, a double click)
    // keeps it, so the server applies it once (ADR 021); a changed adjustment gets a new one.
    const text = JSON.stringify({ values, never });
    if (keyRef.current?.text !== text) keyRef.current = { text, key: crypto.randomUUID() };
    const body = { ...values, idempotencyKey: keyRef.current.key };
    adjust.mutate(
      { body, neverExpire: never },
      {
        onSuccess: (answer) => {
          alert.success(answer.message);
          keyRef.current = null;
          reset({ ...empty, country: body.country });
        },
        onError: (error) => {
          if (!applyServerIssues(error, FIELDS)) alert.error(errorMessage(error, CREDIT_MESSAGES.failure));
        },
      },
    );
  });

  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby="adjust-heading"
      sx={{ p: { xs: 2, sm: 3 } }}
    >
      <Typography id="adjust-heading" variant="h3" sx={{ fontSize: '1.1rem', fontWeight: 600, mb: 0.5 }}>
        Adjust product credit
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>
        Up to ${credit.maximum} per adjustment for this account type. A negative amount takes credit away.
      </Typography>
      <form onSubmit={onSubmit} onFocus={loadChecks} noValidate aria-label="Adjust product credit">
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
          <FormTextField control={control} name="country" label="Country" select required>
            {CREDIT_COUNTRIES.map((c) => (
              <MenuItem key={c} value={c}>
                {CREDIT_CURRENCY[c].name} ({CREDIT_CURRENCY[c].currency})
              </MenuItem>
            ))}
          </FormTextField>
          <FormTextField control={control} name="reasonId" label="Reason" select required>
            {ADJUSTMENT_REASONS.map((r) => (
              <MenuItem key={r.id} value={r.id}>
                {r.name}
                {'fixedAmount' in r ? ` ($${r.fixedAmount.toFixed(2)})` : ''}
              </MenuItem>
            ))}
          </FormTextField>
          <FormTextField
            control={control}
            name="amount"
            label="Amount"
            required
            slotProps={{
              htmlInput: { inputMode: 'decimal' },
              input: { startAdornment: <InputAdornment position="start">$</InputAdornment> },
            }}
          />
          <Box sx={{ display: 'flex', alignItems: 'center' }}>
            <FormSwitch control={control} name="neverExpire" label="Never expires" />
          </Box>
          {!neverExpire && (
            <FormTextField
              control={control}
              name="expirationDate"
              label="Expiration date"
              mask={formatDate}
              placeholder="MM/DD/YYYY"
              helperText="Needed when credit is added"
              slotProps={{ htmlInput: { inputMode: 'numeric' } }}
            />
          )}
          <FormTextField
            control={control}
            name="reason"
            label="Reason text"
            required
            {...growingText()}
            sx={{ gridColumn: '1 / -1' }}
          />
        </Box>
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 2 }}>
          <Button type="submit" variant="contained" loading={adjust.isPending}>
            Submit adjustment
          </Button>
        </Box>
      </form>
    </Paper>
  );
}
