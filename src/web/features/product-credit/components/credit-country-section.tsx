import { CREDIT_CURRENCY } from '@domain/product-credit/credit-rules';
import type { CountryCredit } from '@domain/product-credit/product-credit';
import { formatMoney } from '@domain/reference/money';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatDate } from '@web/lib/format';
import { LedgerTable } from './ledger-table';

interface CreditCountrySectionProps {
  credit: CountryCredit;
  compact: boolean;
}

/** One country's product credit: balance, expiration and ledger (spec 1 §3 Product credit). */
export function CreditCountrySection({ credit, compact }: CreditCountrySectionProps) {
  const { name, currency } = CREDIT_CURRENCY[credit.country];
  const headingId = `credit-${credit.country}-heading`;
  return (
    <Paper variant="outlined" component="section" aria-labelledby={headingId} sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography id={headingId} variant="h3" sx={{ fontSize: '1.1rem', fontWeight: 600, mb: 1.5 }}>
        {name} ({currency})
      </Typography>
      <Stack direction="row" sx={{ gap: 4, flexWrap: 'wrap', mb: 2 }}>
        <Box>
          <Typography variant="caption" sx={{ color: 'text.secondary' }}>
            Balance
          </Typography>
          <Typography
            variant="h4"
            component="p"
            data-testid={`balance-${credit.country}`}
            sx={{ fontWeight: 600 }}
          >
            {formatMoney(credit.balance, currency)}
          </Typography>
        </Box>
        <Box>
          <Typography variant="caption" sx={{ color: 'text.secondary' }}>
            Expiration
          </Typography>
          <Typography variant="h6" component="p">
            {credit.expirationDate ? formatDate(credit.expirationDate) : '—'}
          </Typography>
        </Box>
      </Stack>
      <LedgerTable credit={credit} compact={compact} />
      {credit.ledgerTruncated && (
        <Typography variant="caption" sx={{ color: 'text.secondary', display: 'block', mt: 1 }}>
          Showing the newest {credit.ledger.length} entries.
        </Typography>
      )}
    </Paper>
  );
}
