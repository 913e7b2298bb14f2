import type { AccountRecord, AccountRef } from '@domain/accounts/account';
import { ACCOUNT_MESSAGES } from '@domain/accounts/messages';
import type { QuickSearchConsultant } from '@domain/customers/quick-search';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import { useAlert } from '@web/components/alert/alert-context';
import { CopyableText } from '@web/components/copyable-text';
import { Fact, SectionCard } from '@web/components/section-card';
import { errorMessage } from '@web/lib/api-client';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useAccountOperation } from '../api/account';
import { ConsultantField } from './consultant-field';

/** Links to the sponsor or enroller; 1 is the company, which has no customer screen of its own. */
export function AccountLink({ person }: { person: AccountRef }) {
  return (
    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, flexWrap: 'wrap' }}>
      {person.uid ? (
        <Link component={RouterLink} to={`/customers/${encodeURIComponent(person.uid)}/dashboard`}>
          {person.fullName}
        </Link>
      ) : (
        person.fullName
      )}
      <CopyableText value={String(person.phoenixId)} label={`${person.fullName} account number`} monospace />
    </Box>
  );
}

function UplineRow({
  account,
  tree,
  canEdit,
}: {
  account: AccountRecord;
  tree: 'sponsor' | 'enroller';
  canEdit: boolean;
}) {
  const [choice, setChoice] = useState<QuickSearchConsultant | null>(null);
  const operation = useAccountOperation(account.uid);
  const alert = useAlert();
  const label = tree === 'sponsor' ? 'Sponsor' : 'Enroller (mentor)';
  const save = () => {
    if (!choice) return;
    const field = tree === 'sponsor' ? 'sponsorId' : 'enrollerId';
    operation.mutate(
      {
        method: 'POST',
        path: `/api/cs/${field}/?accountId=${encodeURIComponent(account.uid)}`,
        body: { [field]: choice.phoenixId },
      },
      {
        onSuccess: (answer) => {
          alert.success(answer.message);
          setChoice(null);
        },
        onError: (error) =>
          alert.error(
            errorMessage(
              error,
              tree === 'sponsor' ? ACCOUNT_MESSAGES.failure : ACCOUNT_MESSAGES.enrollerFailed,
            ),
          ),
      },
    );
  };
  return (
    <Box sx={{ display: 'grid', gap: 1 }}>
      <Fact label={label}>
        <AccountLink person={account[tree]} />
      </Fact>
      {canEdit && (
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
          <ConsultantField
            label={`New ${label.toLowerCase()}`}
            countryId={account.countryId}
            value={choice}
            onChange={setChoice}
          />
          <Button variant="outlined" onClick={save} disabled={!choice} loading={operation.isPending}>
            Change {tree}
          </Button>
        </Box>
      )}
    </Box>
  );
}

/** Sponsor and enroller (spec 1 §2 Customer detail): consultant quick search by the account's country. */
export function UplineSection({ account, canEdit }: { account: AccountRecord; canEdit: boolean }) {
  return (
    <SectionCard title="Sponsor and enroller">
      <Box sx={{ display: 'grid', gap: 2.5 }}>
        <UplineRow account={account} tree="sponsor" canEdit={canEdit} />
        <UplineRow account={account} tree="enroller" canEdit={canEdit} />
      </Box>
    </SectionCard>
  );
}
