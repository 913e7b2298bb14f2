import PersonOffOutlined from '@mui/icons-material/PersonOffOutlined';
import Button from '@mui/material/Button';
import { EmptyState } from '@web/components/empty-state';
import { Loading } from '@web/components/loading';
import { useCustomerSummary } from '@web/features/customers/api/customers';
import { CustomerHeader } from '@web/features/customers/components/customer-header';
import { CustomerTabs } from '@web/features/customers/components/customer-tabs';
import { ApiError, errorMessage } from '@web/lib/api-client';
import { useDeferredValue } from 'react';
import { Outlet, Link as RouterLink, useParams } from 'react-router';

/** /customers/{uid}/*: who the customer is, the tabs, then the tab (spec 1 §2 Customer screens). */
export function CustomerLayout() {
  const uid = useParams().id ?? '';
  // The summary's answer renders the header, the tabs and the tab's first frame: React renders them
  // in the background, where it can slice the work, rather than at once (ADR 039). Going to another
  // customer is a navigation, a transition, in which the deferred value is the new one at once: the
  // next customer's screen opens on its loading state, as it did before.
  const summary = useDeferredValue(useCustomerSummary(uid));
  if (summary.isPending) {
    return <Loading label="Loading customer" page />;
  }
  if (summary.isError) {
    const missing = summary.error instanceof ApiError && [400, 404].includes(summary.error.status);
    return (
      <EmptyState
        size="full"
        pageTitle
        icon={<PersonOffOutlined />}
        title={missing ? 'Customer not found' : 'The customer could not be loaded'}
        description={
          missing
            ? `No customer has the id “${uid}”. It may have been typed or pasted incompletely.`
            : errorMessage(summary.error, 'Please try again.')
        }
        actions={
          <Button component={RouterLink} to="/customers" variant="contained">
            Search customers
          </Button>
        }
      />
    );
  }
  return (
    <>
      <CustomerHeader customer={summary.data.data} />
      <CustomerTabs uid={uid} />
      <Outlet />
    </>
  );
}
