import PersonOffOutlined from '@mui/icons-material/PersonOffOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import { useQueryClient } from '@tanstack/react-query';
import { EmptyState } from '@web/components/empty-state';
import { accountKey } from '@web/features/customer-account/api/account';
import { customerKey, useCustomerSummary } from '@web/features/customers/api/customers';
import { CustomerHeader } from '@web/features/customers/components/customer-header';
import { CustomerTabs } from '@web/features/customers/components/customer-tabs';
import { productCreditKey } from '@web/features/product-credit/api/product-credit';
import { ApiError, errorMessage } from '@web/lib/api-client';
import { useEffect } from 'react';
import { Outlet, Link as RouterLink, useParams } from 'react-router';

/** /customers/{uid}/*: who the customer is, the tabs, then the tab (issue 7). */
export function CustomerLayout() {
  const uid = useParams().id ?? '';
  const summary = useCustomerSummary(uid);
  useRefreshAfterChanges(uid);
  if (summary.isPending) {
    return (
      <Box role="status" aria-label="Loading customer" sx={{ display: 'grid', placeItems: 'center', py: 10 }}>
        <CircularProgress />
      </Box>
    );
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

const sameKey = (a: readonly unknown[], b: readonly unknown[]) => b.every((part, i) => a[i] === part);

/**
 * The header and the dashboard read the account too: when another tab's data about this account
 * is read again after a change (profile, membership, status, product credit), re-read them.
 */
function useRefreshAfterChanges(uid: string) {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      queryClient.getQueryCache().subscribe((event) => {
        if (event.type !== 'updated' || event.action.type !== 'success') return;
        if (event.query.state.dataUpdateCount < 2) return;
        const key = event.query.queryKey;
        if (!sameKey(key, accountKey(uid)) && !sameKey(key, productCreditKey(uid))) return;
        void queryClient.invalidateQueries({ queryKey: [...customerKey(uid), 'summary'] });
        void queryClient.invalidateQueries({ queryKey: [...customerKey(uid), 'dashboard'] });
      }),
    [queryClient, uid],
  );
}
