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
import { Fact, SectionCard } from '@web/components/section-card';
import { errorMessage } from '@web/lib/api-client';
import { formatDate } from '@web/lib/format';
import { useState } from 'react';
import { type OperationCall, useAccountOperation } from '../api/account';

const enc = encodeURIComponent;

/**
 * Membership (spec 1 §4): the derived status, the manual change under the
 * membershipManualUpgrade flag with a reason, the expiration date and lapse.
 */
export function MembershipSection({ account, canManage }: { account: AccountRecord; canManage: boolean }) {
  const operation = useAccountOperation(account.uid);
  const alert = useAlert();
  const [target, setTarget] = useState<number | ''>('');
  const [reason, setReason] = useState('');
  const [expiration, setExpiration] = useState(account.memberExpirationDateUTC?.slice(0, 10) ?? '');
  const [confirmLapse, setConfirmLapse] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const run = (call: OperationCall, fallback: string, after?: () => void) =>
    operation.mutate(call, {
      onSuccess: (answer) => {
        alert.success(answer.message);
        after?.();
      },
      onError: (error) => alert.error(errorMessage(error, fallback)),
    });

  const changeTo = typeof target === 'number' ? manualMembershipChange(account.userType, target) : null;
  const submitChange = () => {
    if (target === '') return setProblem('Choose the new account type');
    if (!reason.trim()) return setProblem('Reason is required');
    setProblem(null);
    run(
      {
        method: 'POST',
        path: `/api/cs/membership/status/${enc(account.uid)}`,
        body: { userType: target, reason },
      },
      `${ACCOUNT_MESSAGES.membershipFailed}${ACCOUNT_MESSAGES.invalidMembershipChange}`,
      () => {
        setTarget('');
        setReason('');
      },
    );
  };

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
            <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, display: 'grid', gap: 1.5 }}>
              <Box component="legend" sx={{ typography: 'subtitle2', mb: 1 }}>
                Manual membership change
              </Box>
              {!account.membershipManualUpgrade && (
                <Alert severity="info">
                  Manual membership change is turned off (feature flag membershipManualUpgrade).
                </Alert>
              )}
              <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: '1fr' }}>
                <TextField
                  select
                  size="small"
                  label="Change to"
                  value={target}
                  onChange={(e) => setTarget(e.target.value === '' ? '' : Number(e.target.value))}
                >
                  {USER_TYPES.filter((t) => t.id !== account.userType).map((t) => (
                    <MenuItem key={t.id} value={t.id}>
                      {t.name}
                    </MenuItem>
                  ))}
                </TextField>
                <TextField
                  size="small"
                  label="Reason"
                  value={reason}
                  onChange={(e) => setReason(e.target.value)}
                  error={Boolean(problem)}
                  helperText={
                    problem ??
                    (typeof target === 'number'
                      ? changeTo
                        ? `Recorded as ${changeTo}`
                        : `${userTypeName(account.userType)} to ${userTypeName(target)} is not a membership change`
                      : ' ')
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
