import { PageHeader } from '@web/components/page-header';
import { BulkLedgersScreen } from '@web/features/bulk-ledgers/components/bulk-ledgers-screen';

export function BulkLedgersPage() {
  return (
    <>
      <PageHeader title="Bulk ledgers" subtitle="Apply many product-credit adjustments from one CSV file." />
      <BulkLedgersScreen />
    </>
  );
}
