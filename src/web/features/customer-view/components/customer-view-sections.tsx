import type { CustomerViewOverview } from '@domain/customer-view/contracts';
import { countryName, languageName, userTypeName } from '@domain/reference/lists';
import { formatMoney } from '@domain/reference/money';
import { formatPhone } from '@domain/validation/masks';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { Facts } from '@web/components/facts';
import { SectionCard } from '@web/components/section-card';
import { formatDate } from '@web/lib/format';
import type { ReactNode } from 'react';

// The blocks of the customer view: what the customer sees of their own account, read-only.

const Empty = ({ children }: { children: ReactNode }) => (
  <Typography variant="body2" sx={{ color: 'text.secondary' }}>
    {children}
  </Typography>
);

const listSx = { listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1 } as const;

export function AccountSection({ account }: { account: CustomerViewOverview['account'] }) {
  return (
    <SectionCard title="Account">
      <Facts
        items={[
          ['Name', `${account.firstName} ${account.lastName}`],
          ['Account number', account.phoenixId],
          ['Account type', userTypeName(account.userType) ?? '—'],
          ['Email', account.email ?? '—'],
          ['Phone', account.telephone ? formatPhone(account.telephone) : '—'],
          ['Country', countryName(account.countryId) ?? '—'],
          ['Language', languageName(account.defaultLanguageId) ?? '—'],
          ...membership(account),
          ['Customer since', formatDate(account.enrollmentDateUtc)],
          ['Your consultant', account.consultantName ?? 'The company'],
        ]}
      />
    </SectionCard>
  );
}

/** Membership lines, for accounts that have or had one (spec 1 §4). */
function membership(account: CustomerViewOverview['account']): [string, ReactNode][] {
  if (account.membershipStatus === 'N/A') return [];
  const ends = account.memberExpirationDateUtc;
  return [
    ['Membership', account.membershipStatus],
    ...(ends ? [['Membership ends', formatDate(ends)] as [string, ReactNode]] : []),
  ];
}

export function ProductCreditSection({ credit }: { credit: CustomerViewOverview['productCredit'] }) {
  return (
    <SectionCard title="Product credit">
      {credit.length === 0 ? (
        <Empty>No product credit.</Empty>
      ) : (
        <Box component="ul" sx={listSx}>
          {credit.map((c) => (
            <Box
              component="li"
              key={c.country}
              sx={{ display: 'flex', justifyContent: 'space-between', gap: 2 }}
            >
              <span>
                {c.country === 'us' ? 'United States' : 'Canada'}
                {c.expirationDate && (
                  <Typography
                    component="span"
                    variant="body2"
                    sx={{ color: 'text.secondary', display: 'block' }}
                  >
                    Expires {formatDate(c.expirationDate)}
                  </Typography>
                )}
              </span>
              <Typography component="span" sx={{ fontWeight: 600 }}>
                {formatMoney(c.balanceCents, c.country === 'ca' ? 'CAD' : 'USD')}
              </Typography>
            </Box>
          ))}
        </Box>
      )}
    </SectionCard>
  );
}

export function AddressesSection({ addresses }: { addresses: CustomerViewOverview['addresses'] }) {
  return (
    <SectionCard title="Shipping addresses">
      {addresses.length === 0 ? (
        <Empty>No shipping address on file.</Empty>
      ) : (
        <Box
          component="ul"
          sx={{ ...listSx, gridTemplateColumns: { xs: '1fr', sm: 'repeat(auto-fill, minmax(240px, 1fr))' } }}
        >
          {addresses.map((a) => (
            <Box
              component="li"
              key={a.id}
              sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5 }}
            >
              <Box
                sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, alignItems: 'flex-start' }}
              >
                <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{a.name}</Typography>
                {a.isDefaultShipping && (
                  <Chip size="small" variant="outlined" color="primary" label="Default" />
                )}
              </Box>
              <Box component="address" sx={{ fontStyle: 'normal', fontSize: 14, overflowWrap: 'anywhere' }}>
                {a.companyName && <div>{a.companyName}</div>}
                {a.lines.map((line) => (
                  <div key={line}>{line}</div>
                ))}
                {a.telephone && <div>{formatPhone(a.telephone)}</div>}
              </Box>
            </Box>
          ))}
        </Box>
      )}
    </SectionCard>
  );
}

function Row({ left, right }: { left: ReactNode; right: ReactNode }) {
  return (
    <Box
      component="li"
      sx={{
        display: 'flex',
        justifyContent: 'space-between',
        alignItems: 'center',
        gap: 2,
        py: 1,
        borderTop: 1,
        borderColor: 'divider',
        '&:first-of-type': { borderTop: 0, pt: 0 },
      }}
    >
      <Box sx={{ minWidth: 0 }}>{left}</Box>
      <Box sx={{ textAlign: 'right', flexShrink: 0 }}>{right}</Box>
    </Box>
  );
}

export function OrdersSection({ orders, more }: { orders: CustomerViewOverview['orders']; more: boolean }) {
  return (
    <SectionCard title="Orders">
      {orders.length === 0 ? (
        <Empty>No orders yet.</Empty>
      ) : (
        <>
          <Box component="ul" sx={{ ...listSx, gap: 0 }}>
            {orders.map((o) => (
              <Row
                key={o.orderNumber}
                left={
                  <>
                    <Typography sx={{ fontWeight: 600 }}>Order {o.orderNumber}</Typography>
                    <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                      {formatDate(o.dateCreatedUtc)}
                    </Typography>
                  </>
                }
                right={
                  <>
                    <Typography>{formatMoney(o.grandTotalCents, o.currency)}</Typography>
                    <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                      {o.status}
                    </Typography>
                  </>
                }
              />
            ))}
          </Box>
          {more && (
            <Typography variant="body2" sx={{ color: 'text.secondary', mt: 1.5 }}>
              The {orders.length} most recent orders are shown.
            </Typography>
          )}
        </>
      )}
    </SectionCard>
  );
}

export function CartsSection({ carts }: { carts: CustomerViewOverview['carts'] }) {
  return (
    <SectionCard title="Carts">
      {carts.length === 0 ? (
        <Empty>No open cart.</Empty>
      ) : (
        <Box component="ul" sx={{ ...listSx, gap: 0 }}>
          {carts.map((c) => (
            <Row
              key={c.cartId}
              left={
                <>
                  <Typography sx={{ fontWeight: 600 }}>
                    {c.totalProducts} {c.totalProducts === 1 ? 'item' : 'items'}
                    {c.forPopup ? ' · for a popup' : ''}
                  </Typography>
                  <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                    Saved {formatDate(c.lastSaved)}
                  </Typography>
                </>
              }
              right={<Typography>{formatMoney(c.subtotalCents, c.currency)}</Typography>}
            />
          ))}
        </Box>
      )}
    </SectionCard>
  );
}
