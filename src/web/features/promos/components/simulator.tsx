import { orderTotals } from '@domain/ordering';
import { ruleTypeName } from '@domain/promos/rule';
import { explanationWords, type ProductNames, skusNamed } from '@domain/promos/simulator-words';
import { COLLECTION_LABELS, type PromoCollection, parseSkuList } from '@domain/promos/tool';
import { CART_CHANNEL } from '@domain/reference/constants';
import { type LocaleCode, PROMO_USER_TYPES, SHIPPING_METHODS } from '@domain/reference/lists';
import { formatMoney } from '@domain/reference/money';
import AddOutlined from '@mui/icons-material/AddOutlined';
import DeleteOutlineOutlined from '@mui/icons-material/DeleteOutlineOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { errorMessage } from '@web/lib/api-client';
import { useRef, useState } from 'react';
import { type Simulation, useLoadCart, useProductNames, useSimulate } from '../api/promos';
import { Reason, ShippingRates, Total } from './simulator-result';

// The simulator (issue 13): prices a sample cart against a collection plus the rule being edited,
// and shows for every rule whether it applied, how often, on which lines, for how much, or the
// first condition that failed.

interface LineRow {
  sku: string;
  quantity: string;
  /** Flags a loaded cart's line carries (spec 3 §3 cart line item): kept so it prices as in the cart. */
  isHostReward?: boolean;
  subscription?: boolean;
  selectedVariant?: string;
}
const BLANK_LINE: LineRow = { sku: '', quantity: '1' };
/** What a loaded cart prices from besides its lines and codes: sent as loaded. */
interface LoadedExtras {
  localeCode: string;
  checkoutCodes: string[];
  promoItems: { sku: string; quantity: number; promo: string }[];
  removedPromoItems: string[];
  giftSelections: { promo: string; sku: string }[];
}
const BLANK_RATE = { method: '', amount: '' };
const NO_NAMES: ProductNames = new Map();

/** Rows edited in place (sample lines, own shipping rates), each with its own stable key. */
function useKeyedRows<T extends object>(initial: T[]) {
  const next = useRef(0);
  const keyed = (rows: T[]) => rows.map((r) => ({ ...r, key: ++next.current }));
  const [rows, setRows] = useState(() => keyed(initial));
  return {
    rows,
    replace: (all: T[]) => setRows(keyed(all)),
    add: (row: T) => setRows((rs) => [...rs, ...keyed([row])]),
    update: (key: number, patch: Partial<T>) =>
      setRows((rs) => rs.map((r) => (r.key === key ? { ...r, ...patch } : r))),
    remove: (key: number) => setRows((rs) => rs.filter((r) => r.key !== key)),
  };
}

const localInput = (d: Date) => {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
};

