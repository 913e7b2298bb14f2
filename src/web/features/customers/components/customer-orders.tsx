import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import { EmptyState } from '@web/components/empty-state';
import { LoadError, Loading } from '@web/components/loading';
import { useCustomerOrders } from '../api/customers';
import { OrdersTable } from './orders-table';
import { SectionTitle } from './section-title';

/** Orders tab: pages of 20 from page 1, more while a page comes back full (spec 1 §9). */
export function CustomerOrders({ uid }: { uid: string }) {
  const orders = useCustomerOrders(uid);
  const title = <SectionTitle>Orders</SectionTitle>;
  if (orders.isPending)
    return (
      <>
        {title}
        <Loading label="Loading orders" />
      </>
    );
  if (orders.isError)
    return (
      <>
        {title}
        <LoadError error={orders.error} />
      </>
    );
  const rows = orders.data.pages.flatMap((p) => p.data);
  if (rows.length === 0) {
    return (
      <>
        {title}
        <EmptyState
          icon={<ReceiptLongOutlined />}
          title="No orders yet"
          description="This customer has not placed an order."
        />
      </>
    );
  }
  return (
    <>
      {title}
      <Paper variant="outlined">
        <OrdersTable orders={rows} label="Customer orders" />
      </Paper>
      {orders.hasNextPage && (
        <Box sx={{ display: 'flex', justifyContent: 'center', mt: 2 }}>
          <Button
            variant="outlined"
            onClick={() => orders.fetchNextPage()}
            loading={orders.isFetchingNextPage}
          >
            Load more orders
          </Button>
        </Box>
      )}
    </>
  );
}
