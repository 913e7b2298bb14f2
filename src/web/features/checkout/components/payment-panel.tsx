import type { SavedCard } from '@domain/checkout/checkout';
import { formatMoneyFor } from '@domain/checkout/locale';
import type { Notice } from '@domain/platform/notices';
import Alert from '@mui/material/Alert';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import { Placeholder } from '@web/components/placeholder';
import { SectionCard } from '@web/components/section-card';
import { chunkLoader, lazyOr, preloader } from '@web/lib/chunk-load';
import { Suspense, useState } from 'react';
import { useNewCard } from '../hooks/use-new-card';
import { NewCardForm } from './new-card-form';
import { ProductCreditField } from './product-credit-field';
import type { SplitPaymentsEditorProps, SplitRowPayment } from './split-payments-editor';

function SplitEditorUnavailable(_props: SplitPaymentsEditorProps) {
  return <Alert severity="error">The split editor did not load. Reload the page to try again.</Alert>;
}

/** The split editor: its code loads when "Split across cards" is pointed at, focused or ticked. */
const loadSplitEditor = chunkLoader(() => import('./split-payments-editor'));
const SplitPaymentsEditor = lazyOr(
  () => loadSplitEditor().then((m) => m.SplitPaymentsEditor),
  SplitEditorUnavailable,
);
const preloadSplitEditor = preloader(loadSplitEditor);

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
  const card = useNewCard(localeCode, scope, (t) =>
    onPayment({ savedCard: false, cardId: null, squareNonce: t.token, saveCard: t.saveCard, label: t.label }),
  );
  const [mode, setMode] = useState<'saved' | 'new'>(cards.length > 0 ? 'saved' : 'new');
  const [split, setSplit] = useState(false);
  const money = (c: number) => formatMoneyFor(c, localeCode);

  return (
    <SectionCard title="Payment">
      <FormControlLabel
        onPointerEnter={preloadSplitEditor}
        onFocus={preloadSplitEditor}
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
        <Suspense fallback={<Placeholder height={160} aria-label="Loading the split editor" />}>
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
        </Suspense>
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
            <NewCardForm card={card} />
          )}
        </>
      )}
      {payment && (
        <Typography sx={{ mt: 1 }} data-testid="payment-choice">
          Paying with {payment.label}
        </Typography>
      )}
      <ProductCreditField
        localeCode={localeCode}
        creditBalance={creditBalance}
        appliedCredit={appliedCredit}
        creditNotices={creditNotices}
        onCredit={onCredit}
      />
    </SectionCard>
  );
}