export function Simulator({
  collection,
  draft,
  onServer,
}: {
  collection: PromoCollection;
  /** The rule being edited in stored form, or null (none, or it does not compile yet). */
  draft: Record<string, unknown> | null;
  /** Flag promoToolCartApi: price through the server's cart API, else in the browser. */
  onServer: boolean;
}) {
  const [userType, setUserType] = useState(3);
  const [regionId, setRegionId] = useState<1 | 2>(1);
  const [channel, setChannel] = useState('4');
  const [codes, setCodes] = useState('');
  const [customer, setCustomer] = useState('');
  const [at, setAt] = useState(() => localInput(new Date()));
  const [shippingMethod, setShippingMethod] = useState('');
  // Ship-to address (spec 3 §2): its state or province sets the tax; the country is the region's.
  const [shipRegion, setShipRegion] = useState('');
  const [shipPostalCode, setShipPostalCode] = useState('');
  const lineRows = useKeyedRows<LineRow>([BLANK_LINE]);
  const lines = lineRows.rows;
  const simulate = useSimulate(onServer);
  const loadCart = useLoadCart();
  const [cartId, setCartId] = useState('');
  // Own shipping rates (spec 3 §7 newShippingRates): none means the region's rates.
  const rateRows = useKeyedRows<typeof BLANK_RATE>([]);
  const rates = rateRows.rows;
  const [hostRewardItems, setHostRewardItems] = useState<
    { sku: string; quantity: number; isFree: boolean }[]
  >([]);
  const [loadedFrom, setLoadedFrom] = useState<string | null>(null);
  const [extras, setExtras] = useState<LoadedExtras | null>(null);

  const load = () => {
    const id = cartId.trim();
    if (!id) return;
    loadCart.mutate(id, {
      onSuccess: (loaded) => {
        const loadedLines = loaded.products.map((p) => ({ ...p, quantity: String(p.quantity) }));
        lineRows.replace(loadedLines.length > 0 ? loadedLines : [BLANK_LINE]);
        setCodes(loaded.codes.join(', '));
        setHostRewardItems(loaded.hostRewardItems);
        setRegionId(loaded.regionId);
        // The cart prices on the cart channel (spec 3 §9: WEB in cart calls, 4 in the promo tool).
        setChannel(CART_CHANNEL);
        setExtras({
          localeCode: loaded.localeCode,
          checkoutCodes: loaded.checkoutCodes,
          promoItems: loaded.promoItems,
          removedPromoItems: loaded.removedPromoItems,
          giftSelections: loaded.giftSelections,
        });
        setCustomer(loaded.customer ?? '');
        if (loaded.userType !== null && PROMO_USER_TYPES.some((t) => t.id === loaded.userType))
          setUserType(loaded.userType);
        setLoadedFrom(id);
      },
    });
  };
  const result = simulate.data;
  // Products by name in the reasons (issue 27): one look-up of every SKU the answer names.
  const names = useProductNames(result ? skusNamed(result.explanations, result.lines) : []);
  const currency = regionId === 2 ? 'CAD' : 'USD';
  const money = (cents: number) => formatMoney(cents, currency);

  const products = lines
    .filter((l) => l.sku.trim())
    .map((l) => ({
      sku: l.sku.trim(),
      quantity: Math.max(1, Math.floor(Number(l.quantity) || 1)),
      ...(l.isHostReward ? { isHostReward: true } : {}),
      ...(l.subscription ? { subscription: true } : {}),
      ...(l.selectedVariant ? { selectedVariant: l.selectedVariant } : {}),
    }));
  // A loaded cart's locale while its region is kept; otherwise the region's.
  const localcode =
    extras && (extras.localeCode.endsWith('-CA') ? 2 : 1) === regionId ? extras.localeCode : null;
  const removeLine = (line: LineRow & { key: number }) => {
    lineRows.remove(line.key);
    if (line.isHostReward) setHostRewardItems((hs) => hs.filter((h) => h.sku !== line.sku));
  };

  const newShippingRates = rates
    .filter((r) => r.method && r.amount.trim() !== '' && Number.isFinite(Number(r.amount)))
    .map((r) => ({ method: Number(r.method), amount: Math.max(0, Math.round(Number(r.amount) * 100)) }));

  const run = () =>
    simulate.mutate({
      ...(newShippingRates.length > 0 ? { newShippingRates } : {}),
      ...(customer.trim() ? { customer: customer.trim() } : {}),
      timestamp: Math.floor(new Date(at).getTime() / 1000),
      channel: /^\d+$/.test(channel) ? Number(channel) : channel,
      ...(localcode ? { localcode: localcode as LocaleCode } : {}),
      user: { userType, regionId },
      cart: {
        products,
        promoTags: [
          ...parseSkuList(codes).map((code) => ({ code })),
          ...(extras?.checkoutCodes ?? []).map((code) => ({ code, fromCheckout: true })),
        ],
        hostRewardItems,
        ...(extras
          ? {
              promoItems: extras.promoItems,
              removedPromoItems: extras.removedPromoItems,
              giftSelections: extras.giftSelections,
            }
          : {}),
        shipping: {
          method: shippingMethod ? Number(shippingMethod) : null,
          ...(shipRegion.trim()
            ? {
                address: {
                  country: regionId === 2 ? ('CA' as const) : ('US' as const),
                  region: shipRegion.trim(),
                  ...(shipPostalCode.trim() ? { postalCode: shipPostalCode.trim() } : {}),
                },
              }
            : {}),
        },
      },
      collection,
      ...(draft ? { draft } : {}),
    });

  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="simulator-title">
      <Typography id="simulator-title" variant="h6" component="h2" gutterBottom>
        Simulator
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>
        Prices the cart against the {COLLECTION_LABELS[collection].toLowerCase()} rules
        {draft ? ' with the rule being edited' : ''}. Drafts and pending rules are priced as if switched on.{' '}
        {onServer ? 'Priced by the server’s cart API.' : 'Priced in the browser.'}
      </Typography>
      <Stack
        component="form"
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        sx={{ mb: 2, alignItems: { sm: 'flex-start' } }}
        onSubmit={(e) => {
          e.preventDefault();
          load();
        }}
        aria-label="Load a customer's cart"
      >
        <TextField
          size="small"
          label="Customer cart id"
          value={cartId}
          onChange={(e) => setCartId(e.target.value)}
          helperText={
            loadCart.isError
              ? errorMessage(loadCart.error, 'The cart could not be loaded.')
              : loadedFrom
                ? `Lines, codes, host rewards, free items, country, channel and customer of cart ${loadedFrom}`
                : 'Price a real customer’s cart'
          }
          error={loadCart.isError}
          sx={{ minWidth: 240 }}
        />
        <Button type="submit" variant="outlined" disabled={!cartId.trim() || loadCart.isPending}>
          {loadCart.isPending ? 'Loading…' : 'Load cart'}
        </Button>
      </Stack>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} useFlexGap sx={{ flexWrap: 'wrap', mb: 2 }}>
        <TextField
          select
          size="small"
          label="Customer type"
          value={String(userType)}
          onChange={(e) => setUserType(Number(e.target.value))}
          sx={{ minWidth: 190 }}
        >
          {PROMO_USER_TYPES.map((t) => (
            <MenuItem key={t.id} value={String(t.id)}>
              {t.name}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label="Region"
          value={String(regionId)}
          onChange={(e) => setRegionId(e.target.value === '2' ? 2 : 1)}
          sx={{ minWidth: 150 }}
        >
          <MenuItem value="1">United States</MenuItem>
          <MenuItem value="2">Canada</MenuItem>
        </TextField>
        <TextField
          size="small"
          label="Customer id"
          value={customer}
          onChange={(e) => setCustomer(e.target.value)}
          helperText="Optional: prices with their account (new user, milestones, dates)"
          sx={{ minWidth: 240 }}
        />
        <TextField
          size="small"
          label="Channel"
          value={channel}
          onChange={(e) => setChannel(e.target.value)}
          sx={{ width: 110 }}
        />
        <TextField
          size="small"
          label="Promo codes"
          value={codes}
          onChange={(e) => setCodes(e.target.value)}
          helperText="Comma-separated"
        />
        <TextField
          select
          size="small"
          label="Shipping method"
          value={shippingMethod}
          onChange={(e) => setShippingMethod(e.target.value)}
          sx={{ minWidth: 190 }}
        >
          <MenuItem value="">None chosen</MenuItem>
          {SHIPPING_METHODS.map((m) => (
            <MenuItem key={m.id} value={String(m.id)}>
              {m.name}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          size="small"
          label={regionId === 2 ? 'Ship to province' : 'Ship to state'}
          value={shipRegion}
          onChange={(e) => setShipRegion(e.target.value.toUpperCase())}
          helperText="2 letters; sets the tax"
          slotProps={{ htmlInput: { maxLength: 2, autoCapitalize: 'characters' } }}
          sx={{ width: 150 }}
        />
        <TextField
          size="small"
          label={regionId === 2 ? 'Postal code' : 'Zip code'}
          value={shipPostalCode}
          onChange={(e) => setShipPostalCode(e.target.value)}
          sx={{ width: 130 }}
        />
        <TextField
          size="small"
          type="datetime-local"
          label="Simulate at"
          value={at}
          onChange={(e) => setAt(e.target.value)}
          slotProps={{ inputLabel: { shrink: true } }}
        />
      </Stack>
      <Stack spacing={1} sx={{ mb: 2 }} role="group" aria-label="Cart lines">
        {lines.map((line, i) => (
          <Stack key={line.key} direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <TextField
              size="small"
              label={`SKU ${i + 1}`}
              value={line.sku}
              onChange={(e) => lineRows.update(line.key, { sku: e.target.value })}
              helperText={lineNote(line, hostRewardItems)}
              sx={{ flex: 1, maxWidth: 240 }}
            />
            <TextField
              size="small"
              type="number"
              label={`Quantity ${i + 1}`}
              value={line.quantity}
              onChange={(e) => lineRows.update(line.key, { quantity: e.target.value })}
              slotProps={{ htmlInput: { min: 1, max: 999 } }}
              sx={{ width: 120 }}
            />
            <IconButton
              aria-label={`Remove line ${i + 1}`}
              disabled={lines.length === 1}
              onClick={() => removeLine(line)}
            >
              <DeleteOutlineOutlined />
            </IconButton>
          </Stack>
        ))}
        <Box>
          <Button startIcon={<AddOutlined />} onClick={() => lineRows.add(BLANK_LINE)}>
            Add line
          </Button>
        </Box>
      </Stack>
      <Stack spacing={1} sx={{ mb: 2 }} role="group" aria-label="Shipping rates to price with">
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {newShippingRates.length === 0
            ? 'Shipping rates: the region’s. Add rates to price with your own instead.'
            : 'Shipping rates: only these are offered.'}
        </Typography>
        {rates.map((rate, i) => (
          <Stack key={rate.key} direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <TextField
              select
              size="small"
              label={`Rate ${i + 1} method`}
              value={rate.method}
              onChange={(e) => rateRows.update(rate.key, { method: e.target.value })}
              sx={{ flex: 1, maxWidth: 240 }}
            >
              {SHIPPING_METHODS.map((m) => (
                <MenuItem key={m.id} value={String(m.id)}>
                  {m.name}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              size="small"
              type="number"
              label={`Rate ${i + 1} amount`}
              value={rate.amount}
              onChange={(e) => rateRows.update(rate.key, { amount: e.target.value })}
              slotProps={{ htmlInput: { min: 0, step: 0.01 } }}
              sx={{ width: 140 }}
            />
            <IconButton aria-label={`Remove rate ${i + 1}`} onClick={() => rateRows.remove(rate.key)}>
              <DeleteOutlineOutlined />
            </IconButton>
          </Stack>
        ))}
        <Box>
          <Button startIcon={<AddOutlined />} onClick={() => rateRows.add(BLANK_RATE)}>
            Add shipping rate
          </Button>
        </Box>
      </Stack>
      <Button variant="contained" onClick={run} disabled={products.length === 0 || simulate.isPending}>
        {simulate.isPending ? 'Pricing…' : 'Price cart'}
      </Button>
      {simulate.isError && (
        <Alert severity="error" sx={{ mt: 2 }}>
          {errorMessage(simulate.error, 'The cart could not be priced.')}
        </Alert>
      )}
      {result && (
        <Box sx={{ mt: 2 }} aria-live="polite">
          <Stack direction="row" spacing={3} useFlexGap sx={{ flexWrap: 'wrap', mb: 2 }}>
            <Total label="Before promos" value={money(result.totals.prePromoSubtotal)} />
            <Total label="Discounts" value={money(result.totals.discountTotal)} />
            <Total label="Subtotal" value={money(result.totals.subtotal)} />
            <Total label="Shipping" value={money(result.totals.shipping)} />
            <Total label="Gifts" value={money(result.totals.giftValue)} />
            {result.salesTax && (
              <>
                <Total
                  label={`Tax (${result.salesTax.region}, ${(result.salesTax.rateBasisPoints / 100).toFixed(2)}%)`}
                  value={money(taxed(result).tax)}
                />
                <Total label="Total" value={money(taxed(result).grandTotal)} />
              </>
            )}
          </Stack>
          <ShippingRates result={result} money={money} />
          <TableContainer sx={{ overflowX: 'auto' }}>
            <Table size="small" aria-label="Rule explanations">
              <TableHead>
                <TableRow>
                  <TableCell>Rule</TableCell>
                  <TableCell>Type</TableCell>
                  <TableCell align="right">Priority</TableCell>
                  <TableCell>Result</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {result.explanations.map((e) => (
                  <TableRow key={e.promo}>
                    <TableCell sx={{ minWidth: 160 }}>{e.promo}</TableCell>
                    <TableCell sx={{ minWidth: 140 }}>{ruleTypeName(e.ruleType) ?? e.ruleType}</TableCell>
                    <TableCell align="right">{e.priority}</TableCell>
                    <TableCell sx={{ minWidth: 220 }}>
                      <Reason said={explanationWords(e, result.lines, names.data ?? NO_NAMES, money)} />
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        </Box>
      )}
    </Paper>
  );
}

/** What a loaded line is besides its SKU: a host reward (free or half off), a subscription. */
function lineNote(
  line: LineRow,
  hostRewards: readonly { sku: string; isFree: boolean }[],
): string | undefined {
  const notes = [
    ...(line.isHostReward
      ? [hostRewards.find((h) => h.sku === line.sku)?.isFree ? 'Host reward, free' : 'Host reward, half off']
      : []),
    ...(line.subscription ? ['Subscription'] : []),
  ];
  return notes.length > 0 ? notes.join(' · ') : undefined;
}

/** Tax and total of a simulated cart at its address, as the checkout estimate computes them. */
function taxed(result: Simulation) {
  return orderTotals({
    prePromoSubtotal: result.totals.prePromoSubtotal,
    subtotal: result.totals.subtotal,
    shipping: result.totals.shipping,
    appliedCredit: 0,
    rate: result.salesTax,
  });
}
