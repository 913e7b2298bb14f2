import type { CheckoutAddress } from '@domain/checkout/checkout';
import { localeForCountryChange } from '@domain/checkout/locale';
import { ORDERING_MESSAGES } from '@domain/checkout/messages';
import { readyToSubmit } from '@domain/checkout/order-type';
import { formatMoney } from '@domain/reference/money';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import { useAlert } from '@web/components/alert/alert-context';
import { LoadError, Loading } from '@web/components/loading';
import { errorMessage } from '@web/lib/api-client';
import { persistedFormKey, sessionStore } from '@web/lib/session-store';
import { useDeferredValue, useState } from 'react';
import { useNavigate } from 'react-router';
import {
  useChangeCountry,
  useCheckoutAccount,
  useCheckoutCart,
  usePrefetchCatalog,
  usePurchase,
  useRecentOrders,
  useSavedCards,
} from '../api/checkout';
import { useCartLocale } from '../hooks/use-cart-locale';
import { useCheckoutState } from '../hooks/use-checkout-state';
import { useEstimateContext } from '../hooks/use-estimate-context';
import { CartPanel } from './cart-panel';
import { CatalogPanel } from './catalog-panel';
import { newKey, siftSessionId } from './checkout-ids';
import { CustomerPanel } from './customer-panel';
import { orderContextOf } from './order-context';
import { OrderTotalPanel } from './order-total-panel';
import { type PaymentChoice, PaymentPanel } from './payment-panel';
import { PERSISTED_CHECKOUT_FORMS } from './persisted-forms';
import { ShippingMethodPanel } from './shipping-method-panel';
import { ShippingPanel } from './shipping-panel';

/** The portal order screen (spec 2 §2): catalog, cart, address, method, payment, order type, total. */
export function CheckoutScreen({ cartId, localeCode }: { cartId: string; localeCode: string }) {
  const cart = useCheckoutCart(cartId);
  usePrefetchCatalog(cart.data);
  const uid = cart.data?.uid ?? null;
  // The customer's answers render the whole screen: their arrival renders it as it was (loading),
  // then React renders it with them in a background render it can slice (ADR 039).
  const account = useDeferredValue(useCheckoutAccount(uid));
  const countryId: 1 | 2 = (cart.data?.countryId ?? (localeCode.endsWith('CA') ? 2 : 1)) === 2 ? 2 : 1;
  const cards = useSavedCards(uid, countryId);
  const recent = useDeferredValue(useRecentOrders(uid));
  const lastCanadian = useCartLocale(cartId, localeCode, cart.data);
  const [state, dispatch] = useCheckoutState(countryId, uid, account.data);
  const [address, setAddress] = useState<CheckoutAddress | null>(null);
  const [payment, setPayment] = useState<PaymentChoice | null>(null);
  const [idempotencyKey, setKey] = useState(newKey);
  // One submission at a time (useSubmitMutation): a double click places one order and says so.
  const purchase = usePurchase();
  const changeCountry = useChangeCountry(cartId);
  const alert = useAlert();
  const navigate = useNavigate();

  const orderContext = () =>
    orderContextOf({
      cartId,
      uid,
      localeCode: cart.data?.localeCode ?? localeCode,
      state,
      address,
      payment,
      siftSessionId: siftSessionId(),
    });

  // Estimate when the shipping address is non-empty (or a popup offers Ship to Social), and again
  // on every change that moves it.
  const { context, clearContext } = useEstimateContext({
    inputs: [
      uid,
      cart.data?.version,
      address,
      state.popupId,
      state.shippingMethod,
      state.appliedCredit,
      state.orderType,
      payment?.cardId,
      payment?.squareNonce,
      payment?.splitPayments?.length ?? 0,
      state.overrides,
    ],
    enabled: (address !== null || state.popupId !== null) && !!uid,
    orderContext,
    dispatch,
  });

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
        clearContext();
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
        <CustomerPanel
          account={acct}
          cart={c}
          countryId={countryId}
          state={state}
          dispatch={dispatch}
          recentOrders={recent.data ?? []}
          countryChanging={changeCountry.isPending}
          onCountry={onCountry}
        />
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
        <ShippingMethodPanel
          hasDestination={address !== null || state.popupId !== null}
          context={context}
          estimating={state.estimatePending}
          method={state.shippingMethod}
          onMethod={(method) => dispatch({ type: 'method', method })}
          money={money}
        />
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
        <OrderTotalPanel
          cart={c}
          context={context}
          countryId={countryId}
          state={state}
          dispatch={dispatch}
          overridesStartOn={acct.overrideDefaults.overrideTax && acct.overrideDefaults.overrideShipping}
          ready={ready}
          submitting={purchase.isPending}
          onSubmit={submit}
        />
      </Box>
    </Box>
  );
}
