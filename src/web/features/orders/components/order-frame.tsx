import type { OrderDetail } from '@domain/orders/detail';
import SearchOffOutlined from '@mui/icons-material/SearchOffOutlined';
import Box from '@mui/material/Box';
import Breadcrumbs from '@mui/material/Breadcrumbs';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { CopyableText } from '@web/components/copyable-text';
import { EmptyState } from '@web/components/empty-state';
import { Loading } from '@web/components/loading';
import { SectionTabs } from '@web/components/section-tabs';
import { ApiError, errorMessage } from '@web/lib/api-client';
import type { ReactNode } from 'react';
import { useDeferredValue } from 'react';
import { Link as RouterLink } from 'react-router';
import { useOrder } from '../api/orders';
import { customerLink, ORDER_TABS, orderTabPath } from './paths';

/** The order's number, status and people, above every order screen. */
function OrderHeader({ order }: { order: OrderDetail }) {
  const c = order.customer;
  return (
    <Box component="header" sx={{ mb: 2 }}>
      <Breadcrumbs aria-label="Breadcrumb" sx={{ mb: 0.5, fontSize: 14 }}>
        <Link component={RouterLink} to="/orders" underline="hover" color="inherit">
          Orders
        </Link>
        <Typography sx={{ fontSize: 'inherit', color: 'text.primary' }}>{order.orderLabel}</Typography>
      </Breadcrumbs>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Typography variant="h1">Order {order.orderLabel}</Typography>
        <CopyableText value={order.orderLabel} label="Order number" monospace display="" />
        <Chip
          size="small"
          variant="outlined"
          color={order.cancelled ? 'error' : 'primary'}
          label={order.cancelled ? 'Cancelled' : order.status}
        />
        {order.isFraud && <Chip size="small" color="error" label="Fraud" />}
      </Box>
      <Box
        sx={{ display: 'flex', flexWrap: 'wrap', gap: { xs: 0.5, sm: 2 }, mt: 1, color: 'text.secondary' }}
      >
        <Typography variant="body2" component="span">
          Customer{' '}
          <Link component={RouterLink} to={customerLink(c.uid)}>
            {c.firstName} {c.lastName}
          </Link>
        </Typography>
        <Typography variant="body2" component="span">
          Sponsor{' '}
          {c.sponsor ? (
            <Link component={RouterLink} to={customerLink(c.sponsor.uid)}>
              {c.sponsor.name} · {c.sponsorId}
            </Link>
          ) : (
            <span>{c.sponsorId === 1 ? 'Company · 1' : c.sponsorId}</span>
          )}
        </Typography>
        <Typography variant="body2" component="span">
          Phoenix order{' '}
          {order.phoenixOrderId == null ? (
            'N/A'
          ) : (
            <CopyableText value={String(order.phoenixOrderId)} label="Phoenix order number" monospace />
          )}
        </Typography>
      </Box>
    </Box>
  );
}

/** Info, Process, Refunds, Audit and the portal view of one order, as links (like the customer tabs). */
function OrderTabs({ id }: { id: string }) {
  return (
    <SectionTabs
      label="Order sections"
      tabs={ORDER_TABS.map(([tab, label]) => ({ to: orderTabPath(id, tab), label }))}
    />
  );
}

/** Loads the order once for every order screen: loading, not found, header and tabs, then the screen. */
export function OrderFrame({ id, children }: { id: string; children: (order: OrderDetail) => ReactNode }) {
  const order = useDeferredValue(useOrder(id));
  if (order.isPending) {
    return <Loading label="Loading order" page />;
  }
  if (order.isError) {
    const missing = order.error instanceof ApiError && [400, 404].includes(order.error.status);
    return (
      <EmptyState
        size="full"
        pageTitle
        icon={<SearchOffOutlined />}
        title={missing ? 'Order not found' : 'The order could not be loaded'}
        description={
          missing ? `No order has the id “${id}”.` : errorMessage(order.error, 'Please try again.')
        }
        actions={
          <Button component={RouterLink} to="/orders" variant="contained">
            Search orders
          </Button>
        }
      />
    );
  }
  return (
    <>
      <OrderHeader order={order.data} />
      <OrderTabs id={id} />
      {children(order.data)}
    </>
  );
}
