import { promoAccessOf } from '@domain/promos/access';
import { PageHeader } from '@web/components/page-header';
import { principalOf, useSession } from '@web/features/auth/api/session';
import { useFeatureFlag } from '@web/features/flags/api/feature-flags';
import { PromoTool } from '@web/features/promos/components/promo-tool';
import { useParams, useSearchParams } from 'react-router';

/** An editor URL's rule: its editor and picker are asked for through this chunk (ADR 050). */
export { preloadOpenedRule } from '@web/features/promos/components/promo-tool';

/** /promos/tool, /promos/editor and /promos/editor/{promoName}. */
export function PromoToolPage() {
  const { promoName } = useParams();
  const [search] = useSearchParams();
  const access = promoAccessOf(principalOf(useSession()));
  const simulateOnServer = useFeatureFlag('promoToolCartApi');
  return (
    <>
      <PageHeader
        title={promoName ? `Promo editor: ${promoName}` : 'Promo tool'}
        subtitle="Author, test and deploy promotion rules, and bulk-edit their SKUs."
        breadcrumbs={[
          { label: 'Promos', to: '/promos' },
          ...(promoName ? [{ label: 'Promo list', to: '/promos/list' }] : []),
          { label: promoName ?? 'Promo tool' },
        ]}
      />
      <PromoTool
        key={promoName ?? ''}
        promoName={promoName}
        collectionHint={search.get('collection') ?? undefined}
        access={access}
        simulateOnServer={simulateOnServer}
      />
    </>
  );
}
