import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Placeholder } from '@web/components/placeholder';
import { errorMessage } from '@web/lib/api-client';
import { isDesktopTier, useLayoutTier } from '@web/lib/use-layout-tier';
import { useProductCredit } from '../api/product-credit';
import { CreditAdjustForm } from './credit-adjust-form';
import { CreditCountrySection } from './credit-country-section';

interface ProductCreditTabProps {
  uid: string;
  /** Whether the signed-in role may adjust credit (credit.adjust). */
  canAdjust: boolean;
}

/** Credit tab: US and CA balances with their ledgers, and the adjustment form (spec 1 §2 Credit). */
export function ProductCreditTab({ uid, canAdjust }: ProductCreditTabProps) {
  const credit = useProductCredit(uid);
  const compact = !isDesktopTier(useLayoutTier());
  return (
    <Box component="section" aria-labelledby="credit-heading">
      <Typography id="credit-heading" variant="h2" sx={{ fontSize: '1.25rem', fontWeight: 600, mb: 2 }}>
        Product credit
      </Typography>
      {credit.isPending && (
        <Stack spacing={2} role="status" aria-busy="true" aria-label="Loading product credit">
          <Placeholder height={180} />
          <Placeholder height={180} />
        </Stack>
      )}
      {credit.isError && (
        <Alert severity="error">{errorMessage(credit.error, 'Could not load product credit.')}</Alert>
      )}
      {credit.data && (
        <Stack spacing={2}>
          {canAdjust && (
            <CreditAdjustForm
              uid={uid}
              credit={credit.data}
              defaultCountry={credit.data.ca.balance > 0 && credit.data.us.balance === 0 ? 'ca' : 'us'}
            />
          )}
          <CreditCountrySection credit={credit.data.us} compact={compact} />
          <CreditCountrySection credit={credit.data.ca} compact={compact} />
        </Stack>
      )}
    </Box>
  );
}
