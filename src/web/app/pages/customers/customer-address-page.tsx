import { can } from '@domain/auth/permissions';
import { AddressList } from '@web/features/addresses/components/address-list';
import { principalOf, useSession } from '@web/features/auth/api/session';
import { useParams } from 'react-router';

/** /customers/{uid}/address: the account's shipping addresses (spec 1 §2). */
export function CustomerAddressPage() {
  const { id = '' } = useParams();
  const session = useSession();
  return <AddressList uid={id} canEdit={can(principalOf(session), 'records.edit')} />;
}
