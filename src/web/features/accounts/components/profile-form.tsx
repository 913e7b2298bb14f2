import type { AccountRecord } from '@domain/accounts/account';
import { ACCOUNT_MESSAGES } from '@domain/accounts/messages';
import type { UpdateProfileInput } from '@domain/accounts/profile';
import {
  accountTypeChoices,
  countryChangeRefusal,
  needsTypeChangeReason,
} from '@domain/accounts/profile-rules';
import type { Principal } from '@domain/auth/permissions';
import { COUNTRIES, GENDERS, LANGUAGES } from '@domain/reference/lists';
import { formatPhone } from '@domain/validation/masks';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useAlert } from '@web/components/alert/alert-context';
import { FormTextField } from '@web/components/form/form-text-field';
import { lazySchema, useZodForm } from '@web/components/form/use-zod-form';
import { SectionCard } from '@web/components/section-card';
import { errorMessage } from '@web/lib/api-client';
import { useWatch } from 'react-hook-form';
import { useUpdateProfile } from '../api/account';
import { NumberSelect } from './number-select';

/** The profile's rules, fetched when the form is first used (ADR 044: forms load their schema on first use). */
const UpdateProfileRequest = lazySchema(() =>
  import('@domain/accounts/profile').then((m) => m.UpdateProfileRequest),
);

const FIELDS = [
  'firstName',
  'lastName',
  'email',
  'userType',
  'userTypeReason',
  'dateOfBirth',
  'telephone',
  'genderId',
  'defaultLanguageId',
  'countryId',
] as const;

const valuesOf = (a: AccountRecord): UpdateProfileInput => ({
  firstName: a.firstName,
  lastName: a.lastName,
  email: a.email ?? '',
  userType: a.userType,
  userTypeReason: '',
  dateOfBirth: a.dateOfBirth ?? '',
  telephone: formatPhone(a.telephone ?? ''),
  genderId: a.genderId,
  defaultLanguageId: a.defaultLanguageId,
  countryId: a.countryId,
});

/**
 * Editable profile (spec 1 §2 Customer detail, §5 rules); the server checks the same rules. The
 * account type offers only the changes this staff member may make (the others show why not), a
 * membership change asks for its reason, and the country is read-only without commissions.manage
 * (ADR 018).
 */
export function ProfileForm({
  account,
  canEdit,
  principal,
}: {
  account: AccountRecord;
  canEdit: boolean;
  principal: Principal | null;
}) {
  const update = useUpdateProfile(account.uid);
  const alert = useAlert();
  const { control, handleSubmit, reset, formState, applyServerIssues, loadChecks } = useZodForm(
    UpdateProfileRequest,
    {
      values: valuesOf(account),
      resetOptions: { keepDirtyValues: false },
    },
  );
  const chosenType = useWatch({ control, name: 'userType' });
  const asksReason = needsTypeChangeReason(account.userType, Number(chosenType));
  const typeChoices = accountTypeChoices(principal, account.userType, account.membershipManualUpgrade);
  const countryRefusal = countryChangeRefusal(principal);

  const onSubmit = handleSubmit((values) =>
    update.mutate(
      { ...values, dateOfBirth: values.dateOfBirth ?? null },
      {
        onSuccess: (answer) => {
          alert.success(answer.message);
          reset(valuesOf(answer.data));
        },
        onError: (error) => {
          applyServerIssues(error, FIELDS);
          alert.error(errorMessage(error, ACCOUNT_MESSAGES.customerFailed));
        },
      },
    ),
  );

  return (
    <SectionCard title="Profile">
      <form onSubmit={onSubmit} onFocus={loadChecks} noValidate aria-label="Profile">
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
          <FormTextField control={control} name="firstName" label="First name" required disabled={!canEdit} />
          <FormTextField control={control} name="lastName" label="Last name" required disabled={!canEdit} />
          <FormTextField control={control} name="email" label="Email" type="email" disabled={!canEdit} />
          <NumberSelect
            control={control}
            name="userType"
            label="Account type"
            options={typeChoices}
            required
            readOnly={!canEdit}
          />
          <FormTextField
            control={control}
            name="dateOfBirth"
            label="Date of birth"
            type="date"
            disabled={!canEdit}
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <FormTextField
            control={control}
            name="telephone"
            label="Phone"
            type="tel"
            mask={formatPhone}
            disabled={!canEdit}
            helperText="(###) ###-####"
          />
          <NumberSelect control={control} name="genderId" label="Gender" options={GENDERS} optional />
          <NumberSelect
            control={control}
            name="defaultLanguageId"
            label="Language"
            options={LANGUAGES}
            optional
          />
          <NumberSelect
            control={control}
            name="countryId"
            label="Country"
            options={COUNTRIES}
            optional
            readOnly={!canEdit || countryRefusal !== null}
            helperText={countryRefusal ?? undefined}
          />
          {asksReason && (
            <FormTextField
              control={control}
              name="userTypeReason"
              label="Reason for the membership change"
              required
              sx={{ gridColumn: '1 / -1' }}
            />
          )}
        </Box>
        {canEdit && (
          <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1, mt: 2 }}>
            <Button
              onClick={() => reset(valuesOf(account))}
              disabled={!formState.isDirty || update.isPending}
            >
              Discard changes
            </Button>
            <Button type="submit" variant="contained" loading={update.isPending}>
              Save profile
            </Button>
          </Box>
        )}
      </form>
    </SectionCard>
  );
}
