import Box from '@mui/material/Box';
import { NewOrderButton } from '@web/features/checkout/components/new-order-button';
import { CustomerDashboard } from '@web/features/customers/components/customer-dashboard';
import { useParams } from 'react-router';

export function CustomerDashboardPage() {
  const uid = useParams().id ?? '';
  return (
    <>
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', mb: 2 }}>
        <NewOrderButton uid={uid} />
      </Box>
      <CustomerDashboard uid={uid} />
    </>
  );
}
