import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import { EmptyState } from '@web/components/empty-state';
import { useCustomerOrders } from '../api/customers';
import { OrdersTable } from './orders-table';
import { SectionTitle } from './section-title';

/** Orders tab: pages of 20 from page 1, more while a page comes back full (spec 1 §9). */
export function CustomerOrders({ uid }: { uid: string }) {
  const orders = useCustomerOrders(uid);
  return (
    <>
      <SectionTitle>Orders</SectionTitle>
      <OrdersTable
        label="Customer orders"
        paper
        orders={orders.data?.pages.flatMap((p) => p.data) ?? []}
        loading={orders.isPending}
        loadingLabel="Loading orders"
        error={orders.error}
        empty={
          <EmptyState
            icon={<ReceiptLongOutlined />}
            title="No orders yet"
            description="This customer has not placed an order."
          />
        }
        hasMore={orders.hasNextPage}
        onLoadMore={() => orders.fetchNextPage()}
        loadingMore={orders.isFetchingNextPage}
        loadMoreLabel="Load more orders"
      />
    </>
  );
}
