import type { AccountRecord } from '@domain/accounts/account';
import { PWS_KEY } from '@domain/accounts/constants';
import { ACCOUNT_MESSAGES } from '@domain/accounts/messages';
import { SEARCH_DEBOUNCE_MS } from '@domain/reference/constants';
import { USER_TYPE } from '@domain/reference/lists';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { useAlert } from '@web/components/alert/alert-context';
import { Fact, SectionCard } from '@web/components/section-card';
import { errorMessage } from '@web/lib/api-client';
import { useDebouncedValue } from '@web/lib/use-debounced-value';
import { useState } from 'react';
import { useAccountOperation, usePwsAvailability } from '../api/account';

/** Personal website key with a live availability check (spec 1 §5: "This PWS is unavailable"). */
export function PwsSection({ account, canEdit }: { account: AccountRecord; canEdit: boolean }) {
  const [key, setKey] = useState('');
  const wanted = useDebouncedValue(key.trim().toLowerCase(), SEARCH_DEBOUNCE_MS * 3);
  const wellFormed = PWS_KEY.test(wanted);
  const availability = usePwsAvailability(wellFormed ? wanted : '', account.phoenixId);
  const operation = useAccountOperation(account.uid);
  const alert = useAlert();
  if (account.userType !== USER_TYPE.consultant && !account.pwsKey) return null;

  const status =
    key === ''
      ? 'Letters, digits and hyphens, 3 to 50 characters'
      : !wellFormed
        ? 'Use 3 to 50 letters, digits or hyphens (not at the start or end)'
        : availability.isFetching || wanted !== key.trim().toLowerCase()
          ? 'Checking…'
          : availability.data?.available
            ? 'Available'
            : availability.data
              ? ACCOUNT_MESSAGES.pwsUnavailable
              : '';
  const available =
    wellFormed && availability.data?.available === true && wanted === key.trim().toLowerCase();

  const save = () =>
    operation.mutate(
      {
        method: account.pwsKey ? 'PUT' : 'POST',
        path: '/api/cs/accounts/phoenix/pws',
        body: {
          phoenixId: account.phoenixId,
          firstName: account.firstName,
          lastName: account.lastName,
          email: account.email ?? undefined,
          title: 'Consultant',
          pwsKey: wanted,
        },
      },
      {
        onSuccess: (answer) => {
          alert.success(answer.message);
          setKey('');
        },
        onError: (error) => alert.error(errorMessage(error, ACCOUNT_MESSAGES.pwsFailed)),
      },
    );

  return (
    <SectionCard title="Personal website (PWS)">
      <Box sx={{ display: 'grid', gap: 2 }}>
        <Fact label="PWS key">{account.pwsKey ?? 'None'}</Fact>
        {canEdit && account.userType === USER_TYPE.consultant && (
          <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', flexWrap: 'wrap' }}>
            <TextField
              size="small"
              label={account.pwsKey ? 'New PWS key' : 'PWS key'}
              value={key}
              onChange={(event) => setKey(event.target.value)}
              error={key !== '' && (!wellFormed || availability.data?.available === false)}
              helperText={status}
              slotProps={{ formHelperText: { role: 'status' } as object }}
              sx={{ flex: 1, minWidth: 200 }}
            />
            <Button variant="outlined" onClick={save} disabled={!available} loading={operation.isPending}>
              {account.pwsKey ? 'Change PWS' : 'Create PWS'}
            </Button>
          </Box>
        )}
      </Box>
    </SectionCard>
  );
}
