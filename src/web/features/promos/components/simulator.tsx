import { COLLECTION_LABELS, type PromoCollection } from '@domain/promos/tool-rules';
import { CART_CHANNEL } from '@domain/reference/constants';
import { PROMO_USER_TYPES } from '@domain/reference/lists';
import { formatMoney } from '@domain/reference/money';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { errorMessage } from '@web/lib/api-client';
import { memo, useReducer, useState } from 'react';
import { useSimulate } from '../api/promos';
import { useKeyedRows } from '../hooks/use-keyed-rows';
import { SimulatorAnswer } from './simulator-answer';
import {
  BLANK_LINE,
  type HostRewardItem,
  initialSettings,
  type LineRow,
  type LoadedExtras,
  ownShippingRates,
  pricedProducts,
  type RateRow,
  settingsChange,
  simulationRequest,
} from './simulator-cart';
import { SimulatorLoadCart } from './simulator-load-cart';
import { SimulatorLines, SimulatorRates } from './simulator-rows';
import { SimulatorSettingsFields } from './simulator-settings-fields';

// The simulator (spec 3 §2 Promo tool): prices a sample cart against a collection plus the rule
// being edited, and shows for every rule whether it applied, how often, on which lines, for how
// much, or the first condition that failed. Memoised: the tool renders again with each of its
// answers and each keystroke in the rule, and the simulator changes only with its own (ADR 049).

export const Simulator = memo(function Simulator({
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
  const [settings, change] = useReducer(settingsChange, undefined, () => initialSettings());
  const lineRows = useKeyedRows<LineRow>([BLANK_LINE]);
  const simulate = useSimulate(onServer);
  const rateRows = useKeyedRows<RateRow>([]);
  const [hostRewardItems, setHostRewardItems] = useState<HostRewardItem[]>([]);
  const [extras, setExtras] = useState<LoadedExtras | null>(null);

  const result = simulate.data;
  const currency = settings.regionId === 2 ? 'CAD' : 'USD';
  const money = (cents: number) => formatMoney(cents, currency);
  const products = pricedProducts(lineRows.rows);
  const removeLine = (line: LineRow & { key: number }) => {
    lineRows.remove(line.key);
    if (line.isHostReward) setHostRewardItems((hs) => hs.filter((h) => h.sku !== line.sku));
  };
  const run = () =>
    simulate.mutate(
      simulationRequest({
        settings,
        lines: lineRows.rows,
        rates: rateRows.rows,
        hostRewardItems,
        extras,
        collection,
        draft,
      }),
    );

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
      <SimulatorLoadCart
        onLoaded={(loaded) => {
          const loadedLines = loaded.products.map((p) => ({ ...p, quantity: String(p.quantity) }));
          lineRows.replace(loadedLines.length > 0 ? loadedLines : [BLANK_LINE]);
          setHostRewardItems(loaded.hostRewardItems);
          setExtras({
            localeCode: loaded.localeCode,
            checkoutCodes: loaded.checkoutCodes,
            promoItems: loaded.promoItems,
            removedPromoItems: loaded.removedPromoItems,
            giftSelections: loaded.giftSelections,
          });
          change({
            codes: loaded.codes.join(', '),
            regionId: loaded.regionId,
            // The cart prices on the cart channel (spec 3 §9: WEB in cart calls, 4 in the promo tool).
            channel: CART_CHANNEL,
            customer: loaded.customer ?? '',
            ...(loaded.userType !== null && PROMO_USER_TYPES.some((t) => t.id === loaded.userType)
              ? { userType: loaded.userType }
              : {}),
          });
        }}
      />
      <SimulatorSettingsFields settings={settings} onChange={change} />
      <SimulatorLines lineRows={lineRows} hostRewardItems={hostRewardItems} onRemove={removeLine} />
      <SimulatorRates rateRows={rateRows} ownRates={ownShippingRates(rateRows.rows).length} />
      <Button variant="contained" onClick={run} disabled={products.length === 0 || simulate.isPending}>
        {simulate.isPending ? 'Pricing…' : 'Price cart'}
      </Button>
      {simulate.isError && (
        <Alert severity="error" sx={{ mt: 2 }}>
          {errorMessage(simulate.error, 'The cart could not be priced.')}
        </Alert>
      )}
      {result && <SimulatorAnswer result={result} money={money} />}
    </Paper>
  );
});
