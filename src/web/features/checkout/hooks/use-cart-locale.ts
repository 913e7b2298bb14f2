import type { CartView } from '@domain/carts/cart';
import { localeAutoSwitch } from '@domain/checkout/locale';
import { LOCALE_AUTO_SWITCH_MS } from '@domain/reference/constants';
import { useAlert } from '@web/components/alert/alert-context';
import { errorMessage } from '@web/lib/api-client';
import { sessionStore } from '@web/lib/session-store';
import { type RefObject, useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { useSwitchLocale } from '../api/checkout';

/** The locale the auto-detect switched to in this browser session (it switches once). */
const LOCALE_AUTO_SWITCH_KEY = 'checkout.localeAutoSwitch';

/**
 * The checkout's locale: the URL follows the cart's locale instance, and spec 3 §4's auto-detect
 * switches the cart once per browser session. Answers the last Canadian locale of this checkout:
 * back in Canada, its language is kept.
 */
export function useCartLocale(
  cartId: string,
  localeCode: string,
  cart: CartView | undefined,
): RefObject<string | null> {
  const alert = useAlert();
  const navigate = useNavigate();
  const lastCanadian = useRef<string | null>(localeCode.endsWith('-CA') ? localeCode : null);
  const cartLocale = cart?.localeCode;
  useEffect(() => {
    if (!cartLocale) return;
    if (cartLocale.endsWith('-CA')) lastCanadian.current = cartLocale;
    // The URL follows the cart's locale instance, so the address stays bookmarkable.
    if (cartLocale !== localeCode) navigate(`/${cartLocale}/checkout/${cartId}`, { replace: true });
  }, [cartLocale, localeCode, cartId, navigate]);

  // Spec 3 §4 locale auto-detect, once per browser session (see localeAutoSwitch).
  const switchLocale = useSwitchLocale(cartId);
  const cartEmpty = cart ? cart.products.length === 0 : false;
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

  return lastCanadian;
}
