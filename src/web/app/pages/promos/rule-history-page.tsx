import { can } from '@domain/auth/permissions';
import { PageHeader } from '@web/components/page-header';
import { principalOf, useSession } from '@web/features/auth/api/session';
import { RuleHistory } from '@web/features/promos/components/rule-history';
import { useParams } from 'react-router';

/** /promos/history/{promoName}: every saved version of a rule, with restore into drafts. */
export function RuleHistoryPage() {
  const name = useParams().promoName ?? '';
  const mayRestore = can(principalOf(useSession()), 'promos.edit');
  return (
    <>
      <PageHeader
        title={`Rule history: ${name}`}
        subtitle="Every saved version, who saved it and when, compared with the version before it."
        breadcrumbs={[
          { label: 'Promos', to: '/promos' },
          { label: 'Promo list', to: '/promos/list' },
          { label: name, to: `/promos/editor/${encodeURIComponent(name)}` },
          { label: 'History' },
        ]}
      />
      <RuleHistory key={name} name={name} mayRestore={mayRestore} />
    </>
  );
}
