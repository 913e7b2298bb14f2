import { CUSTOMER_VIEW_PAGE } from '@domain/customer-view/contracts';
import { CustomerViewScreen } from '@web/features/customer-view/components/customer-view-screen';
import { useCallback, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';

/**
 * /login/token?token=…: where "Sign in as customer" lands (spec 1 §4). The token is read once and
 * taken out of the address bar at once, so it stays in neither the history nor a bookmark.
 */
export function CustomerViewPage() {
  const [search] = useSearchParams();
  const [token] = useState(() => search.get('token') ?? '');
  const navigate = useNavigate();
  const forgetToken = useCallback(() => navigate(CUSTOMER_VIEW_PAGE, { replace: true }), [navigate]);
  return <CustomerViewScreen token={token} forgetToken={forgetToken} />;
}
