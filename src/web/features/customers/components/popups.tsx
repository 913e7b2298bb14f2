import type { Popup } from '@domain/customers/customer';
import { popupGroup } from '@domain/customers/popups';
import { formatMoney } from '@domain/reference/money';
import CelebrationOutlined from '@mui/icons-material/CelebrationOutlined';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import { DataTable, type DataTableColumn, type ListStates } from '@web/components/data-table';
import { EmptyState } from '@web/components/empty-state';
import { formatDate } from '@web/lib/format';
import { Link as RouterLink } from 'react-router';
import { useCustomerPopups } from '../api/customers';
import { customerPath } from './labels';
import { SectionTitle } from './section-title';

const PHASE = ['Open now', 'Opens soon', ''] as const;

export function PopupStatus({ popup }: { popup: Popup }) {
  const group = popupGroup(popup, new Date());
  const label = group < 2 ? PHASE[group] : popup.status.charAt(0).toUpperCase() + popup.status.slice(1);
  return (
    <Chip
      size="small"
      variant="outlined"
      color={group === 0 ? 'success' : group === 1 ? 'info' : 'default'}
      label={label}
    />
  );
}

const nowrap = { whiteSpace: 'nowrap' } as const;

const columns = (uid: string): DataTableColumn<Popup>[] => [
  {
    key: 'popup',
    header: 'Popup',
    cell: (p) => (
      <Link component={RouterLink} to={customerPath(uid, `popups/${p.id}`)}>
        {p.name}
      </Link>
    ),
  },
  { key: 'status', header: 'Status', cell: (p) => <PopupStatus popup={p} /> },
  { key: 'opens', header: 'Opens', cellSx: nowrap, cell: (p) => formatDate(p.openingDate) },
  { key: 'closes', header: 'Closes', cellSx: nowrap, cell: (p) => formatDate(p.closingDate) },
  { key: 'orders', header: 'Orders', align: 'right', cell: (p) => p.orderCount },
  { key: 'total', header: 'Total', align: 'right', cell: (p) => formatMoney(p.totalCents, p.currency) },
];

/** Popups in spec 1 §4 order (the server sorts; see src/domain/customers/popups.ts). */
export function PopupsTable({
  uid,
  popups,
  label,
  paper = false,
  ...states
}: ListStates & { uid: string; popups: Popup[]; label: string; paper?: boolean }) {
  return (
    <DataTable
      label={label}
      region
      paper={paper}
      columns={columns(uid)}
      rows={popups}
      rowKey={(p) => p.id}
      {...states}
    />
  );
}

export function CustomerPopups({ uid }: { uid: string }) {
  const popups = useCustomerPopups(uid);
  return (
    <>
      <SectionTitle>Popups</SectionTitle>
      <PopupsTable
        uid={uid}
        label="Popups"
        paper
        popups={popups.data?.data ?? []}
        loading={popups.isPending}
        loadingLabel="Loading popups"
        error={popups.error}
        empty={
          <EmptyState
            icon={<CelebrationOutlined />}
            title="No popups"
            description="This customer has not hosted a pop-up event."
          />
        }
      />
    </>
  );
}
