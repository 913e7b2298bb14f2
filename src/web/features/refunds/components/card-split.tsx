import { formatMoney } from '@domain/reference/money';
import type { RefundCardView } from '@domain/refunds/refunds';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { parseMoney } from './money';

// The per-card split of a refund (spec 2 §4: override, split auto refund, selection split), each
// card with what remains refundable on it.

export type SplitFlow = 'selection' | 'auto' | 'override';

export const cardLabel = (c: Pick<RefundCardView, 'method' | 'brand' | 'accountNumber'>) =>
  c.method === 'alternative'
    ? 'Alternative payment'
    : `${c.brand ?? 'Card'} •••• ${c.accountNumber ?? '????'}`;

interface CardSplitProps {
  cards: RefundCardView[];
  currency: string;
  /** The order's locale (ADR 024). */
  locale: string;
  flow: SplitFlow;
  onFlow: (flow: SplitFlow) => void;
  selected: string[];
  onSelected: (ids: string[]) => void;
  /** What each card gets in the selection and auto flows (cents). */
  proposed: Record<string, number>;
  overrides: Record<string, string>;
  onOverride: (transactionId: string, text: string) => void;
}

export function CardSplit(props: CardSplitProps) {
  const { cards, currency, locale, flow, selected, proposed, overrides } = props;
  const flowLabel = useId();
  const money = (c: number) => formatMoney(c, currency, locale);
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
      <Typography component="legend" variant="subtitle2" id={flowLabel} sx={{ mb: 0.5 }}>
        Refund to cards
      </Typography>
      {cards.length > 1 && (
        <RadioGroup
          row
          aria-labelledby={flowLabel}
          value={flow}
          onChange={(e) => props.onFlow(e.target.value as SplitFlow)}
        >
          <FormControlLabel value="selection" control={<Radio />} label="Selected cards" />
          <FormControlLabel value="auto" control={<Radio />} label="Split automatically" />
          <FormControlLabel value="override" control={<Radio />} label="Enter amounts" />
        </RadioGroup>
      )}
      <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1 }}>
        {cards.map((c) => {
          const name = cardLabel(c);
          const text = overrides[c.transactionId] ?? '';
          const parsed = parseMoney(text);
          const over = !parsed.error && parsed.cents > c.remainingAmount;
          return (
            <Box
              component="li"
              key={c.transactionId}
              sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5, py: 0.5 }}
            >
              {flow === 'selection' && cards.length > 1 ? (
                <FormControlLabel
                  sx={{ minWidth: 200, mr: 0 }}
                  control={
                    <Checkbox
                      checked={selected.includes(c.transactionId)}
                      onChange={(e) =>
                        props.onSelected(
                          e.target.checked
                            ? [...selected, c.transactionId]
                            : selected.filter((id) => id !== c.transactionId),
                        )
                      }
                    />
                  }
                  label={name}
                />
              ) : (
                <Typography variant="body2" sx={{ minWidth: 200 }}>
                  {name}
                </Typography>
              )}
              <Typography variant="body2" sx={{ color: 'text.secondary', minWidth: 180 }}>
                Remaining {money(c.remainingAmount)} of {money(c.paidAmount)}
              </Typography>
              {flow === 'override' ? (
                <TextField
                  size="small"
                  label="Refund"
                  value={text}
                  onChange={(e) => props.onOverride(c.transactionId, e.target.value)}
                  error={parsed.error || over}
                  helperText={
                    parsed.error
                      ? 'Enter an amount like 12.50'
                      : over
                        ? 'More than remains on this card'
                        : ' '
                  }
                  slotProps={{ htmlInput: { inputMode: 'decimal', 'aria-label': `Refund to ${name}` } }}
                  sx={{ width: 200 }}
                />
              ) : (
                <Typography variant="body2" sx={{ fontWeight: 500 }}>
                  Refund {money(proposed[c.transactionId] ?? 0)}
                </Typography>
              )}
            </Box>
          );
        })}
      </Box>
    </Box>
  );
}
