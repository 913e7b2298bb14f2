import type { FailedOrder, RetryResult } from '@domain/downstream/failed';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import { CardActions, CardFields, CardList, CardTitle } from '@web/components/card-list';
import { CustomerLink, FailureReason, OrderLinks } from './failed-order-cells';
import { failedAt, labelOf } from './failed-order-labels';

/** The failed orders as cards (narrow screens), each with its own selection and retry. */
export function FailedOrdersCards({
  rows,
  canRetry,
  selected,
  onToggle,
  resultById,
  onRetry,
}: {
  rows: FailedOrder[];
  canRetry: boolean;
  selected: ReadonlySet<number>;
  onToggle: (id: number) => void;
  resultById: ReadonlyMap<number, RetryResult>;
  onRetry: (f: FailedOrder) => void;
}) {
  return (
    <Box sx={{ p: 1.5 }}>
      <CardList label="Failed orders" items={rows} itemKey={(f) => f.id} itemLabel={labelOf}>
        {(f) => {
          const label = labelOf(f);
          const last = resultById.get(f.id);
          return (
            <>
              <CardTitle
                aside={
                  canRetry && (
                    <Checkbox
                      checked={selected.has(f.id)}
                      onChange={() => onToggle(f.id)}
                      slotProps={{ input: { 'aria-label': `Select ${label}` } }}
                      sx={{ my: -1, mr: -1 }}
                    />
                  )
                }
              >
                <OrderLinks f={f} label={label} />
              </CardTitle>
              <FailureReason f={f} last={last} />
              <CardFields
                fields={[
                  ['Customer', <CustomerLink key="customer" f={f} />],
                  ['Attempts', f.attempts],
                  ['Failed', failedAt(f)],
                ]}
              />
              {canRetry && (
                <CardActions>
                  <Button
                    size="small"
                    variant="outlined"
                    onClick={() => onRetry(f)}
                    aria-label={`Retry ${label}`}
                  >
                    Retry
                  </Button>
                </CardActions>
              )}
            </>
          );
        }}
      </CardList>
    </Box>
  );
}
