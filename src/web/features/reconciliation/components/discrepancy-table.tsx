import type { Discrepancy } from '@domain/reconciliation/reconciliation';
import { DataTable, type DataTableColumn } from '@web/components/data-table';
import { formatDateTime } from '@web/lib/format';
import { amountsOf, CustomerLinkText, KindAndDetails, RecordLinkText } from './discrepancy-parts';

const nowrap = { whiteSpace: 'nowrap' } as const;

const COLUMNS: DataTableColumn<Discrepancy>[] = [
  {
    key: 'discrepancy',
    header: 'Discrepancy',
    cell: (d) => <KindAndDetails d={d} />,
    cellSx: { minWidth: 240, maxWidth: 400 },
  },
  { key: 'record', header: 'Record', cell: (d) => <RecordLinkText d={d} />, cellSx: { minWidth: 160 } },
  { key: 'customer', header: 'Customer', cell: (d) => <CustomerLinkText d={d} />, cellSx: { minWidth: 120 } },
  {
    key: 'amounts',
    header: 'Amounts',
    align: 'right',
    cellSx: nowrap,
    cell: (d) =>
      amountsOf(d).map((a) => (
        <div key={a.label}>
          {a.label} {a.value}
        </div>
      )),
  },
  {
    key: 'seen',
    header: 'Seen',
    cellSx: nowrap,
    cell: (d) => (
      <>
        <div>First {formatDateTime(d.firstSeenAt)}</div>
        <div>Last {formatDateTime(d.lastSeenAt)}</div>
      </>
    ),
  },
];

/** Open discrepancies on a computer: one row each. */
export function DiscrepancyTable({ discrepancies }: { discrepancies: Discrepancy[] }) {
  return (
    <DataTable
      label="Discrepancies"
      region="Discrepancies table"
      tableSx={{ minWidth: 800 }}
      columns={COLUMNS}
      rows={discrepancies}
      rowKey={(d) => d.id}
    />
  );
}
