import { cartSummary } from '@domain/carts';
import {
  type CheckoutAddress,
  checkoutReducer,
  currentSiftSession,
  type EstimateContext,
  initialCheckout,
  localeAutoSwitch,
  localeForCountryChange,
  ORDERING_MESSAGES,
  readyToSubmit,
  type SiftSession,
} from '@domain/checkout';
import { estimateSummary } from '@domain/money/summary';
import { LOCALE_AUTO_SWITCH_MS } from '@domain/reference/constants';
import { ORDER_TYPE, orderTypeName } from '@domain/reference/lists';
import { formatMoney } from '@domain/reference/money';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useAlert } from '@web/components/alert/alert-context';
import { ConfirmDialog } from '@web/components/confirm-dialog';
import { LoadError, Loading } from '@web/components/loading';
import { MoneySummary } from '@web/components/money-summary';
import { SectionCard } from '@web/components/section-card';
import { errorMessage } from '@web/lib/api-client';
import { persistedFormKey, sessionStore } from '@web/lib/session-store';
import { useEffect, useReducer, useRef, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import {
  useChangeCountry,
  useCheckoutAccount,
  useCheckoutCart,
  useEnrollmentCheck,
  useEstimate,
  usePurchase,
  useRecentOrders,
  useSavedCards,
  useSwitchLocale,
} from '../api/checkout';
import { CartPanel } from './cart-panel';
import { CatalogPanel } from './catalog-panel';
import { OverridesFields } from './overrides-fields';
import { type PaymentChoice, PaymentPanel } from './payment-panel';
import { PERSISTED_CHECKOUT_FORMS } from './persisted-forms';
import { ShippingPanel } from './shipping-panel';

/** Order types offered when staff order on behalf (spec 2 §9; enrollment triggers its check). */
const ORDER_TYPES = [
  ORDER_TYPE.personal,
  ORDER_TYPE.portal,
  ORDER_TYPE.enrollment,
  ORDER_TYPE.employee,
  ORDER_TYPE.customer,
];

const newKey = () =>
  typeof crypto.randomUUID === 'function' ? crypto.randomUUID() : `${Date.now()}-${Math.random()}`;

const SIFT_KEY = 'checkout.siftSession';
/** The locale the auto-detect switched to in this browser session (it switches once). */
const LOCALE_AUTO_SWITCH_KEY = 'checkout.localeAutoSwitch';

/** The Sift session id of this browser session: kept while it lives (30 minutes), then renewed. */
function siftSessionId(): string {
  // Session storage, or memory where the browser refuses it (private mode): the id still serves.
  const stored = sessionStore.get<SiftSession>(SIFT_KEY);
  const session = currentSiftSession(stored, Date.now(), () => newKey().replace(/-/g, ''));
  if (session !== stored) sessionStore.set(SIFT_KEY, session);
  return session.id;
}

/** The portal order screen (spec 2 §2): catalog, cart, address, method, payment, order type, total. */
export function CheckoutScreen({ cartId, localeCode }: { cartId: string; localeCode: string }) {
  const cart = useCheckoutCart(cartId);
  const uid = cart.data?.uid ?? null;
  const account = useCheckoutAccount(uid);
  const countryId: 1 | 2 = (cart.data?.countryId ?? (localeCode.endsWith('CA') ? 2 : 1)) === 2 ? 2 : 1;
  const cards = useSavedCards(uid, countryId);
  const recent = useRecentOrders(uid);
  const [state, dispatch] = useReducer(checkoutReducer, initialCheckout(countryId));
  const [address, setAddress] = useState<CheckoutAddress | null>(null);
  const [payment, setPayment] = useState<PaymentChoice | null>(null);
  const [context, setContext] = useState<EstimateContext | null>(null);
  const [idempotencyKey, setKey] = useState(newKey);
  const estimate = useEstimate();
  const purchase = usePurchase();
  const enrollment = useEnrollmentCheck();
  const changeCountry = useChangeCountry(cartId);
  const alert = useAlert();
  const navigate = useNavigate();
  const latest = useRef(0);
  // A change of shipping country waits for confirmation (the cart will be emptied).
  const [confirmCountry, setConfirmCountry] = useState<1 | 2 | null>(null);
  // The last Canadian locale of this checkout: back in Canada, its language is kept.
  const lastCanadian = useRef<string | null>(localeCode.endsWith('-CA') ? localeCode : null);
  const cartLocale = cart.data?.localeCode;
  useEffect(() => {
    if (!cartLocale) return;
    if (cartLocale.endsWith('-CA')) lastCanadian.current = cartLocale;
    // The URL follows the cart's locale instance, so the address stays bookmarkable.
    if (cartLocale !== localeCode) navigate(`/${cartLocale}/checkout/${cartId}`, { replace: true });
  }, [cartLocale, localeCode, cartId, navigate]);

  // Spec 3 §4 locale auto-detect, once per browser session (see localeAutoSwitch).
  const switchLocale = useSwitchLocale(cartId);
  const cartEmpty = cart.data ? cart.data.products.length === 0 : false;
  // biome-ignore lint/correctness/useExhaustiveDependencies: decided once per cart locale
  useEffect(() => {
    if (!cartLocale || sessionStore.get(LOCALE_AUTO_SWITCH_KEY)) return;
    const target = localeAutoSwitch(navigator.languages ?? [navigator.language], cartLocale, cartEmpty);
    if (!target) return;
    const timer = setTimeout(() => {
      sessionStore.set(LOCALE_AUTO_SWITCH_KEY, target);
      switchLocale.mutate(target, {
        onSuccess: () => alert.show(`Switched to ${target}, this browser's language.`, 'info'),
        onError: (err) => alert.error(errorMessage(err)),
      });
    }, LOCALE_AUTO_SWITCH_MS);
    return () => clearTimeout(timer);
  }, [cartLocale, cartEmpty]);

  // The account in order context: its type sets the default order type.
  const a = account.data;
  useEffect(() => {
    if (a)
      dispatch({
        type: 'account',
        uid: a.uid,
        userType: a.userType,
        creditBalance: countryId === 2 ? a.productCredit.ca : a.productCredit.us,
      });
  }, [a, countryId]);

  // Choosing the enrollment type asks the server (spec 2 §4).
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the check is asked for
  useEffect(() => {
    if (!state.verifyEnrollment || !uid) return;
    enrollment.mutate(
      { uid, countryId },
      {
        onSuccess: (answer) => dispatch({ type: 'enrollmentChecked', answer }),
        onError: () => dispatch({ type: 'enrollmentFailed' }),
      },
    );
  }, [state.verifyEnrollment, uid, countryId]);

  const orderContext = () => ({
    cartId,
    uid: uid ?? '',
    localeCode: (cart.data?.localeCode ?? localeCode) as 'en-US' | 'en-CA' | 'fr-CA',
    orderType: state.orderType,
    shipping: { method: state.shippingMethod, address },
    overrides: state.overrides,
    appliedCredit: state.appliedCredit,
    payment: payment
      ? {
          savedCard: payment.savedCard,
          cardId: payment.cardId,
          squareNonce: payment.squareNonce,
          saveCard: payment.saveCard ?? false,
          ...(payment.splitPayments
            ? {
                splitPayments: payment.splitPayments.map((s) => ({
                  amount: s.amount,
                  cardId: s.cardId,
                  squareNonce: s.squareNonce,
                  saveCard: s.saveCard ?? false,
                })),
              }
            : {}),
        }
      : null,
    popupId: state.popupId,
    siftSessionId: siftSessionId(),
  });

  // Estimate when the shipping address is non-empty (or a popup offers Ship to Social), and again
  // on every change that moves it.
  const version = cart.data?.version;
  const estimateInput = JSON.stringify([
    version,
    address,
    state.popupId,
    state.shippingMethod,
    state.appliedCredit,
    state.orderType,
    payment?.cardId,
    payment?.squareNonce,
    payment?.splitPayments?.length ?? 0,
    state.overrides,
  ]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: keyed on the estimate's inputs
  useEffect(() => {
    if ((!address && state.popupId === null) || !uid) return;
    const n = ++latest.current;
    dispatch({ type: 'estimating' });
    estimate.mutate(orderContext(), {
      onSuccess: (answer) => {
        if (n !== latest.current) return;
        if (!answer.success || !answer.context) {
          dispatch({ type: 'estimateFailed' });
          setContext(null);
          // Spec 2 §8: the void-shipping-address code shows the server's message; others only log.
          if (answer.code === 'void-shipping-address' || answer.code === 'empty-cart')
            alert.error(answer.message ?? ORDERING_MESSAGES.defaultError);
          return;
        }
        const c = answer.context;
        setContext(c);
        dispatch({
          type: 'estimated',
          estimateId: c.estimateId,
          rates: c.shipping.rates.map((r) => ({ method: r.method, amount: r.amount })),
          taxAmount: c.tax.taxAmount,
          method: c.shipping.method,
          creditApplied: c.productCredit.balance,
        });
        dispatch({ type: 'overrideDefaults', defaults: c.overrideDefaults });
      },
      onError: () => n === latest.current && dispatch({ type: 'estimateFailed' }),
    });
  }, [estimateInput, uid]);

  if (cart.isPending) return <Loading label="Loading checkout" />;
  if (cart.isError) return <LoadError error={cart.error} />;
  const c = cart.data;
  if (!c.uid)
    return <Alert severity="error">This cart has no customer; open checkout from a customer.</Alert>;
  // The customer's recent orders sit at the top of the page: the page waits for them with the
  // customer, so that they do not push the catalog down once it is on screen (a failure shows none).
  if (account.isPending || recent.isPending) return <Loading label="Loading customer" />;
  if (account.isError) return <LoadError error={account.error} />;
  const acct = account.data;
  const money = (cents: number) => formatMoney(cents, c.currency.name, c.localeCode);
  const t = context?.totals;

  // Spec 2 §4: switches to the new locale's (emptied) cart instance; everything priced for the old
  // country is cleared and the URL follows.
  const onCountry = (next: 1 | 2) => {
    setConfirmCountry(null);
    const locale = localeForCountryChange(c.localeCode, next, {
      lastCanadian: lastCanadian.current,
      defaultLanguageId: acct.defaultLanguageId,
    });
    if (!locale) return;
    changeCountry.mutate(locale, {
      onSuccess: () => {
        dispatch({
          type: 'country',
          countryId: next,
          creditBalance: next === 2 ? acct.productCredit.ca : acct.productCredit.us,
        });
        setAddress(null);
        setPayment(null);
        setContext(null);
        navigate(`/${locale}/checkout/${cartId}`, { replace: true });
      },
      onError: (err) => alert.error(errorMessage(err)),
    });
  };

  const submit = () => {
    purchase.mutate(
      { ...orderContext(), idempotencyKey },
      {
        onSuccess: (answer) => {
          alert.success(answer.message);
          setKey(newKey());
          // The order is placed: the forms kept for this checkout are done with.
          for (const form of PERSISTED_CHECKOUT_FORMS)
            sessionStore.remove(persistedFormKey(form, c.localeCode, acct.uid));
          if (answer.data) navigate(`/orders/${encodeURIComponent(answer.data.id)}/info`);
        },
        onError: (err) => {
          const msg = errorMessage(err);
          alert.error(
            msg.startsWith('Your order was not successful') ? msg : ORDERING_MESSAGES.notSuccessful(msg),
          );
        },
      },
    );
  };

  const ready =
    readyToSubmit({
      ...state,
      payment: payment
        ? { savedCard: payment.savedCard, cardId: payment.cardId, squareNonce: payment.squareNonce }
        : null,
    }) &&
    !!context &&
    context.errors.length === 0 &&
    c.totalProducts > 0;

  return (
    <Box
      sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, alignItems: 'start' }}
    >
      <Box sx={{ display: 'grid', gap: 2, minWidth: 0 }}>
        <SectionCard title="Customer">
          <Typography>
            <Link component={RouterLink} to={`/customers/${encodeURIComponent(acct.uid)}/dashboard`}>
              {acct.firstName} {acct.lastName}
            </Link>{' '}
            (#{acct.phoenixId}) · {c.localeCode} · {c.currency.name}
          </Typography>
          <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, mt: 2 }}>
            <TextField
              size="small"
              select
              label="Shipping country"
              value={countryId}
              disabled={changeCountry.isPending}
              onChange={(e) => {
                const next = Number(e.target.value) === 2 ? 2 : 1;
                if (next !== countryId) setConfirmCountry(next);
              }}
            >
              <MenuItem value={1}>United States</MenuItem>
              <MenuItem value={2}>Canada</MenuItem>
            </TextField>
            <TextField
              size="small"
              select
              label="Order type"
              value={state.orderType ?? ''}
              onChange={(e) =>
                dispatch({
                  type: 'orderType',
                  orderType: e.target.value === '' ? null : Number(e.target.value),
                })
              }
            >
              <MenuItem value="">Not set</MenuItem>
              {ORDER_TYPES.map((id) => (
                <MenuItem key={id} value={id}>
                  {orderTypeName(id)}
                </MenuItem>
              ))}
            </TextField>
            {acct.popups.length > 0 && (
              <TextField
                size="small"
                select
                label="Popup"
                value={state.popupId ?? ''}
                onChange={(e) =>
                  dispatch({ type: 'popup', popupId: e.target.value === '' ? null : Number(e.target.value) })
                }
              >
                <MenuItem value="">No popup</MenuItem>
                {acct.popups.map((p) => (
                  <MenuItem key={p.id} value={p.id}>
                    {p.name}
                  </MenuItem>
                ))}
              </TextField>
            )}
          </Box>
          {state.notice && (
            <Alert severity="success" sx={{ mt: 1 }}>
              {state.notice}
            </Alert>
          )}
          {state.enrollmentErrors.map((e) => (
            <Alert key={e} severity="warning" sx={{ mt: 1 }}>
              {e}
            </Alert>
          ))}
          {(recent.data ?? []).length > 0 && (
            <Box sx={{ mt: 2 }}>
              <Typography variant="subtitle2" component="h3">
                Recent orders
              </Typography>
              {recent.data!.map((o) => (
                <Typography key={o.id} variant="body2">
                  <Link component={RouterLink} to={`/orders/${encodeURIComponent(o.id)}/info`}>
                    {o.orderLabel}
                  </Link>{' '}
                  · {o.products.map((p) => `${p.quantity} × ${p.title}`).join(', ')}
                </Typography>
              ))}
            </Box>
          )}
        </SectionCard>
        <ConfirmDialog
          open={confirmCountry !== null}
          title="Change the shipping country?"
          confirmLabel="Empty the cart and switch"
          destructive
          onConfirm={() => confirmCountry !== null && onCountry(confirmCountry)}
          onClose={() => setConfirmCountry(null)}
        >
          The cart will be emptied. The order moves to the{' '}
          {confirmCountry === 2 ? 'Canadian' : 'United States'} cart, and the shipping method, rates, tax and
          shipping overrides, product credit, popup and payment are cleared.
        </ConfirmDialog>
        <CatalogPanel
          cartId={cartId}
          localeCode={c.localeCode}
          enrollment={state.enrollment}
          userType={c.typeId}
        />
        <CartPanel
          cart={c}
          messages={context?.cartMessages ?? []}
          notices={(context?.notices ?? []).filter((n) => n.field !== 'appliedCredit')}
        />
      </Box>
      <Box sx={{ display: 'grid', gap: 2, minWidth: 0 }}>
        <ShippingPanel
          account={acct}
          countryId={countryId}
          localeCode={c.localeCode}
          address={address}
          onAddress={setAddress}
        />
        <SectionCard title="Shipping method">
          {!address && state.popupId === null ? (
            <Typography color="text.secondary">Enter the shipping address to see the methods.</Typography>
          ) : !context ? (
            <Typography color="text.secondary">
              {state.estimatePending ? 'Estimating…' : 'No estimate yet.'}
            </Typography>
          ) : (
            <RadioGroup
              aria-label="Shipping method"
              value={state.shippingMethod ?? ''}
              onChange={(e) => dispatch({ type: 'method', method: Number(e.target.value) })}
            >
              {context.shipping.rates.map((r) => (
                <FormControlLabel
                  key={r.method}
                  value={r.method}
                  control={<Radio />}
                  label={`${r.name} — ${r.amount === 0 ? 'Free' : money(r.amount)}${r.amount < r.regularAmount ? ` (was ${money(r.regularAmount)})` : ''}`}
                />
              ))}
            </RadioGroup>
          )}
          {context?.shipToSocial?.chosen && (
            <Alert severity="info" sx={{ mt: 1 }} data-testid="ship-to-social">
              Ships to the pop-up host for {context.shipToSocial.name}:{' '}
              {context.shipToSocial.address.firstName} {context.shipToSocial.address.lastName},{' '}
              {[context.shipToSocial.address.address, context.shipToSocial.address.address2]
                .filter(Boolean)
                .join(', ')}
              , {context.shipToSocial.address.city}, {context.shipToSocial.address.region}{' '}
              {context.shipToSocial.address.postalCode}. The order waits as Pending Pop-up until the pop-up
              closes.
            </Alert>
          )}
        </SectionCard>
        <PaymentPanel
          key={`${countryId}-${(cards.data ?? []).length}`}
          cards={cards.data ?? []}
          payment={payment}
          onPayment={(p) => {
            setPayment(p);
            dispatch({
              type: 'payment',
              payment: p ? { savedCard: p.savedCard, cardId: p.cardId, squareNonce: p.squareNonce } : null,
            });
          }}
          localeCode={c.localeCode}
          scope={acct.uid}
          creditBalance={state.creditBalance}
          appliedCredit={state.appliedCredit}
          creditNotices={(context?.notices ?? []).filter((n) => n.field === 'appliedCredit')}
          onCredit={(cents) => dispatch({ type: 'credit', cents })}
          dueCents={t ? t.grandTotal : null}
          currency={c.currency.name}
        />
        <SectionCard title="Order total">
          {t ? (
            // Read down (ADR 024): items − promotions = subtotal; + shipping + tax − credit = total.
            <MoneySummary
              rows={estimateSummary(t)}
              currency={c.currency.name}
              locale={c.localeCode}
              label="Order total"
              testIds={{ subtotal: 'total-subtotal', total: 'total-grand' }}
            />
          ) : (
            <MoneySummary
              rows={cartSummary(c)}
              currency={c.currency.name}
              locale={c.localeCode}
              label="Cart subtotal"
            />
          )}
          {!t && (
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
              Shipping and tax once the address is in.
            </Typography>
          )}
          {acct.overrideDefaults.overrideTax && acct.overrideDefaults.overrideShipping && (
            <Alert severity="info" sx={{ mt: 2 }} data-testid="override-defaults">
              {state.overridesTouched
                ? 'Tax and shipping overrides set by you.'
                : "Consultant order: the tax and shipping overrides start on with the estimate's figures. Confirm or change them."}
            </Alert>
          )}
          <OverridesFields
            key={`${countryId}-${state.overrides.overrideTax}-${state.overrides.overrideShipping}`}
            value={state.overrides}
            onChange={(o) => dispatch({ type: 'overrides', overrides: o })}
          />
          {context?.errors.map((e) => (
            <Alert key={e} severity="error" sx={{ mt: 1 }}>
              {e}
            </Alert>
          ))}
          <Button
            variant="contained"
            size="large"
            fullWidth
            sx={{ mt: 2 }}
            disabled={!ready}
            loading={purchase.isPending}
            onClick={submit}
          >
            Submit order
          </Button>
        </SectionCard>
      </Box>
    </Box>
  );
}
