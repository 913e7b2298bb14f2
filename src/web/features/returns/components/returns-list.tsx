import { RETURN_STATUSES } from '@domain/reference';
import { RETURN_MESSAGES, RETURN_SEARCH, type ReturnRecord } from '@domain/returns/returns';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useAlert } from '@web/components/alert/alert-context';
import { CardActions, CardFields, CardTitle } from '@web/components/card-list';
import { DataTable, type DataTableColumn } from '@web/components/data-table';
import { EmptyState } from '@web/components/empty-state';
import { errorMessage } from '@web/lib/api-client';
import { formatDateTime } from '@web/lib/format';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useReturns, useSetReturnStatus } from '../api/returns';

// /returns (spec 2 §2 Returns list; §4 Return statuses; §5 Returns search; §8 messages).

const orderPath = (r: ReturnRecord, tab: 'info' | 'refunds') =>
  `/orders/${encodeURIComponent(r.orderDocId)}/${tab}`;

/** Returned products by name ("Deluxe Serum × 2"); a SKU the catalog does not know stays a SKU. */
const returnedItems = (items: ReturnRecord['items']) =>
  items.map((i) => `${i.title ?? `SKU ${i.sku}`} × ${i.quantity}`).join(', ');

const itemsOf = (r: ReturnRecord) => returnedItems(r.items);

/** The order's number (to its info) and its refunds, with the Phoenix number beneath. */
function OrderLinks({ record: r }: { record: ReturnRecord }) {
  return (
    <>
      <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
        <Link component={RouterLink} to={orderPath(r, 'info')}>
          {r.orderLabel}
        </Link>
        {' · '}
        <Link component={RouterLink} to={orderPath(r, 'refunds')}>
          Refunds
        </Link>
      </Box>
      <Typography variant="caption" component="div" sx={{ color: 'text.secondary' }}>
        Phoenix {r.phoenixOrderId ?? 'N/A'}
      </Typography>
    </>
  );
}

function StatusCell({ record, canEdit }: { record: ReturnRecord; canEdit: boolean }) {
  const [value, setValue] = useState(record.returnStatus);
  const change = useSetReturnStatus();
  const alert = useAlert();
  if (!canEdit) return <>{record.returnStatusName}</>;
  const save = () =>
    change.mutate(
      { id: record.docId, returnStatus: value },
      {
        onSuccess: (answer) => alert.success(answer.message),
        onError: (error) => alert.error(errorMessage(error, 'The status could not be changed.')),
      },
    );
  return (
    <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', minWidth: 230 }}>
      <TextField
        select
        size="small"
        value={value}
        onChange={(e) => setValue(Number(e.target.value))}
        slotProps={{
          select: { native: true },
          htmlInput: { 'aria-label': `Status of the return of order ${record.orderLabel}` },
        }}
        sx={{ minWidth: 140 }}
      >
        {RETURN_STATUSES.map((s) => (
          <option key={s.id} value={s.id}>
            {s.name}
          </option>
        ))}
      </TextField>
      <Button
        size="small"
        variant="outlined"
        disabled={value === record.returnStatus}
        loading={change.isPending}
        onClick={save}
      >
        Save
      </Button>
    </Box>
  );
}

const columns = (canEdit: boolean): DataTableColumn<ReturnRecord>[] => [
  { key: 'created', header: 'Created', cell: (r) => formatDateTime(r.dateCreatedUTC) },
  { key: 'order', header: 'Order', cellSx: { whiteSpace: 'nowrap' }, cell: (r) => <OrderLinks record={r} /> },
  { key: 'customer', header: 'Customer', cell: (r) => r.customerName },
  { key: 'items', header: 'Items', cell: (r) => returnedItems(r.items) },
  { key: 'reason', header: 'Reason', cell: (r) => r.reason ?? '' },
  {
    key: 'status',
    header: 'Status',
    cellSx: { whiteSpace: 'nowrap' },
    cell: (r) => <StatusCell key={`${r.docId}-${r.returnStatus}`} record={r} canEdit={canEdit} />,
  },
];

/** On a phone each return is a card: the order's links, its values, and the status to change. */
function ReturnCard({ r, canEdit }: { r: ReturnRecord; canEdit: boolean }) {
  return (
    <>
      <CardTitle>
        <OrderLinks record={r} />
      </CardTitle>
      <CardFields
        fields={[
          ['Created', formatDateTime(r.dateCreatedUTC)],
          ['Customer', r.customerName],
          ['Items', itemsOf(r)],
          ['Reason', r.reason ?? ''],
          ...(canEdit ? [] : [['Status', r.returnStatusName] as [string, string]]),
        ]}
      />
      {canEdit && (
        <CardActions>
          <StatusCell key={`${r.docId}-${r.returnStatus}`} record={r} canEdit />
        </CardActions>
      )}
    </>
  );
}

export function ReturnsList({ canEdit }: { canEdit: boolean }) {
  const [text, setText] = useState('');
  const [search, setSearch] = useState<string | null>(null);
  const [invalid, setInvalid] = useState(false);
  const returns = useReturns(search);
  const onSearch = (e: React.FormEvent) => {
    e.preventDefault();
    const t = text.trim();
    if (t === '') return setSearch(null);
    if (!RETURN_SEARCH.test(t)) return setInvalid(true);
    setInvalid(false);
    setSearch(t);
  };
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Box
        component="form"
        role="search"
        onSubmit={onSearch}
        noValidate
        sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'flex-start' }}
      >
        <TextField
          size="small"
          label="Order id"
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            setInvalid(false);
          }}
          error={invalid}
          helperText={
            invalid ? RETURN_MESSAGES.searchInvalid : '9-digit order id, or 7-digit legacy id (F optional)'
          }
          sx={{ width: { xs: '100%', sm: 340 } }}
        />
        <Button type="submit" variant="contained">
          Search
        </Button>
        {search && (
          <Button
            type="button"
            onClick={() => {
              setText('');
              setSearch(null);
            }}
          >
            Show pending
          </Button>
        )}
      </Box>
      <Typography variant="subtitle2" component="h2">
        {search ? `Returns of order ${search}` : 'Pending returns (Initiated)'}
      </Typography>
      <DataTable
        label="Returns"
        region
        hover={false}
        tableSx={{ minWidth: 860 }}
        columns={columns(canEdit)}
        rows={returns.data ?? []}
        rowKey={(r) => r.docId}
        loading={returns.isPending}
        loadingLabel="Loading returns"
        error={returns.error}
        empty={
          <EmptyState
            title={search ? 'No returns for that order' : 'No pending returns'}
            description={search ? 'Check the order id.' : 'Every return has been received or completed.'}
          />
        }
        card={(r) => <ReturnCard r={r} canEdit={canEdit} />}
        cardProps={{ itemLabel: (r) => `Return of order ${r.orderLabel}` }}
      />
    </Box>
  );
}
