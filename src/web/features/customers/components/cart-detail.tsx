import type { CartDetail } from '@domain/customers/customer';
import ArrowBack from '@mui/icons-material/ArrowBack';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { CopyableText } from '@web/components/copyable-text';
import { formatDateTime, formatMoney } from '@web/lib/format';
import { Link as RouterLink } from 'react-router';
import { useCustomerCart } from '../api/customers';
import { Facts } from './facts';
import { customerPath } from './labels';
import { LoadError, Loading } from './loading';
import { ScrollTable } from './scroll-table';
import { SectionTitle } from './section-title';

type Instance = CartDetail['instances'][number];

function InstanceView({ instance, active }: { instance: Instance; active: boolean }) {
  const money = (cents: number) => formatMoney(cents, instance.currency);
  return (
    <Paper
      variant="outlined"
      sx={{ mb: 2 }}
      component="section"
      aria-label={`Cart for ${instance.localeCode}`}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, p: 1.5, flexWrap: 'wrap' }}>
        <Typography variant="h3" sx={{ fontSize: '1rem' }}>
          {instance.localeCode}
        </Typography>
        {active && <Chip size="small" color="primary" variant="outlined" label="Active locale" />}
        {instance.promoCodes.map((p) => (
          <Chip
            key={p.code}
            size="small"
            variant="outlined"
            color={p.success ? 'success' : 'default'}
            label={`Promo ${p.code}${p.success ? '' : ' (not applied)'}`}
          />
        ))}
      </Box>
      <ScrollTable label={`Lines (${instance.localeCode})`}>
        <Table size="small" aria-label={`Lines (${instance.localeCode})`}>
          <TableHead>
            <TableRow>
              <TableCell>Product</TableCell>
              <TableCell>SKU</TableCell>
              <TableCell align="right">Quantity</TableCell>
              <TableCell align="right">Price</TableCell>
              <TableCell align="right">Total</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {instance.lines.map((l) => (
              <TableRow key={l.id}>
                <TableCell>
                  {l.title}
                  {l.variant && (
                    <Typography variant="caption" component="span" sx={{ color: 'text.secondary' }}>
                      {' '}
                      · {l.variant}
                    </Typography>
                  )}
                  {l.isPromo && <Chip size="small" label="Promo" sx={{ ml: 1 }} />}
                  {l.isHostReward && <Chip size="small" label="Host reward" sx={{ ml: 1 }} />}
                </TableCell>
                <TableCell sx={{ fontFamily: 'ui-monospace, monospace' }}>{l.sku}</TableCell>
                <TableCell align="right">{l.quantity}</TableCell>
                <TableCell align="right">{money(l.priceCents)}</TableCell>
                <TableCell align="right">{money(l.totalCents)}</TableCell>
              </TableRow>
            ))}
            <TableRow>
              <TableCell colSpan={4} align="right" sx={{ fontWeight: 600 }}>
                Subtotal
              </TableCell>
              <TableCell align="right" sx={{ fontWeight: 600 }}>
                {money(instance.subtotalCents)}
              </TableCell>
            </TableRow>
          </TableBody>
        </Table>
      </ScrollTable>
      {instance.hostRewards.length > 0 && (
        <Typography variant="body2" sx={{ p: 1.5 }}>
          Host rewards:{' '}
          {instance.hostRewards
            .map((h) => `${h.sku} × ${h.quantity}${h.isFree ? ' (free)' : ' (half off)'}`)
            .join(', ')}
        </Typography>
      )}
    </Paper>
  );
}

export function CartDetailView({ uid, cartId }: { uid: string; cartId: string }) {
  const cart = useCustomerCart(uid, cartId);
  const back = (
    <Button component={RouterLink} to={customerPath(uid, 'carts')} startIcon={<ArrowBack />} size="small">
      All carts
    </Button>
  );
  if (cart.isPending) return <Loading label="Loading cart" />;
  if (cart.isError)
    return (
      <>
        <LoadError error={cart.error} />
        <Box sx={{ mt: 2 }}>{back}</Box>
      </>
    );
  const c = cart.data.data;
  return (
    <>
      <SectionTitle actions={back}>Cart</SectionTitle>
      <Paper variant="outlined" sx={{ p: 2, mb: 3 }}>
        <Facts
          items={[
            ['Cart id', <CopyableText key="id" value={c.cartId} label="Cart id" monospace />],
            ['State', c.canceled ? 'Canceled' : 'Open'],
            ['Active locale', c.activeLocale],
            ['Popup', c.socialId ? String(c.socialId) : '—'],
            ['Email', c.userEmail ?? '—'],
            ['Created', formatDateTime(c.createdAt)],
            ['Last saved', formatDateTime(c.lastSaved)],
          ]}
        />
      </Paper>
      {c.instances.length === 0 ? (
        <Typography sx={{ color: 'text.secondary' }}>This cart is empty.</Typography>
      ) : (
        c.instances.map((i) => (
          <InstanceView key={i.localeCode} instance={i} active={i.localeCode === c.activeLocale} />
        ))
      )}
    </>
  );
}
