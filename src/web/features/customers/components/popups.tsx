import type { Popup } from '@domain/customers/customer';
import { popupGroup } from '@domain/customers/popups';
import { formatMoney } from '@domain/reference/money';
import CelebrationOutlined from '@mui/icons-material/CelebrationOutlined';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { EmptyState } from '@web/components/empty-state';
import { LoadError, Loading } from '@web/components/loading';
import { formatDate } from '@web/lib/format';
import { Link as RouterLink } from 'react-router';
import { useCustomerPopups } from '../api/customers';
import { customerPath } from './labels';
import { ScrollTable } from './scroll-table';
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

/** Popups in spec 1 §4 order (the server sorts; see src/domain/customers/popups.ts). */
export function PopupsTable({ uid, popups, label }: { uid: string; popups: Popup[]; label: string }) {
  return (
    <ScrollTable label={label}>
      <Table size="small" aria-label={label}>
        <TableHead>
          <TableRow>
            <TableCell>Popup</TableCell>
            <TableCell>Status</TableCell>
            <TableCell>Opens</TableCell>
            <TableCell>Closes</TableCell>
            <TableCell align="right">Orders</TableCell>
            <TableCell align="right">Total</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {popups.map((p) => (
            <TableRow key={p.id} hover>
              <TableCell>
                <Link component={RouterLink} to={customerPath(uid, `popups/${p.id}`)}>
                  {p.name}
                </Link>
              </TableCell>
              <TableCell>
                <PopupStatus popup={p} />
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(p.openingDate)}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(p.closingDate)}</TableCell>
              <TableCell align="right">{p.orderCount}</TableCell>
              <TableCell align="right">{formatMoney(p.totalCents, p.currency)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </ScrollTable>
  );
}

export function CustomerPopups({ uid }: { uid: string }) {
  const popups = useCustomerPopups(uid);
  return (
    <>
      <SectionTitle>Popups</SectionTitle>
      {popups.isPending ? (
        <Loading label="Loading popups" />
      ) : popups.isError ? (
        <LoadError error={popups.error} />
      ) : popups.data.data.length === 0 ? (
        <EmptyState
          icon={<CelebrationOutlined />}
          title="No popups"
          description="This customer has not hosted a pop-up event."
        />
      ) : (
        <Paper variant="outlined">
          <PopupsTable uid={uid} popups={popups.data.data} label="Popups" />
        </Paper>
      )}
    </>
  );
}
