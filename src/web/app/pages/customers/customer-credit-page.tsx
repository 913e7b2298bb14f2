import { can } from '@domain/auth/permissions';
import { principalOf, useSession } from '@web/features/auth/api/session';
import { ProductCreditTab } from '@web/features/product-credit/components/product-credit-tab';
import { useParams } from 'react-router';

/** /customers/{uid}/credit: product credit per country with its ledger (spec 1 §2). */
export function CustomerCreditPage() {
  const { id = '' } = useParams();
  const session = useSession();
  return <ProductCreditTab uid={id} canAdjust={can(principalOf(session), 'credit.adjust')} />;
}
