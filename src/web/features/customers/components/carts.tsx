import type { CartSummary } from '@domain/customers/customer';
import { formatMoney } from '@domain/reference/money';
import ShoppingCartOutlined from '@mui/icons-material/ShoppingCartOutlined';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import { DataTable, type DataTableColumn, type ListStates } from '@web/components/data-table';
import { EmptyState } from '@web/components/empty-state';
import { formatDateTime } from '@web/lib/format';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { useCustomerCarts } from '../api/customers';
import { customerPath } from './labels';
import { SectionTitle } from './section-title';

function CartState({ c }: { c: CartSummary }) {
  if (c.canceled) return <Chip size="small" variant="outlined" label="Canceled" />;
  if (c.socialId) return <Chip size="small" variant="outlined" color="info" label={`Popup ${c.socialId}`} />;
  return <Chip size="small" variant="outlined" color="success" label="Open" />;
}

const columns = (uid: string): DataTableColumn<CartSummary>[] => [
  {
    key: 'cart',
    header: 'Cart',
    cell: (c) => (
      <Link
        component={RouterLink}
        to={customerPath(uid, `carts/${c.cartId}`)}
        sx={{ fontFamily: 'ui-monospace, monospace', fontSize: 13 }}
      >
        {c.cartId.slice(0, 10)}…
      </Link>
    ),
  },
  {
    key: 'saved',
    header: 'Last saved',
    cellSx: { whiteSpace: 'nowrap' },
    cell: (c) => formatDateTime(c.lastSaved),
  },
  { key: 'locale', header: 'Locale', cell: (c) => c.activeLocale },
  { key: 'items', header: 'Items', align: 'right', cell: (c) => c.totalProducts },
  {
    key: 'subtotal',
    header: 'Subtotal',
    align: 'right',
    cell: (c) => formatMoney(c.subtotalCents, c.currency),
  },
  { key: 'state', header: 'State', cell: (c) => <CartState c={c} /> },
];

export function CartsTable({
  uid,
  carts,
  label,
  paper = false,
  ...states
}: ListStates & { uid: string; carts: CartSummary[]; label: string; paper?: boolean }) {
  return (
    <DataTable
      label={label}
      region
      paper={paper}
      columns={columns(uid)}
      rows={carts}
      rowKey={(c) => c.cartId}
      {...states}
    />
  );
}

/** Carts tab: the customer's carts and the client carts they built; each opens the admin cart view. */
export function CustomerCarts({ uid, actions }: { uid: string; actions?: ReactNode }) {
  const carts = useCustomerCarts(uid);
  return (
    <>
      <SectionTitle actions={actions}>Carts</SectionTitle>
      <CartsTable
        uid={uid}
        label="Carts"
        paper
        carts={carts.data?.data ?? []}
        loading={carts.isPending}
        loadingLabel="Loading carts"
        error={carts.error}
        empty={
          <EmptyState
            icon={<ShoppingCartOutlined />}
            title="No saved carts"
            description="This customer has no cart on file."
          />
        }
      />
    </>
  );
}
