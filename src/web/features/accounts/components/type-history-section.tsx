import { userTypeName } from '@domain/reference/lists';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { Placeholder } from '@web/components/placeholder';
import { SectionCard } from '@web/components/section-card';
import { errorMessage } from '@web/lib/api-client';
import { formatDateTime } from '@web/lib/format';
import { useAccountTypeHistory } from '../api/account';

const typeName = (id: number | null) => (id == null ? 'none' : (userTypeName(id) ?? String(id)));

/** Account type history (spec 1 §7 accountTypeHistory): enrollment, purchases, manual changes. */
export function TypeHistorySection({ uid }: { uid: string }) {
  const history = useAccountTypeHistory(uid);
  return (
    <SectionCard title="Account type history">
      {history.isPending ? (
        <Placeholder height={48} />
      ) : history.isError ? (
        <Typography color="error">
          {errorMessage(history.error, 'The history could not be loaded.')}
        </Typography>
      ) : history.data.length === 0 ? (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          No account type changes recorded.
        </Typography>
      ) : (
        <Box component="ol" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1.25 }}>
          {history.data.map((h) => (
            <Box component="li" key={h.id} sx={{ borderLeft: 3, borderColor: 'divider', pl: 1.5 }}>
              <Typography variant="body2">
                {typeName(h.fromType)} → {typeName(h.toType)}
                {h.recordedAs ? ` · ${h.recordedAs}` : ''}
              </Typography>
              <Typography
                variant="caption"
                component="div"
                sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}
              >
                {formatDateTime(h.changedAt)} · {h.changedBy ?? 'system'}
                {h.reason ? ` · “${h.reason}”` : ''}
              </Typography>
            </Box>
          ))}
        </Box>
      )}
    </SectionCard>
  );
}
