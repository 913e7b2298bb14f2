import { formatMoneyFor } from '@domain/checkout/locale';
import { ORDERING_MESSAGES } from '@domain/checkout/messages';
import type { Notice } from '@domain/platform/notices';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { useState } from 'react';

/** Product credit to apply, never above the balance (spec 2 §5). */
export function ProductCreditField({
  localeCode,
  creditBalance,
  appliedCredit,
  creditNotices,
  onCredit,
}: {
  localeCode: string;
  creditBalance: number;
  appliedCredit: number;
  /** The estimate's notices about the credit field (credit above the subtotal). */
  creditNotices: readonly Notice[];
  onCredit: (cents: number) => void;
}) {
  const [credit, setCredit] = useState(appliedCredit ? (appliedCredit / 100).toFixed(2) : '');
  // What happened to the amount asked: refused, or lowered to the balance (never silently).
  const [creditNote, setCreditNote] = useState<string | null>(null);
  const money = (c: number) => formatMoneyFor(c, localeCode);

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
  );
}
