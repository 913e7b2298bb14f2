import { CustomerPopups } from '@web/features/customers/components/popups';
import { useParams } from 'react-router';

export function CustomerPopupsPage() {
  return <CustomerPopups uid={useParams().id ?? ''} />;
}
