import type { CartSummary } from '@domain/customers/customer';
import { formatMoney } from '@domain/reference/money';
import ShoppingCartOutlined from '@mui/icons-material/ShoppingCartOutlined';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { EmptyState } from '@web/components/empty-state';
import { LoadError, Loading } from '@web/components/loading';
import { formatDateTime } from '@web/lib/format';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { useCustomerCarts } from '../api/customers';
import { customerPath } from './labels';
import { ScrollTable } from './scroll-table';
import { SectionTitle } from './section-title';

export function CartsTable({ uid, carts, label }: { uid: string; carts: CartSummary[]; label: string }) {
  return (
    <ScrollTable label={label}>
      <Table size="small" aria-label={label}>
        <TableHead>
          <TableRow>
            <TableCell>Cart</TableCell>
            <TableCell>Last saved</TableCell>
            <TableCell>Locale</TableCell>
            <TableCell align="right">Items</TableCell>
            <TableCell align="right">Subtotal</TableCell>
            <TableCell>State</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {carts.map((c) => (
            <TableRow key={c.cartId} hover>
              <TableCell>
                <Link
                  component={RouterLink}
                  to={customerPath(uid, `carts/${c.cartId}`)}
                  sx={{ fontFamily: 'ui-monospace, monospace', fontSize: 13 }}
                >
                  {c.cartId.slice(0, 10)}…
                </Link>
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(c.lastSaved)}</TableCell>
              <TableCell>{c.activeLocale}</TableCell>
              <TableCell align="right">{c.totalProducts}</TableCell>
              <TableCell align="right">{formatMoney(c.subtotalCents, c.currency)}</TableCell>
              <TableCell>
                {c.canceled ? (
                  <Chip size="small" variant="outlined" label="Canceled" />
                ) : c.socialId ? (
                  <Chip size="small" variant="outlined" color="info" label={`Popup ${c.socialId}`} />
                ) : (
                  <Chip size="small" variant="outlined" color="success" label="Open" />
                )}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </ScrollTable>
  );
}

/** Carts tab: the customer's carts and the client carts they built; each opens the admin cart view. */
export function CustomerCarts({ uid, actions }: { uid: string; actions?: ReactNode }) {
  const carts = useCustomerCarts(uid);
  return (
    <>
      <SectionTitle actions={actions}>Carts</SectionTitle>
      {carts.isPending ? (
        <Loading label="Loading carts" />
      ) : carts.isError ? (
        <LoadError error={carts.error} />
      ) : carts.data.data.length === 0 ? (
        <EmptyState
          icon={<ShoppingCartOutlined />}
          title="No saved carts"
          description="This customer has no cart on file."
        />
      ) : (
        <Paper variant="outlined">
          <CartsTable uid={uid} carts={carts.data.data} label="Carts" />
        </Paper>
      )}
    </>
  );
}
