import type { AccountRecord } from '@domain/accounts/account';
import { ACCOUNT_MESSAGES } from '@domain/accounts/messages';
import { type Action, can, type Principal } from '@domain/auth/permissions';
import { COUNTRIES, countryName, USER_TYPE } from '@domain/reference/lists';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useAlert } from '@web/components/alert/alert-context';
import { ConfirmDialog } from '@web/components/confirm-dialog';
import { SectionCard } from '@web/components/section-card';
import { errorMessage } from '@web/lib/api-client';
import { type ReactNode, useState } from 'react';
import { type OperationCall, useAccountOperation, useRestoreCheck, useSignInAs } from '../api/account';

const enc = encodeURIComponent;

interface Operation {
  key: string;
  label: string;
  action: Action;
  title: string;
  body: ReactNode;
  call: OperationCall;
  failure: string;
  destructive?: boolean;
  /** A check call that must say "available" before the operation is offered (restores). */
  check?: string;
}

function operationsFor(a: AccountRecord, countryId: number): Operation[] {
  const name = `${a.firstName} ${a.lastName}`;
  const consultant = a.userType === USER_TYPE.consultant;
  const list: (Operation | false)[] = [
    {
      key: 'terms',
      label: 'Resend terms email',
      action: 'records.edit',
      title: 'Resend the terms acceptance email?',
      body: `An email asks ${name} to accept the terms and conditions${a.email ? ` (${a.email})` : ''}.`,
      call: { method: 'POST', path: `/api/cs/resendTcsAcceptanceEmail/${enc(a.uid)}`, body: {} },
      failure: ACCOUNT_MESSAGES.termsEmailFailed,
    },
    {
      key: 'reset',
      label: 'Send reset-password email',
      action: 'records.edit',
      title: 'Send a reset-password email?',
      body: `${name} gets an email to choose a new password.`,
      call: { method: 'POST', path: `/api/cs/account/${enc(a.uid)}/reset-password` },
      failure: ACCOUNT_MESSAGES.resetPasswordFailed,
    },
    a.accountStatus === 1
      ? {
          key: 'terminate',
          label: 'Terminate account',
          action: 'membership.manage',
          title: 'Terminate this account?',
          body: `${name} can no longer order or sign in until the account is active again.`,
          call: { method: 'POST', path: `/api/cs/updateStatus/${enc(a.uid)}`, body: { status: 2 } },
          failure: ACCOUNT_MESSAGES.statusFailed,
          destructive: true,
        }
      : {
          key: 'activate',
          label: 'Reactivate account',
          action: 'membership.manage',
          title: 'Reactivate this account?',
          body: `The account status of ${name} becomes Active.`,
          call: { method: 'POST', path: `/api/cs/updateStatus/${enc(a.uid)}`, body: { status: 1 } },
          failure: ACCOUNT_MESSAGES.statusFailed,
        },
    a.canRestoreMemberToConsultant && {
      key: 'restoreMember',
      label: 'Restore member to consultant',
      action: 'membership.manage',
      title: 'Restore this member to consultant?',
      body: `${name} becomes a consultant again.`,
      call: { method: 'POST', path: `/api/cs/account/restoreMemberToConsultant/${enc(a.uid)}` },
      failure: ACCOUNT_MESSAGES.restoreMemberFailed,
    },
    consultant && {
      key: 'restoreClients',
      label: 'Restore clients and members',
      action: 'membership.manage',
      title: 'Restore clients and members?',
      body: 'Clients and members this consultant enrolled come back under them.',
      call: { method: 'POST', path: `/api/cs/account/${enc(a.uid)}/restoreClientsAndMembersFromHQ` },
      failure: ACCOUNT_MESSAGES.restoreClientsFailed,
      check: `/api/cs/account/${enc(a.uid)}/checkValidClientsAndMembersToBeRestored`,
    },
    consultant && {
      key: 'restoreDownline',
      label: 'Restore downline',
      action: 'membership.manage',
      title: 'Restore the downline consultants?',
      body: 'Consultants this consultant enrolled come back under them.',
      call: { method: 'POST', path: `/api/cs/consultant/${enc(a.uid)}/restoreDownlineConsultants` },
      failure: ACCOUNT_MESSAGES.restoreDownlineFailed,
      check: `/api/cs/consultant/${enc(a.uid)}/isRestoreDownlineConsultantsAvailable`,
    },
    {
      key: 'compress',
      label: 'Compress account',
      action: 'commissions.manage',
      title: 'Compress this account?',
      body: `The ${a.directDownlineCount} people ${name} sponsors move up to ${a.sponsor.fullName} (#${a.sponsor.phoenixId}).`,
      call: { method: 'PUT', path: '/api/cs/commissions/compressAccountById', body: { accountId: a.uid } },
      failure: ACCOUNT_MESSAGES.compressionError,
      destructive: true,
    },
    {
      key: 'compressDownline',
      label: 'Compress downline',
      action: 'commissions.manage',
      title: 'Compress the downline?',
      body: 'Every terminated account below this one is compressed: its people move up to the nearest sponsor above.',
      call: { method: 'POST', path: '/api/cs/compressDownline', body: { accountId: a.uid } },
      failure: ACCOUNT_MESSAGES.compressionError,
      destructive: true,
    },
    countryId !== a.countryId && {
      key: 'changeCountry',
      label: 'Change country',
      action: 'commissions.manage',
      title: `Move the account to ${countryName(countryId)}?`,
      body: 'The country changes and the commissions are recalculated.',
      call: {
        method: 'POST',
        path: '/api/cs/commissions/changeCountry',
        body: { accountId: a.uid, countryId },
      },
      failure: ACCOUNT_MESSAGES.countryFailed,
    },
  ];
  return list.filter((o): o is Operation => o !== false);
}

