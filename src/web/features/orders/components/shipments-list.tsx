import type { OrderDetail } from '@domain/orders/detail';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { formatDateTime } from '@web/lib/format';

/** The order's shipments, each with its carrier, tracking number (a link when it has one) and date. */
export function ShipmentsList({ order }: { order: OrderDetail }) {
  if (order.shipments.length === 0)
    return (
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        Not shipped yet.
      </Typography>
    );
  return (
    <Box component="ul" sx={{ m: 0, p: 0, listStyle: 'none', display: 'grid', gap: 1 }}>
      {order.shipments.map((s) => (
        <li key={`${s.carrierId}-${s.trackingNumber}`}>
          <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
            {s.carrierName} ·{' '}
            {s.trackingUrl ? (
              <Link href={s.trackingUrl} target="_blank" rel="noopener noreferrer">
                {s.trackingNumber}
              </Link>
            ) : (
              s.trackingNumber
            )}
          </Typography>
          <Typography variant="caption" sx={{ color: 'text.secondary' }}>
            Shipped {formatDateTime(s.shippedAt)}
          </Typography>
        </li>
      ))}
    </Box>
  );
}
