import { CUSTOMER_VIEW_MESSAGES, type CustomerViewSession } from '@domain/customer-view/contracts';
import { countryName, userTypeName } from '@domain/reference/lists';
import LinkOffOutlinedIcon from '@mui/icons-material/LinkOffOutlined';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { BrandLogo } from '@web/components/brand-logo';
import { LoadingBar } from '@web/components/loading-bar';
import { ApiError } from '@web/lib/api-client';
import { useEffect, useRef, useState } from 'react';
import {
  useCloseCustomerView,
  useCustomerViewOverview,
  useCustomerViewSession,
  useOpenCustomerView,
} from '../api/customer-view';
import { CustomerViewBanner } from './customer-view-banner';
import {
  AccountSection,
  AddressesSection,
  CartsSection,
  OrdersSection,
  ProductCreditSection,
} from './customer-view-sections';

/**
 * The landing page of "Sign in as customer" (`/login/token?token=…`; spec 1 §4, ADR 022). With a
 * token it follows the link once and opens the customer view; without one (a reload) it shows the
 * view this browser already has open, if any. `forgetToken` takes the token out of the address bar.
 */
export function CustomerViewScreen({ token, forgetToken }: { token: string; forgetToken: () => void }) {
  const open = useOpenCustomerView();
  const started = useRef(false);
  const [closed, setClosed] = useState(false);
  useEffect(() => {
    if (!token || started.current) return;
    started.current = true;
    forgetToken();
    open.mutate(token);
  }, [token, forgetToken, open]);

  const session = useCustomerViewSession(!token && !closed);
  const current = open.data?.data ?? session.data?.data;
  const overview = useCustomerViewOverview(Boolean(current) && !closed);
  const close = useCloseCustomerView();

  if (closed) return <Notice title="Customer view closed" detail="You can close this window." />;
  if (open.isError)
    return (
      <LinkProblem
        error={open.error}
        invalid={CUSTOMER_VIEW_MESSAGES.linkInvalid}
        help={CUSTOMER_VIEW_MESSAGES.linkInvalidHelp}
      />
    );
  if (session.isError || overview.isError)
    return (
      <LinkProblem
        error={session.error ?? overview.error}
        invalid={CUSTOMER_VIEW_MESSAGES.ended}
        help={CUSTOMER_VIEW_MESSAGES.endedHelp}
      />
    );
  if (!current || !overview.data) return <LoadingBar label="Opening the customer view" />;

  const data = overview.data.data;
  return (
    <Box sx={{ minHeight: '100vh', bgcolor: 'background.default' }}>
      <CustomerViewBanner
        session={current}
        closing={close.isPending}
        onClose={() => close.mutate(undefined, { onSettled: () => setClosed(true) })}
      />
      <Box component="main" sx={{ maxWidth: 1200, mx: 'auto', px: { xs: 2, sm: 3 }, py: { xs: 2, sm: 3 } }}>
        <Heading session={current} userType={data.account.userType} countryId={data.account.countryId} />
        <Box
          sx={{
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 3fr) minmax(0, 2fr)' },
            alignItems: 'start',
          }}
        >
          <Box sx={{ display: 'grid', gap: 2, minWidth: 0 }}>
            <OrdersSection orders={data.orders} more={data.moreOrders} />
            <CartsSection carts={data.carts} />
          </Box>
          <Box sx={{ display: 'grid', gap: 2, minWidth: 0 }}>
            <AccountSection account={data.account} />
            <ProductCreditSection credit={data.productCredit} />
          </Box>
          <Box sx={{ gridColumn: { md: '1 / -1' }, minWidth: 0 }}>
            <AddressesSection addresses={data.addresses} />
          </Box>
        </Box>
      </Box>
    </Box>
  );
}

function Heading({
  session,
  userType,
  countryId,
}: {
  session: CustomerViewSession;
  userType: number;
  countryId: number;
}) {
  return (
    <Box sx={{ mb: { xs: 2, sm: 3 } }}>
      <Typography variant="h1" sx={{ fontSize: { xs: 26, sm: 32 }, overflowWrap: 'anywhere' }}>
        {session.customer.fullName}
      </Typography>
      <Typography sx={{ color: 'text.secondary' }}>
        Account {session.customer.phoenixId} · {userTypeName(userType) ?? 'Customer'} ·{' '}
        {countryName(countryId) ?? ''}
      </Typography>
    </Box>
  );
}

/** A link spent, expired or a view ended: said plainly, with what to do next. */
function LinkProblem({ error, invalid, help }: { error: unknown; invalid: string; help: string }) {
  const known = error instanceof ApiError && (error.status === 401 || error.status === 400);
  return (
    <Notice
      title={known ? invalid : error instanceof Error ? error.message : invalid}
      detail={known ? help : 'Try the link again, or ask for a new one from the customer’s account.'}
      alert
    />
  );
}

function Notice({ title, detail, alert = false }: { title: string; detail: string; alert?: boolean }) {
  return (
    <Box
      component="main"
      sx={{
        minHeight: '100vh',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        textAlign: 'center',
        gap: 2,
        px: 3,
        bgcolor: 'background.default',
      }}
    >
      <Box sx={{ color: 'primary.dark', mb: 1 }}>
        <BrandLogo />
      </Box>
      {alert && <LinkOffOutlinedIcon aria-hidden sx={{ fontSize: 48, color: 'secondary.main' }} />}
      <Box role={alert ? 'alert' : 'status'} sx={{ display: 'contents' }}>
        <Typography variant="h2" component="h1" sx={{ maxWidth: 560 }}>
          {title}
        </Typography>
        <Typography sx={{ color: 'text.secondary', maxWidth: 520 }}>{detail}</Typography>
      </Box>
    </Box>
  );
}
