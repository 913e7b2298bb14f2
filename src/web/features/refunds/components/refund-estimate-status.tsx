import { REFUND_MESSAGES } from '@domain/refunds/refund-math';
import type { RefundEstimate } from '@domain/refunds/refunds';
import Alert from '@mui/material/Alert';
import Typography from '@mui/material/Typography';
import { errorMessage } from '@web/lib/api-client';
import { EstimateSummary } from './estimate-summary';

/** Where the selection's estimate stands: nothing chosen yet, estimating, failed, or its figures. */
export function RefundEstimateStatus({
  nothingChosen,
  estimating,
  estimateFailed,
  estimateError,
  estimate,
  currency,
  locale,
}: {
  nothingChosen: boolean;
  estimating: boolean;
  estimateFailed: boolean;
  estimateError: unknown;
  estimate: RefundEstimate | undefined;
  currency: string;
  locale: string;
}) {
  return (
    <>
      {nothingChosen && (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          Choose products or shipping to see the refund estimate, or enter an amount alone to refund what
          remains paid on the order.
        </Typography>
      )}
      <Typography
        variant="body2"
        role="status"
        sx={{ color: 'text.secondary', display: estimating ? 'block' : 'none' }}
      >
        {estimating ? 'Estimating…' : ''}
      </Typography>
      {estimateFailed ? (
        <Alert severity="error">
          {REFUND_MESSAGES.estimateFailed(errorMessage(estimateError, 'no answer'))}
        </Alert>
      ) : estimate ? (
        <EstimateSummary estimate={estimate} currency={currency} locale={locale} />
      ) : null}
    </>
  );
}
