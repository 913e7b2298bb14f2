import type { AccountRecord } from '@domain/accounts/account';
import { ACCOUNT_MESSAGES } from '@domain/accounts/messages';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useAlert } from '@web/components/alert/alert-context';
import { ConfirmDialog } from '@web/components/confirm-dialog';
import { Placeholder } from '@web/components/placeholder';
import { SectionCard } from '@web/components/section-card';
import { errorMessage } from '@web/lib/api-client';
import { formatDateTime } from '@web/lib/format';
import { useState } from 'react';
import { useAccountOperation, useEmployeeLookup } from '../api/account';

const STEPS = [
  {
    path: 'offboardBCCOMEmployeeAuth',
    label: 'Disable authentication',
    body: 'The employee can no longer sign in to the employee shop.',
    failure: ACCOUNT_MESSAGES.authNotDisabled,
  },
  {
    path: 'offboardBCCOMEmployeeAccount',
    label: 'Modify the user',
    body: 'The employee shop user loses the employee discount.',
    failure: ACCOUNT_MESSAGES.userNotModified,
  },
  {
    path: 'removeCSUser',
    label: 'Delete the support-tool user',
    body: 'The cs-users record is deleted and its back-office sign-in deactivated.',
    failure: ACCOUNT_MESSAGES.csUserNotDeleted,
  },
] as const;

/** Employee accounts (spec 1 §4): the two staff services' records and the offboarding actions. */
export function EmployeeSection({ account, canOffboard }: { account: AccountRecord; canOffboard: boolean }) {
  const lookup = useEmployeeLookup(account.uid, true);
  const operation = useAccountOperation(account.uid);
  const alert = useAlert();
  const [step, setStep] = useState<(typeof STEPS)[number] | null>(null);

  return (
    <SectionCard title="Employee records">
      {lookup.isPending ? (
        <Placeholder height={64} />
      ) : lookup.isError ? (
        <Alert severity="error">{errorMessage(lookup.error, 'The employee lookup failed.')}</Alert>
      ) : (
        <Box sx={{ display: 'grid', gap: 1.5 }}>
          {lookup.data.data.map((r) => (
            <Box key={r.service} sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
              <Typography variant="body2" sx={{ fontWeight: 600 }}>
                {r.service} ({r.country})
              </Typography>
              <Chip
                size="small"
                variant="outlined"
                label={r.authDisabled ? 'Sign-in disabled' : 'Sign-in enabled'}
              />
              {r.data.employee === false && <Chip size="small" variant="outlined" label="Offboarded" />}
              <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                updated {formatDateTime(r.updatedAt)}
              </Typography>
            </Box>
          ))}
          {lookup.data.problems.map((p) => (
            <Alert key={p} severity="warning">
              {p}
            </Alert>
          ))}
          {canOffboard && (
            <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
              {STEPS.map((s) => (
                <Button key={s.path} variant="outlined" color="error" onClick={() => setStep(s)}>
                  {s.label}
                </Button>
              ))}
            </Box>
          )}
        </Box>
      )}
      <ConfirmDialog
        open={step !== null}
        title={`${step?.label ?? ''}?`}
        confirmLabel={step?.label ?? 'Confirm'}
        destructive
        pending={operation.isPending}
        onClose={() => setStep(null)}
        onConfirm={() =>
          step &&
          operation.mutate(
            { method: 'POST', path: `/api/auth/${step.path}`, body: { uid: account.uid } },
            {
              onSuccess: (answer) => {
                alert.success(answer.message);
                setStep(null);
              },
              onError: (error) => alert.error(errorMessage(error, step.failure)),
            },
          )
        }
      >
        {step?.body}
      </ConfirmDialog>
    </SectionCard>
  );
}
