import type { FailedOrder, RetryResult } from '@domain/downstream/failed';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { RetryOutcomeChip } from './retry-outcome-chip';

// A failed order's parts, the same in its card and in its table row.

export function OrderLinks({ f, label }: { f: FailedOrder; label: string }) {
  return (
    <Box sx={{ whiteSpace: 'nowrap' }}>
      <Link
        component={RouterLink}
        to={`/orders/${encodeURIComponent(f.orderDocId)}/info`}
        sx={{ fontFamily: 'ui-monospace, monospace', fontWeight: 600 }}
      >
        {label}
      </Link>
      <Box sx={{ fontSize: 12 }}>
        <Link component={RouterLink} to={`/orders/${encodeURIComponent(f.orderDocId)}/process`}>
          Process
        </Link>
      </Box>
    </Box>
  );
}

export const CustomerLink = ({ f }: { f: FailedOrder }) => (
  <Link component={RouterLink} to={`/customers/${encodeURIComponent(f.customerUid)}/dashboard`}>
    {f.customerName}
  </Link>
);

export function FailureReason({ f, last }: { f: FailedOrder; last: RetryResult | undefined }) {
  return (
    <>
      {f.errorCode && (
        <Typography variant="caption" component="div" sx={{ fontWeight: 600, color: 'error.main' }}>
          {f.errorCode}
        </Typography>
      )}
      <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
        {f.errorMessage}
      </Typography>
      {last && (
        <Box sx={{ mt: 0.5 }}>
          <RetryOutcomeChip outcome={last.outcome} />
        </Box>
      )}
    </>
  );
}
