import type { SavedCard } from '@domain/checkout/checkout';
import { formatMoneyFor } from '@domain/checkout/locale';
import {
  leftToAssign,
  MAX_SPLIT_CARDS,
  MIN_SPLIT_CARDS,
  SPLIT_MESSAGES,
  splitTotalMessage,
} from '@domain/checkout/split-rules';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import { amountError, centsOf } from './split-amounts';
import { SplitNewCardForm } from './split-new-card-form';

// Split across cards (spec 2 §3 Payment.splitPayments; ADR 030): two to four card rows, each a
// saved card or a new card tokenised at the gateway, with its amount; a running "Left to assign"
// in money and a remainder button per row. The rows make a payment only once every row has a card
// and a good amount and the amounts add up to what the cards must pay (the total after credit).

export interface SplitRowPayment {
  amount: number;
  cardId: string | null;
  squareNonce: string | null;
  saveCard?: boolean;
  label: string;
}

interface Row {
  key: number;
  /** A saved card's id, 'new' for a new card, '' for none chosen yet. */
  choice: string;
  token: { token: string; label: string } | null;
  amount: string;
}

const NEW = 'new';

export interface SplitPaymentsEditorProps {
  cards: SavedCard[];
  /** What the cards must pay (the estimate's total after product credit); null before an estimate. */
  dueCents: number | null;
  localeCode: string;
  currency: string;
  /** The complete split, or null while it is not (a card missing, an amount wrong, money left). */
  onSplit: (splits: SplitRowPayment[] | null) => void;
}

export function SplitPaymentsEditor({
  cards,
  dueCents,
  localeCode,
  currency,
  onSplit,
}: SplitPaymentsEditorProps) {
  const nextKey = useRef(2);
  const [rows, setRows] = useState<Row[]>([
    { key: 0, choice: cards[0]?.id ?? '', token: null, amount: '' },
    { key: 1, choice: cards[1]?.id ?? '', token: null, amount: '' },
  ]);
  const money = (c: number) => formatMoneyFor(c, localeCode);
  const amounts = rows.map((r) => centsOf(r.amount) ?? 0);
  const left = dueCents === null ? null : leftToAssign(dueCents, amounts);

  const labelOf = (r: Row): string | null => {
    if (r.choice === NEW) return r.token?.label ?? null;
    const c = cards.find((x) => x.id === r.choice);
    return c ? `${c.brand} ending ${c.last4}` : null;
  };
  const complete =
    dueCents !== null &&
    left === 0 &&
    rows.every((r) => labelOf(r) !== null && amountError(r.amount) === null && (centsOf(r.amount) ?? 0) > 0);
  const splits: SplitRowPayment[] | null = complete
    ? rows.map((r) => ({
        amount: centsOf(r.amount)!,
        cardId: r.choice === NEW ? null : r.choice,
        squareNonce: r.choice === NEW ? r.token!.token : null,
        ...(r.choice === NEW ? { saveCard: false } : {}),
        label: labelOf(r)!,
      }))
    : null;
  const splitKey = JSON.stringify(splits);
  // biome-ignore lint/correctness/useExhaustiveDependencies: keyed on the split it reports
  useEffect(() => onSplit(splits), [splitKey]);

  const update = (key: number, patch: Partial<Row>) =>
    setRows((rs) => rs.map((r) => (r.key === key ? { ...r, ...patch } : r)));
  const chosen = new Set(rows.map((r) => r.choice).filter((c) => c && c !== NEW));
  const totalMessage =
    dueCents !== null && left !== 0 && rows.every((r) => r.amount.trim() !== '')
      ? splitTotalMessage(dueCents, amounts, currency, localeCode)
      : null;

  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, mt: 1, display: 'grid', gap: 1.5 }}>
      <Typography component="legend" variant="subtitle2" sx={{ mb: 1 }}>
        Cards and amounts
      </Typography>
      {rows.map((r, i) => (
        <Box
          key={r.key}
          role="group"
          aria-label={`Card ${i + 1}`}
          data-testid="split-row"
          sx={{
            display: 'grid',
            gap: 1,
            gridTemplateColumns: { xs: '1fr', sm: 'minmax(180px, 2fr) minmax(120px, 1fr) auto auto' },
            alignItems: 'start',
            borderBottom: 1,
            borderColor: 'divider',
            pb: 1.5,
          }}
        >
          <TextField
            select
            size="small"
            label={`Card ${i + 1}`}
            value={r.choice}
            onChange={(e) => update(r.key, { choice: e.target.value, token: null })}
            error={r.choice === ''}
            helperText={r.choice === '' ? SPLIT_MESSAGES.chooseCard : undefined}
          >
            {cards.map((c) => (
              <MenuItem key={c.id} value={c.id} disabled={chosen.has(c.id) && c.id !== r.choice}>
                {c.brand} ending {c.last4} · {String(c.expMonth).padStart(2, '0')}/
                {String(c.expYear).slice(-2)}
              </MenuItem>
            ))}
            <MenuItem value={NEW}>New card</MenuItem>
          </TextField>
          <TextField
            size="small"
            label={`Amount ${i + 1}`}
            value={r.amount}
            onChange={(e) => update(r.key, { amount: e.target.value })}
            error={amountError(r.amount) !== null}
            helperText={amountError(r.amount) ?? undefined}
            inputMode="decimal"
          />
          <Button
            variant="text"
            disabled={left === null || left <= 0}
            onClick={() => {
              const now = centsOf(r.amount) ?? 0;
              update(r.key, { amount: ((now + (left ?? 0)) / 100).toFixed(2) });
            }}
            aria-label={`Put what is left on card ${i + 1}`}
          >
            Remainder
          </Button>
          <Button
            variant="text"
            color="error"
            disabled={rows.length <= MIN_SPLIT_CARDS}
            onClick={() => setRows((rs) => rs.filter((x) => x.key !== r.key))}
            aria-label={`Remove card ${i + 1}`}
          >
            Remove
          </Button>
          {r.choice === NEW && (
            <Box sx={{ gridColumn: '1 / -1' }}>
              {r.token ? (
                <Typography variant="body2">
                  {r.token.label}{' '}
                  <Button size="small" onClick={() => update(r.key, { token: null })}>
                    Change
                  </Button>
                </Typography>
              ) : (
                <SplitNewCardForm index={i + 1} onToken={(token) => update(r.key, { token })} />
              )}
            </Box>
          )}
        </Box>
      ))}
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
        <Button
          variant="outlined"
          disabled={rows.length >= MAX_SPLIT_CARDS}
          onClick={() => {
            const key = nextKey.current++;
            const free = cards.find((c) => !chosen.has(c.id));
            setRows((rs) => [...rs, { key, choice: free?.id ?? '', token: null, amount: '' }]);
          }}
        >
          Add card
        </Button>
        <Typography role="status" aria-live="polite" data-testid="split-left">
          {left === null ? 'Left to assign: waiting for the total' : `Left to assign: ${money(left)}`}
        </Typography>
      </Box>
      {rows.length >= MAX_SPLIT_CARDS && (
        <Typography variant="body2" color="text.secondary">
          {SPLIT_MESSAGES.tooMany}
        </Typography>
      )}
      {totalMessage && (
        <Alert severity="warning" data-testid="split-total-message">
          {totalMessage}
        </Alert>
      )}
    </Box>
  );
}
