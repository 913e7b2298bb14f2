import { PageHeader } from '@web/components/page-header';
import { OrderSearch } from '@web/features/order-search/components/order-search';

export function OrderSearchPage() {
  return (
    <>
      <PageHeader title="Orders" subtitle="Find an order by customer, number, type, location or date." />
      <OrderSearch />
    </>
  );
}
