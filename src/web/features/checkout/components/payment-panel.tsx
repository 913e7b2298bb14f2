import { formatMoneyFor, ORDERING_MESSAGES, type SavedCard } from '@domain/checkout';
import type { Notice } from '@domain/platform/notices';
import { newCardProblems } from '@domain/validation';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { SectionCard } from '@web/components/section-card';
import { errorMessage } from '@web/lib/api-client';
import { persistedFormKey, sessionStore } from '@web/lib/session-store';
import { type FormEvent, useEffect, useState } from 'react';
import { tokenizeCard } from '../api/checkout';
import { paymentDraftOf } from './persisted-forms';
import { SplitPaymentsEditor, type SplitRowPayment } from './split-payments-editor';

export interface PaymentChoice {
  savedCard: boolean;
  cardId: string | null;
  squareNonce: string | null;
  saveCard?: boolean;
  label: string;
  /** Split across cards (ADR 030): each card with its amount. */
  splitPayments?: SplitRowPayment[];
}

/**
 * Payment (spec 2 §3, §4 payment data): a saved card, or a new card tokenised at the gateway (the
 * card form's creditCardNumber and creditCardVerification rules; only the token reaches the API),
 * and product credit, never above the balance (spec 2 §5).
 */
export function PaymentPanel({
  cards,
  payment,
  onPayment,
  localeCode,
  scope,
  creditBalance,
  appliedCredit,
  creditNotices = [],
  onCredit,
  dueCents,
  currency,
}: {
  cards: SavedCard[];
  payment: PaymentChoice | null;
  onPayment: (p: PaymentChoice | null) => void;
  localeCode: string;
  /** Whose checkout (the customer's uid): kept forms are per customer as well as per locale. */
  scope: string;
  creditBalance: number;
  appliedCredit: number;
  /** The estimate's notices about the credit field (credit above the subtotal). */
  creditNotices?: readonly Notice[];
  onCredit: (cents: number) => void;
  /** What the cards must pay (the estimate's total after credit), for a split; null before one. */
  dueCents: number | null;
  currency: string;
}) {
  const [number, setNumber] = useState('');
  const [cvv, setCvv] = useState('');
  const [expiry, setExpiry] = useState('');
  // Kept per locale (spec 3 §3 persist): the card's postal code and the save choice only.
  const draftKey = persistedFormKey('checkout-payment', localeCode, scope);
  const [draft] = useState(() => paymentDraftOf(sessionStore.get(draftKey)));
  const [postal, setPostal] = useState(draft.postal ?? '');
  const [save, setSave] = useState(draft.save ?? true);
  useEffect(() => sessionStore.set(draftKey, paymentDraftOf({ postal, save })), [draftKey, postal, save]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [mode, setMode] = useState<'saved' | 'new'>(cards.length > 0 ? 'saved' : 'new');
  const [split, setSplit] = useState(false);
  const [credit, setCredit] = useState(appliedCredit ? (appliedCredit / 100).toFixed(2) : '');
  // What happened to the amount asked: refused, or lowered to the balance (never silently).
  const [creditNote, setCreditNote] = useState<string | null>(null);
  const money = (c: number) => formatMoneyFor(c, localeCode);

  const tokenise = async (e: FormEvent) => {
    e.preventDefault();
    const found = newCardProblems({ number, cvv, expiry, postal });
    setErrors(found);
    if (Object.keys(found).length) return;
    setBusy(true);
    try {
      const t = await tokenizeCard({ number, cvv, expiry, postalCode: postal });
      onPayment({
        savedCard: false,
        cardId: null,
        squareNonce: t.data.token,
        saveCard: save,
        label: `${t.data.brand} ending ${t.data.last4}`,
      });
      setNumber('');
      setCvv('');
    } catch (err) {
      setErrors({ form: errorMessage(err) });
    } finally {
      setBusy(false);
    }
  };

  const applyCredit = () => {
    const cents = Math.round(Number(credit.trim() || '0') * 100);
    if (!Number.isFinite(cents) || cents < 0) {
      setCreditNote('Enter an amount in dollars, like 12.50.');
      return;
    }
    onCredit(Math.min(cents, creditBalance));
    if (cents > creditBalance) {
      // Spec 2 §5: never above the balance; the balance is applied and the screen says so.
      setCredit((creditBalance / 100).toFixed(2));
      setCreditNote(`${ORDERING_MESSAGES.creditOverBalance} ${money(creditBalance)} was applied.`);
    } else setCreditNote(null);
  };
  const creditMessage = creditNote ?? creditNotices[0]?.message ?? null;

  return (
    <SectionCard title="Payment">
      <FormControlLabel
        control={
          <Checkbox
            checked={split}
            onChange={(e) => {
              setSplit(e.target.checked);
              onPayment(null);
            }}
          />
        }
        label="Split across cards"
      />
      {split ? (
        <SplitPaymentsEditor
          cards={cards}
          dueCents={dueCents}
          localeCode={localeCode}
          currency={currency}
          onSplit={(splits) =>
            onPayment(
              splits
                ? {
                    savedCard: false,
                    cardId: null,
                    squareNonce: null,
                    label: `${splits.length} cards: ${splits.map((s) => `${s.label} ${money(s.amount)}`).join(', ')}`,
                    splitPayments: splits,
                  }
                : null,
            )
          }
        />
      ) : (
        <>
          <RadioGroup
            row
            value={mode}
            onChange={(e) => setMode(e.target.value as 'saved' | 'new')}
            aria-label="Card"
          >
            <FormControlLabel
              value="saved"
              control={<Radio />}
              label="Saved card"
              disabled={cards.length === 0}
            />
            <FormControlLabel value="new" control={<Radio />} label="New card" />
          </RadioGroup>
          {mode === 'saved' ? (
            cards.length === 0 ? (
              <Typography color="text.secondary">No saved cards for this country.</Typography>
            ) : (
              <RadioGroup
                aria-label="Saved cards"
                value={payment?.savedCard ? payment.cardId : ''}
                onChange={(e) => {
                  const c = cards.find((x) => x.id === e.target.value);
                  if (c)
                    onPayment({
                      savedCard: true,
                      cardId: c.id,
                      squareNonce: null,
                      label: `${c.brand} ending ${c.last4}`,
                    });
                }}
              >
                {cards.map((c) => (
                  <FormControlLabel
                    key={c.id}
                    value={c.id}
                    control={<Radio />}
                    label={`${c.brand} ending ${c.last4} · ${String(c.expMonth).padStart(2, '0')}/${String(c.expYear).slice(-2)}`}
                  />
                ))}
              </RadioGroup>
            )
          ) : (
            <Box
              component="form"
              onSubmit={tokenise}
              aria-label="New card"
              noValidate
              // Columns of at least 180 px: every label ("Card postal code") is read whole.
              sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: 'repeat(auto-fill, minmax(180px, 1fr))' }}
            >
              <TextField
                size="small"
                label="Card number"
                value={number}
                onChange={(e) => setNumber(e.target.value)}
                error={!!errors.number}
                helperText={errors.number}
                autoComplete="cc-number"
                inputMode="numeric"
              />
              <TextField
                size="small"
                label="CVV"
                value={cvv}
                onChange={(e) => setCvv(e.target.value)}
                error={!!errors.cvv}
                helperText={errors.cvv}
                autoComplete="cc-csc"
                inputMode="numeric"
              />
              <TextField
                size="small"
                label="Expiry (MM/YY)"
                value={expiry}
                onChange={(e) => setExpiry(e.target.value)}
                error={!!errors.expiry}
                helperText={errors.expiry}
                autoComplete="cc-exp"
              />
              <TextField
                size="small"
                label="Card postal code"
                value={postal}
                onChange={(e) => setPostal(e.target.value)}
                error={!!errors.postal}
                helperText={errors.postal}
                autoComplete="postal-code"
              />
              <FormControlLabel
                control={<Checkbox checked={save} onChange={(e) => setSave(e.target.checked)} />}
                label="Save card"
              />
              <Button type="submit" variant="outlined" loading={busy}>
                Use this card
              </Button>
              {errors.form && (
                <Alert severity="error" sx={{ gridColumn: '1 / -1' }}>
                  {errors.form}
                </Alert>
              )}
            </Box>
          )}
        </>
      )}
      {payment && (
        <Typography sx={{ mt: 1 }} data-testid="payment-choice">
          Paying with {payment.label}
        </Typography>
      )}
      <Box sx={{ display: 'flex', gap: 1, mt: 2, alignItems: 'flex-start', flexWrap: 'wrap' }}>
        <TextField
          size="small"
          label="Product credit to apply"
          value={credit}
          onChange={(e) => setCredit(e.target.value)}
          error={creditMessage !== null}
          helperText={
            creditMessage
              ? `${creditMessage} Available: ${money(creditBalance)}`
              : `Available: ${money(creditBalance)}`
          }
          // The balance stays readable when there is none to apply (disabled text fails contrast).
          slotProps={{ formHelperText: { sx: { '&.Mui-disabled': { color: 'text.secondary' } } } }}
          disabled={creditBalance === 0}
          inputMode="decimal"
        />
        <Button variant="outlined" onClick={applyCredit} disabled={creditBalance === 0}>
          Apply credit
        </Button>
      </Box>
    </SectionCard>
  );
}
