import { can, type Principal } from '@domain/auth/permissions';
import type { OrderDetail } from '@domain/orders/detail';
import {
  orderChannelName,
  orderShippingMethodName,
  orderTypeName,
  userTypeName,
} from '@domain/reference/lists';
import { formatMoney } from '@domain/reference/money';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { CopyableText } from '@web/components/copyable-text';
import { Fact, SectionCard } from '@web/components/section-card';
import { formatDateTime } from '@web/lib/format';
import { Link as RouterLink } from 'react-router';
import { OrderActions } from './order-actions';
import { OrderComments } from './order-comments';
import { LinesTable, PaymentsTable } from './order-tables';
import { PaidWith, TotalsList } from './order-totals';
import { customerLink, orderTabPath } from './paths';
import { ShipmentsList } from './shipments-list';

const facts = {
  display: 'grid',
  gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(3, 1fr)' },
  gap: 2,
} as const;

function ReadOnlyBanner({ order }: { order: OrderDetail }) {
  if (!order.readOnly) return null;
  const c = order.cancellation;
  return (
    <Alert severity={order.cancelled ? 'error' : 'info'} sx={{ mb: 2 }} role="status">
      <strong>Read-only.</strong> {order.readOnlyReason}
      {c && (
        <Box component="span" sx={{ display: 'block', mt: 0.5 }}>
          Cancelled {formatDateTime(c.date)} by {c.adminName ?? c.adminUid}
          {c.ticket ? ` · ticket ${c.ticket}` : ''} · {c.reason}
        </Box>
      )}
    </Alert>
  );
}

function CustomerSection({ order }: { order: OrderDetail }) {
  const c = order.customer;
  return (
    <SectionCard title="Customer">
      <Box sx={facts}>
        <Fact label="Name">
          <Link component={RouterLink} to={customerLink(c.uid)}>
            {c.firstName} {c.lastName}
          </Link>
        </Fact>
        <Fact label="User type">{userTypeName(c.userType) ?? c.userType}</Fact>
        <Fact label="Phoenix ID">{c.phoenixId ?? 'N/A'}</Fact>
        <Fact label="Email">{c.email ? <CopyableText value={c.email} label="Email" /> : '—'}</Fact>
        <Fact label="UID">
          <CopyableText value={c.uid} label="UID" monospace />
        </Fact>
        <Fact label="Sponsor">
          {c.sponsor ? (
            <Link component={RouterLink} to={customerLink(c.sponsor.uid)}>
              {c.sponsor.name} · {c.sponsorId}
            </Link>
          ) : c.sponsorId === 1 ? (
            'Company · 1'
          ) : (
            c.sponsorId
          )}
        </Fact>
      </Box>
    </SectionCard>
  );
}

function OrderFacts({ order }: { order: OrderDetail }) {
  return (
    <SectionCard title="Order">
      <Box sx={facts}>
        <Fact label="Order type">{orderTypeName(order.orderType) ?? order.orderType}</Fact>
        <Fact label="Channel">{orderChannelName(order.channel) ?? order.channel}</Fact>
        <Fact label="Loaded from">{order.loadedFrom}</Fact>
        <Fact label="Created">{formatDateTime(order.dateCreatedUtc)}</Fact>
        <Fact label="Captured">{formatDateTime(order.dateCapturedUtc)}</Fact>
        <Fact label="State">{order.stateName ?? order.state}</Fact>
        <Fact label="Phoenix order">{order.phoenixOrderId ?? 'N/A'}</Fact>
        <Fact label="DHL hold">{order.dhlHoldStatus ?? '—'}</Fact>
        <Fact label="Fraud">{order.isFraud ? 'Flagged as fraud' : 'No'}</Fact>
        <Fact label="Kind">
          {[order.isMembership && 'Membership', order.isRenewal && 'Renewal', order.hostOrder && 'Host order']
            .filter(Boolean)
            .join(', ') || '—'}
        </Fact>
        <Fact label="Popup">
          {order.popup ? (
            <Link
              component={RouterLink}
              to={`/customers/${encodeURIComponent(order.popup.hostUid)}/popups/${order.popup.id}`}
            >
              {order.popup.name} · {order.popup.hostName}
            </Link>
          ) : (
            'None'
          )}
        </Fact>
        <Fact label="Consultant">{order.consultantName ?? '—'}</Fact>
      </Box>
    </SectionCard>
  );
}

function ShippingSection({ order }: { order: OrderDetail }) {
  const a = order.shippingAddress;
  return (
    <SectionCard title="Shipping">
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <Fact label="Ship to">
          {a ? (
            <>
              {a.firstName} {a.lastName}
              <br />
              {a.address}
              {a.address2 ? `, ${a.address2}` : ''}
              <br />
              {a.city}, {a.region} {a.postalCode} · {a.country}
            </>
          ) : (
            'Ships to the popup'
          )}
        </Fact>
        <Fact label="Method">{orderShippingMethodName(order.shippingMethodId, order.socialId) ?? '—'}</Fact>
      </Box>
      <Typography variant="subtitle2" component="h3" sx={{ mt: 2, mb: 1 }}>
        Shipments
      </Typography>
      <ShipmentsList order={order} />
    </SectionCard>
  );
}

function RefundsSection({ order }: { order: OrderDetail }) {
  const r = order.refunds;
  const money = (c: number) => formatMoney(c, order.currency, order.localeCode);
  return (
    <SectionCard title="Refunds">
      <Box sx={facts}>
        <Fact label="Refunds">{r.count}</Fact>
        <Fact label="Refunded to cards">{money(r.refundedCents)}</Fact>
        <Fact label="Credit given back">{money(r.pcRefundedCents)}</Fact>
        <Fact label="Fully refunded">{r.fullyRefunded ? 'Yes' : 'No'}</Fact>
        <Fact label="Pending / failed">
          {r.pendingCount} / {r.failedCount}
        </Fact>
        <Fact label="Last refund">{formatDateTime(r.lastRefundAt)}</Fact>
      </Box>
      <Link
        component={RouterLink}
        to={orderTabPath(order.id, 'refunds')}
        sx={{ display: 'inline-block', mt: 2 }}
      >
        Open the order's refunds
      </Link>
    </SectionCard>
  );
}

/** /orders/{id}/info (spec 2 §2 Order detail). */
export function OrderInfo({ order, principal }: { order: OrderDetail; principal: Principal | null }) {
  return (
    <>
      <ReadOnlyBanner order={order} />
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'repeat(2, minmax(0, 1fr))' },
        }}
      >
        <CustomerSection order={order} />
        <OrderFacts order={order} />
        <Box sx={{ gridColumn: '1 / -1', minWidth: 0 }}>
          <OrderActions order={order} principal={principal} />
        </Box>
        <Box sx={{ gridColumn: '1 / -1', minWidth: 0 }}>
          <SectionCard title="Items">
            <LinesTable order={order} />
          </SectionCard>
        </Box>
        <SectionCard title="Totals">
          <TotalsList order={order} />
        </SectionCard>
        <SectionCard title="Payments">
          <PaidWith order={order} />
          <PaymentsTable order={order} />
        </SectionCard>
        <ShippingSection order={order} />
        <RefundsSection order={order} />
        <Box sx={{ gridColumn: '1 / -1', minWidth: 0 }}>
          <OrderComments order={order} canEdit={can(principal, 'records.edit')} />
        </Box>
      </Box>
    </>
  );
}
