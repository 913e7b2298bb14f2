import { BATCH_ORDER_COLUMNS, batchOrderTypeLabel } from '@domain/batch-orders/batch-order-words';
import PlaylistAddCheckOutlined from '@mui/icons-material/PlaylistAddCheckOutlined';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { UploadList } from '@web/components/upload/upload-list';
import { UploadPanel } from '@web/components/upload/upload-panel';
import { Link as RouterLink, useNavigate } from 'react-router';
import { useBatchOrders } from '../api/batch-orders';

const HELP = (
  <>
    Columns: <code>account</code> (account number or id), <code>skus</code> (SKU:quantity separated by
    semicolons, e.g. <code>1001:2;1002:1</code>), <code>shippingAddress</code> (an address id of the account,
    or blank for its default), <code>orderType</code> (10 Replacement, 20 Adjustment, 12 Employee) and{' '}
    <code>reason</code>. Replacement and adjustment orders are free; employee orders are charged the catalog
    price with tax by payroll deduction. The same file is never applied twice.
  </>
);

/** /batchOrders: upload, preview, confirm; the batches with their progress. */
export function BatchOrdersScreen() {
  const batches = useBatchOrders();
  const navigate = useNavigate();
  return (
    <Stack spacing={3}>
      <UploadPanel
        base="batchOrders"
        help={HELP}
        columns={BATCH_ORDER_COLUMNS}
        onConfirmed={(id) => navigate(`/batchOrders/${id}/details`)}
      />
      <Typography component="h2" variant="h6">
        Batches
      </Typography>
      <UploadList
        base="batchOrders"
        label="batch orders"
        query={batches}
        emptyIcon={<PlaylistAddCheckOutlined />}
        extra={{ header: 'Order type', cell: (s) => batchOrderTypeLabel(s.orderType) }}
        actions={(s) => (
          <>
            <Link component={RouterLink} to={`/batchOrders/${s.id}/details`}>
              Details
            </Link>
            {s.failedRows > 0 && (
              <Link component={RouterLink} to={`/batchOrders/${s.id}/failed`}>
                Failed rows ({s.failedRows})
              </Link>
            )}
          </>
        )}
      />
    </Stack>
  );
}
