import type { AccountRecord } from '@domain/accounts/account';
import { ACCOUNT_MESSAGES } from '@domain/accounts/messages';
import { manualMembershipChange } from '@domain/customers/membership';
import { USER_TYPE, USER_TYPES, userTypeName } from '@domain/reference/lists';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useAlert } from '@web/components/alert/alert-context';
import { ConfirmDialog } from '@web/components/confirm-dialog';
import { FormTextField } from '@web/components/form/form-text-field';
import { lazySchema, useZodForm } from '@web/components/form/use-zod-form';
import { Fact, SectionCard } from '@web/components/section-card';
import { errorMessage } from '@web/lib/api-client';
import { formatDate } from '@web/lib/format';
import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { type OperationCall, useAccountOperation } from '../api/account';

const enc = encodeURIComponent;

/** The change's rules, fetched when the form is first used (ADR 044: forms load their schema on first use). */
const MembershipStatusRequest = lazySchema(() =>
  import('@domain/accounts/operations').then((m) => m.MembershipStatusRequest),
);

/**
 * Membership (spec 1 §4): the derived status, the manual change under the
 * membershipManualUpgrade flag with a reason, the expiration date and lapse.
 */
export function MembershipSection({ account, canManage }: { account: AccountRecord; canManage: boolean }) {
  const operation = useAccountOperation(account.uid);
  const alert = useAlert();
  // No account type is chosen at first: the select starts empty and the schema asks for one.
  const { control, handleSubmit, reset, loadChecks } = useZodForm(MembershipStatusRequest, {
    defaultValues: { userType: '' as unknown as number, reason: '' },
  });
  const target = useWatch({ control, name: 'userType' });
  const [expiration, setExpiration] = useState(account.memberExpirationDateUTC?.slice(0, 10) ?? '');
  const [confirmLapse, setConfirmLapse] = useState(false);

  const run = (call: OperationCall, fallback: string, after?: () => void) =>
    operation.mutate(call, {
      onSuccess: (answer) => {
        alert.success(answer.message);
        after?.();
      },
      onError: (error) => alert.error(errorMessage(error, fallback)),
    });

  const changeTo = typeof target === 'number' ? manualMembershipChange(account.userType, target) : null;
  const submitChange = handleSubmit((body) =>
    run(
      { method: 'POST', path: `/api/cs/membership/status/${enc(account.uid)}`, body },
      `${ACCOUNT_MESSAGES.membershipFailed}${ACCOUNT_MESSAGES.invalidMembershipChange}`,
      () => reset(),
    ),
  );

  const isMember = account.userType === USER_TYPE.member;
  return (
    <SectionCard
      title="Membership"
      actions={
        <Chip
          label={`${account.membershipStatus}${isMember ? (account.activeMember ? ' · active' : ' · lapsed') : ''}`}
          color={account.activeMember ? 'success' : 'default'}
          variant="outlined"
          aria-label={`Membership status: ${account.membershipStatus}${isMember ? (account.activeMember ? ', active' : ', lapsed') : ''}`}
        />
      }
    >
      <Box sx={{ display: 'grid', gap: 2 }}>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(3, 1fr)' } }}>
          <Fact label="Member expiration">{formatDate(account.memberExpirationDateUTC)}</Fact>
          <Fact label="Next renewal">{formatDate(account.nextRenewalDateUTC)}</Fact>
          <Fact label="Terms records">{account.bobTCs.length}</Fact>
        </Box>
        {canManage && (
          <>
            <Box
              component="fieldset"
              onFocus={loadChecks}
              sx={{ border: 0, p: 0, m: 0, display: 'grid', gap: 1.5 }}
            >
              <Box component="legend" sx={{ typography: 'subtitle2', mb: 1 }}>
                Manual membership change
              </Box>
              {!account.membershipManualUpgrade && (
                <Alert severity="info">
                  Manual membership change is turned off (feature flag membershipManualUpgrade).
                </Alert>
              )}
              <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: '1fr' }}>
                <FormTextField control={control} name="userType" select size="small" label="Change to">
                  {USER_TYPES.filter((t) => t.id !== account.userType).map((t) => (
                    <MenuItem key={t.id} value={t.id}>
                      {t.name}
                    </MenuItem>
                  ))}
                </FormTextField>
                <FormTextField
                  control={control}
                  name="reason"
                  size="small"
                  label="Reason"
                  helperText={
                    typeof target === 'number'
                      ? changeTo
                        ? `Recorded as ${changeTo}`
                        : `${userTypeName(account.userType)} to ${userTypeName(target)} is not a membership change`
                      : ' '
                  }
                />
              </Box>
              <Box>
                <Button variant="outlined" onClick={submitChange} loading={operation.isPending}>
                  Change membership
                </Button>
              </Box>
            </Box>
            {isMember && (
              <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', flexWrap: 'wrap' }}>
                <TextField
                  size="small"
                  type="date"
                  label="Expiration date"
                  value={expiration}
                  onChange={(e) => setExpiration(e.target.value)}
                  slotProps={{ inputLabel: { shrink: true } }}
                />
                <Button
                  variant="outlined"
                  onClick={() =>
                    expiration
                      ? run(
                          {
                            method: 'POST',
                            path: `/api/cs/membership/expiration/${enc(account.uid)}`,
                            body: { expirationDate: expiration },
                          },
                          ACCOUNT_MESSAGES.expirationFailed,
                        )
                      : alert.error(ACCOUNT_MESSAGES.emptyExpiration)
                  }
                >
                  Update expiration
                </Button>
                {account.activeMember && (
                  <Button color="warning" variant="outlined" onClick={() => setConfirmLapse(true)}>
                    Lapse member
                  </Button>
                )}
              </Box>
            )}
          </>
        )}
      </Box>
      <ConfirmDialog
        open={confirmLapse}
        title="Lapse this member?"
        confirmLabel="Lapse member"
        destructive
        pending={operation.isPending}
        onClose={() => setConfirmLapse(false)}
        onConfirm={() =>
          run(
            { method: 'POST', path: `/api/cs/membership/lapseMember/${enc(account.uid)}` },
            ACCOUNT_MESSAGES.lapseFailed,
            () => setConfirmLapse(false),
          )
        }
      >
        The membership of {account.firstName} {account.lastName} ends now. Member prices stop until they
        renew.
      </ConfirmDialog>
    </SectionCard>
  );
}
