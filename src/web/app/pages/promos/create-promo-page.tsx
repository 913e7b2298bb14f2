import { promoAccessOf } from '@domain/promos/access';
import { PageHeader } from '@web/components/page-header';
import { principalOf, useSession } from '@web/features/auth/api/session';
import { BusinessForm } from '@web/features/promos/components/business-form';

/** /promos/create: the business promo form. */
export function CreatePromoPage() {
  const access = promoAccessOf(principalOf(useSession()));
  return (
    <>
      <PageHeader
        title="Create promo"
        subtitle="A promotion by name, type, countries, user types and products, published for review."
        breadcrumbs={[{ label: 'Promos', to: '/promos' }, { label: 'Create promo' }]}
      />
      <BusinessForm access={access} />
    </>
  );
}
