import { CustomerDashboard } from '@web/features/customers/components/customer-dashboard';
import { useParams } from 'react-router';

export function CustomerDashboardPage() {
  return <CustomerDashboard uid={useParams().id ?? ''} />;
}
