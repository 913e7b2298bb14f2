import { can } from '@domain/auth/permissions';
import { PageHeader } from '@web/components/page-header';
import { principalOf, useSession } from '@web/features/auth/api/session';
import { ReturnsList } from '@web/features/returns/components/returns-list';

/** /returns: pending returns, search by order id, status changes (spec 2 §2). */
export function ReturnsPage() {
  const session = useSession();
  return (
    <>
      <PageHeader
        title="Returns"
        subtitle="Returns waiting to be received, newest first. Search by order id to see any return."
      />
      <ReturnsList canEdit={can(principalOf(session), 'records.edit')} />
    </>
  );
}
