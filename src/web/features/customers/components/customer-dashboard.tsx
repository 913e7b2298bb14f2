import type { CustomerDashboard as Dashboard } from '@domain/customers/customer';
import { countryCode } from '@domain/reference/lists';
import { formatMoney } from '@domain/reference/money';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { Facts } from '@web/components/facts';
import { LoadError, Loading } from '@web/components/loading';
import { formatCount, formatDate, formatDateTime } from '@web/lib/format';
import { useDeferredValue } from 'react';
import { useCustomerDashboard } from '../api/customers';
import { CartsTable } from './carts';
import { DashboardCard, None } from './dashboard-card';
import { DownlineTree } from './downline-tree';
import {
  AccountRefLink,
  AccountStatusChip,
  countryLabel,
  customerPath,
  MembershipChip,
  typeLabel,
} from './labels';
import { OrdersTable } from './orders-table';
import { PopupsTable } from './popups';

const downlineText = (c: Dashboard['downline']['sponsor']) =>
  `${formatCount(c.direct)} direct · ${formatCount(c.total)}${c.capped ? '+' : ''} in all`;

const CREDIT_CURRENCY = { us: 'USD', ca: 'CAD' } as const;
const CREDIT_COUNTRY = { us: 'United States', ca: 'Canada' } as const;

function AccountFacts({ d }: { d: Dashboard }) {
  const c = d.customer;
  const title = (t: Dashboard['paidAsTitle']) => (t ? `${t.name} (${t.id})` : '—');
  return (
    <Facts
      items={[
        ['Type', typeLabel(c.userType)],
        ['Status', <AccountStatusChip key="s" status={c.accountStatus} />],
        [
          'Membership',
          <Box key="m" sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
            <MembershipChip status={c.membershipStatus} />
            {c.activeMember && <Typography variant="body2">Active member</Typography>}
          </Box>,
        ],
        ['Member expiry', formatDate(c.memberExpirationDateUtc)],
        ['Country', countryLabel(c.countryId)],
        ['Enrolled', formatDate(d.enrollmentDateUtc)],
        ['Next renewal', formatDate(d.nextRenewalDateUtc)],
        ['Sponsor', <AccountRefLink key="sp" person={d.sponsor} />],
        ['Enroller', <AccountRefLink key="en" person={d.enroller} />],
        ['Paid-as title', title(d.paidAsTitle)],
        ['Recognition title', title(d.recognitionTitle)],
      ]}
    />
  );
}

function Credit({ d }: { d: Dashboard }) {
  if (d.productCredit.length === 0) return <None>No product credit.</None>;
  return (
    <Facts
      items={d.productCredit.map((p) => [
        CREDIT_COUNTRY[p.country],
        `${formatMoney(p.balanceCents, CREDIT_CURRENCY[p.country])}${p.expirationDate ? ` · expires ${formatDate(p.expirationDate)}` : ''}`,
      ])}
    />
  );
}

/** Dashboard tab (spec 1 §2 Customer screens): the account at a glance, from one request. */
export function CustomerDashboard({ uid }: { uid: string }) {
  const dashboard = useDeferredValue(useCustomerDashboard(uid));
  if (dashboard.isPending) return <Loading label="Loading dashboard" />;
  if (dashboard.isError) return <LoadError error={dashboard.error} />;
  const d = dashboard.data.data;
  const home = countryCode(d.customer.countryId);
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
      <DashboardCard title="Account">
        <AccountFacts d={d} />
      </DashboardCard>
      <Box sx={{ display: 'grid', gap: 2, alignContent: 'start', minWidth: 0 }}>
        <DashboardCard title="Product credit" more={{ to: customerPath(uid, 'credit'), label: 'Credit' }}>
          <Credit
            d={{
              ...d,
              productCredit: [...d.productCredit].sort(
                (a, b) => Number(b.country === home) - Number(a.country === home),
              ),
            }}
          />
        </DashboardCard>
        <DashboardCard title="Downline">
          <Facts
            items={[
              ['Sponsor tree', downlineText(d.downline.sponsor)],
              ['Enroller tree', downlineText(d.downline.enroller)],
            ]}
          />
          <Box sx={{ mt: 1.5 }}>
            <DownlineTree uid={uid} />
          </Box>
        </DashboardCard>
      </Box>
      <DashboardCard
        title="Last orders"
        span={2}
        more={{ to: customerPath(uid, 'orders'), label: 'All orders' }}
      >
        {d.lastOrders.length === 0 ? (
          <None>No orders yet.</None>
        ) : (
          <OrdersTable orders={d.lastOrders} label="Last orders" />
        )}
      </DashboardCard>
      <DashboardCard
        title="Open carts"
        span={2}
        more={{ to: customerPath(uid, 'carts'), label: 'All carts' }}
      >
        {d.openCarts.length === 0 ? (
          <None>No open cart.</None>
        ) : (
          <CartsTable uid={uid} carts={d.openCarts} label="Open carts" />
        )}
      </DashboardCard>
      <DashboardCard title="Popups" span={2} more={{ to: customerPath(uid, 'popups'), label: 'All popups' }}>
        {d.popups.length === 0 ? (
          <None>No popups.</None>
        ) : (
          <PopupsTable uid={uid} popups={d.popups} label="Popups" />
        )}
      </DashboardCard>
      <DashboardCard
        title="Recent changes"
        span={2}
        more={{ to: customerPath(uid, 'audit'), label: 'Audit' }}
      >
        {d.recentChanges.length === 0 ? (
          <None>No changes recorded.</None>
        ) : (
          <Box component="ul" sx={{ m: 0, pl: 2.5, display: 'grid', gap: 0.5 }}>
            {d.recentChanges.map((c) => (
              <Typography component="li" variant="body2" key={c.id}>
                {formatDateTime(c.dateChangedUtc)} · {c.changedByName ?? c.changedBy} · {c.action}
                {c.paths.length > 0
                  ? `: ${c.paths.slice(0, 4).join(', ')}${c.paths.length > 4 ? '…' : ''}`
                  : ''}
              </Typography>
            ))}
          </Box>
        )}
      </DashboardCard>
    </Box>
  );
}
