import { DISCREPANCY_KIND_LABELS, type Discrepancy } from '@domain/reconciliation/reconciliation';
import { formatMoney } from '@domain/reference/money';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { customerPath, recordLink } from './record-links';

// The pieces a discrepancy shows in the table and on a card.

const money = (cents: number, d: Discrepancy) => formatMoney(cents, d.currency ?? 'USD');

/** What the invariant expects and what was found, as money; one amount when only one applies. */
export function amountsOf(d: Discrepancy): { label: string; value: string }[] {
  if (d.expectedCents === null && d.actualCents === null) return [];
  if (d.expectedCents === null) return [{ label: 'Amount', value: money(d.actualCents!, d) }];
  if (d.actualCents === null)
    return [
      { label: 'Expected', value: money(d.expectedCents, d) },
      { label: 'Found', value: 'none' },
    ];
  return [
    { label: 'Expected', value: money(d.expectedCents, d) },
    { label: 'Found', value: money(d.actualCents, d) },
    { label: 'Difference', value: money(d.actualCents - d.expectedCents, d) },
  ];
}

export function KindAndDetails({ d }: { d: Discrepancy }) {
  return (
    <>
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        {DISCREPANCY_KIND_LABELS[d.kind]}
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
        {d.details}
      </Typography>
    </>
  );
}

export function RecordLinkText({ d }: { d: Discrepancy }) {
  const link = recordLink(d);
  if (!link.to) return <span style={{ overflowWrap: 'anywhere' }}>{link.label}</span>;
  return (
    <Link component={RouterLink} to={link.to} sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
      {link.label}
    </Link>
  );
}

export function CustomerLinkText({ d }: { d: Discrepancy }) {
  if (!d.customerUid) return <>—</>;
  return (
    <Link component={RouterLink} to={customerPath(d.customerUid)}>
      {d.customerName ?? d.customerUid}
    </Link>
  );
}
