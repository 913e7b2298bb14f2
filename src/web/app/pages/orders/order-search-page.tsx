import ErrorOutlineOutlined from '@mui/icons-material/ErrorOutlineOutlined';
import Button from '@mui/material/Button';
import { PageHeader } from '@web/components/page-header';
import { OrderSearch } from '@web/features/order-search/components/order-search';
import { Link as RouterLink } from 'react-router';

export function OrderSearchPage() {
  return (
    <>
      <PageHeader
        title="Orders"
        subtitle="Find an order by customer, number, type, location or date."
        actions={
          <Button
            component={RouterLink}
            to="/orders/failed"
            variant="outlined"
            startIcon={<ErrorOutlineOutlined />}
          >
            Failed orders
          </Button>
        }
      />
      <OrderSearch />
    </>
  );
}