function RestoreAvailability({ path }: { path: string }) {
  const check = useRestoreCheck(path, true);
  if (check.isPending) return <Typography variant="body2">Checking what can be restored…</Typography>;
  if (check.isError)
    return <Typography color="error">{errorMessage(check.error, 'The check failed.')}</Typography>;
  if (!check.data.available) return <Typography variant="body2">Nothing to restore.</Typography>;
  return (
    <Typography variant="body2">
      {check.data.accounts.length} account(s):{' '}
      {check.data.accounts
        .slice(0, 5)
        .map((x) => `${x.fullName} (#${x.phoenixId})`)
        .join(', ')}
      {check.data.accounts.length > 5 ? '…' : ''}
    </Typography>
  );
}

/** Account operations (spec 1 §4): only those the signed-in role may use are shown (DESIGN §4). */
export function AccountOperations({
  account,
  principal,
}: {
  account: AccountRecord;
  principal: Principal | null;
}) {
  const [open, setOpen] = useState<Operation | null>(null);
  const [countryId, setCountryId] = useState(account.countryId === 1 ? 2 : 1);
  const operation = useAccountOperation(account.uid);
  const signInAs = useSignInAs(account.uid);
  const alert = useAlert();
  const allowed = operationsFor(account, countryId).filter((o) => can(principal, o.action));
  const restoreCheck = useRestoreCheck(open?.check ?? '', Boolean(open?.check));
  const blocked = Boolean(open?.check) && restoreCheck.data?.available !== true;

  const confirm = () => {
    if (!open) return;
    operation.mutate(open.call, {
      onSuccess: (answer) => {
        alert.success(answer.message);
        setOpen(null);
      },
      onError: (error) => alert.error(errorMessage(error, open.failure)),
    });
  };
  const openCustomerSession = () =>
    signInAs.mutate(undefined, {
      onSuccess: (answer) => window.open(answer.data.url, '_blank', 'noopener'),
      onError: (error) => alert.error(errorMessage(error, ACCOUNT_MESSAGES.signInAsFailed)),
    });

  const canSignIn = can(principal, 'customers.signInAs');
  if (allowed.length === 0 && !canSignIn) return null;
  return (
    <SectionCard title="Account operations">
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
        {canSignIn && (
          <Button variant="outlined" onClick={openCustomerSession} loading={signInAs.isPending}>
            Sign in as customer
          </Button>
        )}
        {allowed.map((o) => (
          <Button
            key={o.key}
            variant="outlined"
            color={o.destructive ? 'error' : 'primary'}
            onClick={() => setOpen(o)}
          >
            {o.label}
          </Button>
        ))}
        {can(principal, 'commissions.manage') && (
          <TextField
            select
            size="small"
            label="New country"
            value={countryId}
            onChange={(e) => setCountryId(Number(e.target.value))}
            sx={{ minWidth: 160 }}
          >
            {COUNTRIES.map((c) => (
              <MenuItem key={c.id} value={c.id} disabled={c.id === account.countryId}>
                {c.name}
              </MenuItem>
            ))}
          </TextField>
        )}
      </Box>
      <ConfirmDialog
        open={open !== null}
        title={open?.title ?? ''}
        confirmLabel={blocked && !restoreCheck.isPending ? 'Close' : (open?.label ?? 'Confirm')}
        destructive={open?.destructive}
        pending={operation.isPending || (blocked && restoreCheck.isPending)}
        onClose={() => setOpen(null)}
        onConfirm={blocked ? () => setOpen(null) : confirm}
      >
        {open?.body}
        {open?.check && (
          <Box sx={{ mt: 1.5 }}>
            <RestoreAvailability path={open.check} />
          </Box>
        )}
      </ConfirmDialog>
    </SectionCard>
  );
}
