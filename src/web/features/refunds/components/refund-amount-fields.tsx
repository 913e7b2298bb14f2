import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import type { Ref } from 'react';

/** The refund's two amounts: to the cards and to product credit; the one past a limit says which. */
export function RefundAmountFields({
  amount,
  pcAmount,
  onAmount,
  onPcAmount,
  amountRef,
  pcRef,
  amountError,
  pcAmountError,
  amountBlamed,
  pcBlamed,
  limitHelp,
  cardsRemaining,
}: {
  amount: string;
  pcAmount: string;
  onAmount: (text: string) => void;
  onPcAmount: (text: string) => void;
  amountRef: Ref<HTMLInputElement>;
  pcRef: Ref<HTMLInputElement>;
  amountError: boolean;
  pcAmountError: boolean;
  amountBlamed: boolean;
  pcBlamed: boolean;
  limitHelp: string | null;
  /** What remains on the cards, in money. */
  cardsRemaining: string;
}) {
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2 }}>
      <TextField
        label="Refund amount (cards)"
        value={amount}
        onChange={(ev) => onAmount(ev.target.value)}
        inputRef={amountRef}
        error={amountError || amountBlamed}
        helperText={
          amountError
            ? 'Enter an amount like 12.50'
            : amountBlamed
              ? limitHelp
              : `Up to ${cardsRemaining} remains on the cards`
        }
        slotProps={{ htmlInput: { inputMode: 'decimal' } }}
        sx={{ width: { xs: '100%', sm: 280 } }}
      />
      <TextField
        label="Product credit amount"
        value={pcAmount}
        onChange={(ev) => onPcAmount(ev.target.value)}
        inputRef={pcRef}
        error={pcAmountError || pcBlamed}
        helperText={
          pcAmountError
            ? 'Enter an amount like 12.50'
            : pcBlamed
              ? limitHelp
              : 'Goes back to the customer’s product credit'
        }
        slotProps={{ htmlInput: { inputMode: 'decimal' } }}
        sx={{ width: { xs: '100%', sm: 280 } }}
      />
    </Box>
  );
}
