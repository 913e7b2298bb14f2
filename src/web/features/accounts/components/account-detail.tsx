import type { AccountRecord } from '@domain/accounts/account';
import { can, type Principal } from '@domain/auth/permissions';
import { accountStatusName, USER_TYPE } from '@domain/reference/lists';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import { CopyableText } from '@web/components/copyable-text';
import { Placeholder } from '@web/components/placeholder';
import { Fact, SectionCard } from '@web/components/section-card';
import { ApiError, errorMessage } from '@web/lib/api-client';
import { formatDate } from '@web/lib/format';
import { useDeferredValue } from 'react';
import { useAccountRecord } from '../api/account';
import { AccountOperations } from './account-operations';
import { CommentsSection } from './comments-section';
import { EmployeeSection } from './employee-section';
import { MembershipSection } from './membership-section';
import { ProfileForm } from './profile-form';
import { PwsSection } from './pws-section';
import { TaxNumberSection } from './tax-number-section';
import { TypeHistorySection } from './type-history-section';
import { UplineSection } from './upline-section';

function AccountFacts({ account }: { account: AccountRecord }) {
  const preferences = Object.entries(account.consultantPreferences);
  return (
    <SectionCard title="Account">
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, 1fr)' } }}>
        <Fact label="Account number">
          <CopyableText value={String(account.phoenixId)} label="Account number" monospace />
        </Fact>
        <Fact label="Account id">
          <CopyableText
            value={account.uid}
            label="Account id"
            monospace
            display={`${account.uid.slice(0, 10)}…`}
          />
        </Fact>
        <Fact label="Type">{account.accountTypes.join(', ')}</Fact>
        <Fact label="Status">{accountStatusName(account.accountStatus) ?? account.accountStatus}</Fact>
        <Fact label="Enrolled">{formatDate(account.enrollmentDateUTC)}</Fact>
        <Fact label="Paid-as title">{account.paidAsTitleId ?? '—'}</Fact>
        <Fact label="Recognition title">{account.recognitionTitleId ?? '—'}</Fact>
        <Fact label="Direct downline">{account.directDownlineCount}</Fact>
        {preferences.length > 0 && (
          <Fact label="Consultant preferences">
            {preferences
              .map(
                ([id, p]) =>
                  `#${id}: credit ${p.creditAccess ? 'yes' : 'no'}, payment ${p.paymentAccess ? 'yes' : 'no'}`,
              )
              .join('; ')}
          </Fact>
        )}
      </Box>
    </SectionCard>
  );
}

/** The customer detail tab (spec 1 §2): profile, upline, PWS, tax number, membership, operations. */
export function AccountDetail({ uid, principal }: { uid: string; principal: Principal | null }) {
  const record = useDeferredValue(useAccountRecord(uid));
  if (record.isPending)
    return (
      <Box role="status" sx={{ display: 'grid', gap: 2 }} aria-busy="true" aria-label="Loading the account">
        <Placeholder height={120} />
        <Placeholder height={320} />
      </Box>
    );
  if (record.isError)
    return (
      <Alert severity="error">
        {record.error instanceof ApiError && record.error.status === 404
          ? 'No customer account with that id.'
          : errorMessage(record.error, 'The account could not be loaded.')}
      </Alert>
    );
  const account = record.data;
  const canEdit = can(principal, 'records.edit');
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <AccountFacts account={account} />
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 3fr) minmax(0, 2fr)' },
          alignItems: 'start',
        }}
      >
        <Box sx={{ display: 'grid', gap: 2, minWidth: 0 }}>
          <ProfileForm account={account} canEdit={canEdit} principal={principal} />
          <UplineSection account={account} canEdit={canEdit} />
          <TaxNumberSection
            key={`${account.isEntity}-${account.taxNumber.masked}`}
            account={account}
            canEdit={canEdit}
          />
          <PwsSection account={account} canEdit={canEdit} />
        </Box>
        <Box sx={{ display: 'grid', gap: 2, minWidth: 0 }}>
          <MembershipSection
            key={account.memberExpirationDateUTC ?? 'none'}
            account={account}
            canManage={can(principal, 'membership.manage')}
          />
          <AccountOperations account={account} principal={principal} />
          <CommentsSection uid={uid} canEdit={canEdit} />
          {account.hasAccountTypeHistory && <TypeHistorySection uid={uid} />}
          {account.userType === USER_TYPE.employee && (
            <EmployeeSection account={account} canOffboard={can(principal, 'employees.offboard')} />
          )}
        </Box>
      </Box>
    </Box>
  );
}
