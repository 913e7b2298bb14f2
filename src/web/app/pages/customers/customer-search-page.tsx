import { PageHeader } from '@web/components/page-header';
import { CustomerSearch } from '@web/features/customers/components/customer-search';

export function CustomerSearchPage() {
  return (
    <>
      <PageHeader
        title="Customers"
        subtitle="Consultants, members, clients, employees, prospects and guests."
      />
      <CustomerSearch />
    </>
  );
}
