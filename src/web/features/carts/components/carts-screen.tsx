import { LOCALE_CODES } from '@domain/carts/cart-constants';
import { formatMoney } from '@domain/reference/money';
import ShoppingCartOutlined from '@mui/icons-material/ShoppingCartOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { useAlert } from '@web/components/alert/alert-context';
import { CardFields, CardTitle } from '@web/components/card-list';
import { DataTable, type DataTableColumn } from '@web/components/data-table';
import { EmptyState } from '@web/components/empty-state';
import { SearchField } from '@web/components/search-field';
import { errorMessage } from '@web/lib/api-client';
import { formatDateTime } from '@web/lib/format';
import { useDeferredValue, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { useCartList, useCreateCart } from '../api/carts';

type Kind = 'all' | 'personal' | 'client' | 'popup';
const cartPath = (uid: string | null, cartId: string) =>
  `/customers/${encodeURIComponent(uid ?? '')}/carts/${cartId}`;

type CartRow = NonNullable<ReturnType<typeof useCartList>['data']>[number];

function CartLink({ c }: { c: CartRow }) {
  return (
    <Link
      component={RouterLink}
      to={cartPath(c.uid, c.cartId)}
      sx={{ fontFamily: 'ui-monospace, monospace', fontSize: 13 }}
    >
      {c.cartId.slice(0, 10)}…
    </Link>
  );
}

function Owner({ c }: { c: CartRow }) {
  return (
    <>
      {c.uid ? (
        <Link component={RouterLink} to={`/customers/${encodeURIComponent(c.uid)}/carts`}>
          {c.ownerName ?? c.uid}
        </Link>
      ) : (
        '—'
      )}
      {c.ownerPhoenixId ? ` #${c.ownerPhoenixId}` : ''}
    </>
  );
}

function KindChips({ c }: { c: CartRow }) {
  return (
    <>
      <Chip
        size="small"
        variant="outlined"
        label={c.kind === 'popup' ? `Popup ${c.socialId}` : c.kind === 'client' ? 'Client' : 'Personal'}
      />
      {c.canceled && <Chip size="small" label="Canceled" sx={{ ml: 0.5 }} />}
    </>
  );
}

const COLUMNS: DataTableColumn<CartRow>[] = [
  { key: 'cart', header: 'Cart', cell: (c) => <CartLink c={c} /> },
  { key: 'owner', header: 'Owner', cellSx: { minWidth: 160 }, cell: (c) => <Owner c={c} /> },
  { key: 'kind', header: 'Kind', cell: (c) => <KindChips c={c} /> },
  { key: 'locale', header: 'Locale', cell: (c) => c.localeCode },
  { key: 'items', header: 'Items', align: 'right', cell: (c) => c.totalProducts },
  {
    key: 'subtotal',
    header: 'Subtotal',
    align: 'right',
    cell: (c) => formatMoney(c.subtotalInCents, c.currency),
  },
  {
    key: 'saved',
    header: 'Last saved',
    cellSx: { whiteSpace: 'nowrap' },
    cell: (c) => formatDateTime(c.lastSaved),
  },
];

const card = (c: CartRow) => (
  <>
    <CardTitle aside={formatMoney(c.subtotalInCents, c.currency)}>
      <CartLink c={c} />
    </CardTitle>
    <CardFields
      fields={[
        ['Owner', <Owner key="owner" c={c} />],
        ['Kind', <KindChips key="kind" c={c} />],
        ['Locale', c.localeCode],
        ['Items', c.totalProducts],
        ['Last saved', formatDateTime(c.lastSaved)],
      ]}
    />
  </>
);

/** Carts screen (spec 2 §2): find a cart by id, customer name or account number, or popup. */
export function CartsScreen() {
  const [q, setQ] = useState('');
  const [kind, setKind] = useState<Kind>('all');
  const list = useCartList(useDeferredValue(q.trim()), kind);
  return (
    <>
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'center', mb: 2 }}>
        {/* Wide enough for the whole label (the box grows to the line; it is at least 360 px). */}
        <Box sx={{ flex: '1 1 360px', '& .MuiTextField-root': { width: '100%' } }}>
          <SearchField
            label="Cart id, customer name, account number or popup"
            value={q}
            onChange={setQ}
            autoFocus
          />
        </Box>
        <ToggleButtonGroup
          size="small"
          exclusive
          value={kind}
          onChange={(_e, v: Kind | null) => v && setKind(v)}
          aria-label="Cart kind"
          sx={{ '& .MuiToggleButton-root': { color: 'text.primary' } }}
        >
          <ToggleButton value="all">All</ToggleButton>
          <ToggleButton value="personal">Personal</ToggleButton>
          <ToggleButton value="client">Client</ToggleButton>
          <ToggleButton value="popup">Popup</ToggleButton>
        </ToggleButtonGroup>
      </Box>
      {list.isFetching && <LinearProgress aria-label="Searching carts" sx={{ mb: 1 }} />}
      <DataTable
        label="Carts"
        region
        paper
        columns={COLUMNS}
        rows={list.data ?? []}
        rowKey={(c) => c.cartId}
        error={list.error}
        errorText="The carts could not be loaded."
        // Only once an answer came: while the first one loads, the table waits empty under the bar.
        empty={
          list.data && (
            <EmptyState
              icon={<ShoppingCartOutlined />}
              title="No carts found"
              description="Try a cart id, a customer's name or account number, or a popup id."
            />
          )
        }
        // On a phone each cart is a card: its id and subtotal, then owner, kind, locale, items, saved.
        card={card}
        cardProps={{ itemLabel: (c) => `Cart ${c.cartId}` }}
      />
    </>
  );
}

/** Opens a new cart for a customer (spec 2 §4: a new cart gets a fresh id) and goes to it. */
export function NewCartButton({ uid }: { uid: string }) {
  const [locale, setLocale] = useState<string>('en-US');
  const create = useCreateCart();
  const navigate = useNavigate();
  const alert = useAlert();
  return (
    <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
      <TextField
        select
        size="small"
        label="Locale"
        value={locale}
        onChange={(e) => setLocale(e.target.value)}
        sx={{ minWidth: 110 }}
      >
        {LOCALE_CODES.map((l) => (
          <MenuItem key={l} value={l}>
            {l}
          </MenuItem>
        ))}
      </TextField>
      <Button
        variant="contained"
        loading={create.isPending}
        onClick={() =>
          create.mutate(
            { uid, localeCode: locale },
            {
              onSuccess: (cart) => navigate(cartPath(uid, cart.cartId)),
              onError: (err) => alert.error(errorMessage(err)),
            },
          )
        }
      >
        New cart
      </Button>
    </Box>
  );
}
