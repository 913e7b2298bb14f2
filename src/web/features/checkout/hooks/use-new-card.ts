import { newCardProblems } from '@domain/validation/checks';
import { errorMessage } from '@web/lib/api-client';
import { persistedFormKey, sessionStore } from '@web/lib/session-store';
import { type FormEvent, useEffect, useState } from 'react';
import { tokenizeCard } from '../api/checkout';
import { paymentDraftOf } from '../components/persisted-forms';

export interface NewCardToken {
  token: string;
  saveCard: boolean;
  label: string;
}

/**
 * The new card form's fields, checked by the card form's rules (creditCardNumber,
 * creditCardVerification) and tokenised at the gateway: only the token reaches the API. The
 * card's postal code and the save choice are kept per locale (spec 3 §3 persist), never the rest.
 */
export function useNewCard(localeCode: string, scope: string, onToken: (card: NewCardToken) => void) {
  const [number, setNumber] = useState('');
  const [cvv, setCvv] = useState('');
  const [expiry, setExpiry] = useState('');
  const draftKey = persistedFormKey('checkout-payment', localeCode, scope);
  const [draft] = useState(() => paymentDraftOf(sessionStore.get(draftKey)));
  const [postal, setPostal] = useState(draft.postal ?? '');
  const [save, setSave] = useState(draft.save ?? true);
  useEffect(() => sessionStore.set(draftKey, paymentDraftOf({ postal, save })), [draftKey, postal, save]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  const tokenise = async (e: FormEvent) => {
    e.preventDefault();
    const found = newCardProblems({ number, cvv, expiry, postal });
    setErrors(found);
    if (Object.keys(found).length) return;
    setBusy(true);
    try {
      const t = await tokenizeCard({ number, cvv, expiry, postalCode: postal });
      onToken({ token: t.data.token, saveCard: save, label: `${t.data.brand} ending ${t.data.last4}` });
      setNumber('');
      setCvv('');
    } catch (err) {
      setErrors({ form: errorMessage(err) });
    } finally {
      setBusy(false);
    }
  };

  return {
    values: { number, cvv, expiry, postal, save },
    set: { number: setNumber, cvv: setCvv, expiry: setExpiry, postal: setPostal, save: setSave },
    errors,
    busy,
    tokenise,
  };
}

export type NewCard = ReturnType<typeof useNewCard>;
