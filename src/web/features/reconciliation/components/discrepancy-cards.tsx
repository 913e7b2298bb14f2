import type { Discrepancy } from '@domain/reconciliation/reconciliation';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { formatDateTime } from '@web/lib/format';
import { amountsOf, CustomerLinkText, KindAndDetails, RecordLinkText } from './discrepancy-parts';

/** Open discrepancies on phones and tablets: one card each instead of a wide table. */
export function DiscrepancyCards({ discrepancies }: { discrepancies: Discrepancy[] }) {
  return (
    <Box
      component="ul"
      aria-label="Discrepancies"
      sx={{ listStyle: 'none', p: 0, m: 0, '& > li + li': { borderTop: 1, borderColor: 'divider' } }}
    >
      {discrepancies.map((d) => (
        <Box component="li" key={d.id} sx={{ p: 2 }}>
          <KindAndDetails d={d} />
          <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 2, rowGap: 0.5, mt: 1 }}>
            <RecordLinkText d={d} />
            {d.customerUid && <CustomerLinkText d={d} />}
          </Box>
          {amountsOf(d).length > 0 && (
            <Box component="dl" sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 2, m: 0, mt: 1 }}>
              {amountsOf(d).map((a) => (
                <Box key={a.label} sx={{ display: 'flex', gap: 0.5 }}>
                  <Typography component="dt" variant="body2" sx={{ color: 'text.secondary' }}>
                    {a.label}
                  </Typography>
                  <Typography component="dd" variant="body2" sx={{ m: 0, fontWeight: 600 }}>
                    {a.value}
                  </Typography>
                </Box>
              ))}
            </Box>
          )}
          <Typography variant="caption" component="p" sx={{ color: 'text.secondary', mt: 1 }}>
            First seen {formatDateTime(d.firstSeenAt)} · last seen {formatDateTime(d.lastSeenAt)}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
