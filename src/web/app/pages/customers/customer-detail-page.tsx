import { AccountDetail } from '@web/features/accounts/components/account-detail';
import { principalOf, useSession } from '@web/features/auth/api/session';
import { useParams } from 'react-router';

/** `/customers/{uid}/detail`: the tab's content; the customer layout shows who the customer is. */
export function CustomerDetailPage() {
  const { id = '' } = useParams();
  const session = useSession();
  return <AccountDetail key={id} uid={id} principal={principalOf(session)} />;
}
