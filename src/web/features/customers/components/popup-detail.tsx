import { formatMoney } from '@domain/reference/money';
import ArrowBack from '@mui/icons-material/ArrowBack';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { CopyableText } from '@web/components/copyable-text';
import { Facts } from '@web/components/facts';
import { LoadError, Loading } from '@web/components/loading';
import { formatDateTime } from '@web/lib/format';
import { Link as RouterLink } from 'react-router';
import { useCustomerPopup } from '../api/customers';
import { customerPath } from './labels';
import { OrdersTable } from './orders-table';
import { PopupStatus } from './popups';
import { SectionTitle } from './section-title';

export function PopupDetailView({ uid, popupId }: { uid: string; popupId: string }) {
  const popup = useCustomerPopup(uid, popupId);
  const back = (
    <Button component={RouterLink} to={customerPath(uid, 'popups')} startIcon={<ArrowBack />} size="small">
      All popups
    </Button>
  );
  if (popup.isPending) return <Loading label="Loading popup" />;
  if (popup.isError)
    return (
      <>
        <LoadError error={popup.error} />
        <Box sx={{ mt: 2 }}>{back}</Box>
      </>
    );
  const p = popup.data.data;
  return (
    <>
      <SectionTitle actions={back}>{p.name}</SectionTitle>
      <Paper variant="outlined" sx={{ p: 2, mb: 3 }}>
        <Facts
          items={[
            ['Popup id', <CopyableText key="id" value={String(p.id)} label="Popup id" monospace />],
            ['Status', <PopupStatus key="s" popup={p} />],
            ['Opens', formatDateTime(p.openingDate)],
            ['Closes', formatDateTime(p.closingDate)],
            ['Orders', String(p.orderCount)],
            ['Total', formatMoney(p.totalCents, p.currency)],
            ['Open carts', String(p.carts)],
          ]}
        />
      </Paper>
      <Typography variant="h3" sx={{ fontSize: '1.05rem', mb: 1 }}>
        Orders at this popup
      </Typography>
      <OrdersTable
        orders={p.orders}
        label="Orders at this popup"
        showCustomer
        paper
        empty={<Typography sx={{ color: 'text.secondary' }}>No orders yet.</Typography>}
      />
    </>
  );
}
