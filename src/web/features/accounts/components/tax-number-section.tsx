import type { AccountRecord } from '@domain/accounts/account';
import type { SetTaxNumberRequest, taxNumberForm } from '@domain/accounts/tax-number';
import {
  formatTaxNumberInput,
  TAX_NUMBER_LABELS,
  TAX_NUMBER_MASKS,
  type TaxNumberFields,
  type TaxNumberKind,
  taxNumberBody,
  taxNumberKind,
} from '@domain/accounts/tax-number-rules';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useAlert } from '@web/components/alert/alert-context';
import { FormTextField } from '@web/components/form/form-text-field';
import { lazySchema, useZodForm } from '@web/components/form/use-zod-form';
import { Fact, SectionCard } from '@web/components/section-card';
import { errorMessage } from '@web/lib/api-client';
import { formatDateTime } from '@web/lib/format';
import { useMemo, useState } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import { useAccountOperation, useInvalidTaxAttempts } from '../api/account';

/**
 * The section's rules for this account, fetched when the section is first used (ADR 044: forms
 * load their schema on first use); its fields are sent as `POST /api/cs/taxNumber` with the number
 * under its kind's key.
 */
const taxNumberChecks = (uid: string, countryId: number) =>
  lazySchema<ReturnType<typeof taxNumberForm>>(() =>
    import('@domain/accounts/tax-number').then((m) => m.taxNumberForm(uid, countryId)),
  );

/** What is sent: the checked request, or the fields as entered when the rules could not be fetched. */
const bodyOf = (uid: string, countryId: number, checked: SetTaxNumberRequest | TaxNumberFields) =>
  'number' in checked ? taxNumberBody(uid, countryId, checked) : checked;

/** Whichever key the number went under, its message shows under the number field. */
const NUMBER_ISSUES: Record<TaxNumberKind, 'number'> = {
  ssn: 'number',
  sin: 'number',
  taxId: 'number',
  businessNumber: 'number',
};

/** Tax number (spec 1 §5): shown masked; entered with the input mask of its kind. */
export function TaxNumberSection({ account, canEdit }: { account: AccountRecord; canEdit: boolean }) {
  const [lookup, setLookup] = useState(false);
  const attempts = useInvalidTaxAttempts(account.uid, lookup);
  const operation = useAccountOperation(account.uid);
  const alert = useAlert();
  const schema = useMemo(
    () => taxNumberChecks(account.uid, account.countryId),
    [account.uid, account.countryId],
  );
  const { control, handleSubmit, setValue, loadChecks } = useZodForm(schema, {
    defaultValues: { number: '', isEntity: account.isEntity, entityName: account.entityName ?? '' },
    issuesUnder: NUMBER_ISSUES,
  });
  const [isEntity, number] = useWatch({ control, name: ['isEntity', 'number'] });
  const kind = taxNumberKind(account.countryId, isEntity);
  const label = TAX_NUMBER_LABELS[kind];

  const save = handleSubmit((checked) =>
    operation.mutate(
      { method: 'POST', path: '/api/cs/taxNumber', body: bodyOf(account.uid, account.countryId, checked) },
      {
        onSuccess: (answer) => {
          alert.success(answer.message);
          setValue('number', '');
        },
        onError: (error) => alert.error(errorMessage(error)),
      },
    ),
  );

  return (
    <SectionCard title="Tax number">
      <Box sx={{ display: 'grid', gap: 2 }}>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
          <Fact label={TAX_NUMBER_LABELS[account.taxNumber.kind]}>
            {account.taxNumber.masked ?? 'None on file'}
          </Fact>
          <Fact label="Entity">{account.isEntity ? (account.entityName ?? 'Yes') : 'No'}</Fact>
        </Box>
        {canEdit && (
          <Box onFocus={loadChecks} sx={{ display: 'grid', gap: 1.5 }}>
            <Controller
              control={control}
              name="isEntity"
              render={({ field }) => (
                <FormControlLabel
                  control={<Switch checked={field.value} onChange={(_e, v) => field.onChange(v)} />}
                  label="The account is an entity (business)"
                />
              )}
            />
            {isEntity && (
              <FormTextField control={control} name="entityName" size="small" label="Entity name" required />
            )}
            <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', flexWrap: 'wrap' }}>
              <FormTextField
                control={control}
                name="number"
                size="small"
                label={`New ${label}`}
                autoComplete="off"
                mask={(value) => formatTaxNumberInput(kind, value)}
                helperText={TAX_NUMBER_MASKS[kind].replaceAll('A', 'X')}
                sx={{ flex: 1, minWidth: 200 }}
              />
              <Button variant="outlined" onClick={save} disabled={!number} loading={operation.isPending}>
                Save tax number
              </Button>
            </Box>
          </Box>
        )}
        <Box>
          <Button
            size="small"
            onClick={() => (lookup ? attempts.refetch() : setLookup(true))}
            loading={attempts.isFetching}
          >
            Look up invalid attempts
          </Button>
          {attempts.data && (
            <Box role="status" sx={{ mt: 1 }}>
              {attempts.data.data.length === 0 ? (
                <Typography variant="body2">No invalid tax-number attempts.</Typography>
              ) : (
                <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
                  {attempts.data.data.map((a) => (
                    <li key={`${a.code}-${a.attemptedAt}`}>
                      <Typography variant="body2">
                        {formatDateTime(a.attemptedAt)}: {a.code}
                      </Typography>
                    </li>
                  ))}
                </Box>
              )}
            </Box>
          )}
        </Box>
      </Box>
    </SectionCard>
  );
}
