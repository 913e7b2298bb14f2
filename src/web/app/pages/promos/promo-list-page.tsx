import { RULE_TYPES } from '@domain/promos/rule-types';
import { PROMO_COLLECTIONS } from '@domain/promos/tool-rules';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import LocalOfferOutlined from '@mui/icons-material/LocalOfferOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { DataTable, type DataTableColumn } from '@web/components/data-table';
import { EmptyState } from '@web/components/empty-state';
import { PageHeader } from '@web/components/page-header';
import { Placeholder } from '@web/components/placeholder';
import { useAllRules, usePromoTags } from '@web/features/promos/api/promos';
import {
  EMPTY_FILTER,
  filterRules,
  type PromoListFilter,
  regionLabel,
  rulesCsv,
  typeLabel,
  userTypesLabel,
  windowLabel,
} from '@web/features/promos/components/promo-list-model';
import { errorMessage } from '@web/lib/api-client';
import { downloadCsv } from '@web/lib/download-csv';
import { formatDateTime } from '@web/lib/format';
import { useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router';

type Rule = NonNullable<ReturnType<typeof useAllRules>['data']>[number];
const yesNo = (v: boolean) => (v ? 'Yes' : 'No');

const COLUMNS: DataTableColumn<Rule>[] = [
  {
    key: 'name',
    header: 'Name',
    cellSx: { minWidth: 180 },
    cell: (r) => (
      <Link
        component={RouterLink}
        to={`/promos/editor/${encodeURIComponent(r.name)}?collection=${r.collection}`}
      >
        {r.name}
      </Link>
    ),
  },
  { key: 'collection', header: 'Collection', cell: (r) => r.collection },
  { key: 'type', header: 'Type', cellSx: { minWidth: 180 }, cell: (r) => typeLabel(r.typeId) },
  { key: 'priority', header: 'Priority', align: 'right', cell: (r) => r.priority },
  { key: 'stop', header: 'Stop', cell: (r) => yesNo(r.stop) },
  { key: 'regions', header: 'Regions', cell: (r) => regionLabel(r.regionId) },
  {
    key: 'userTypes',
    header: 'User types',
    cellSx: { minWidth: 140 },
    cell: (r) => userTypesLabel(r.userTypes),
  },
  { key: 'window', header: 'Window', cellSx: { whiteSpace: 'nowrap' }, cell: windowLabel },
  { key: 'active', header: 'Active', cell: (r) => yesNo(r.active) },
  {
    key: 'tags',
    header: 'Tags',
    cellSx: { minWidth: 120 },
    cell: (r) => r.tags.map((t) => <Chip key={t} label={t} size="small" sx={{ mr: 0.5, mb: 0.5 }} />),
  },
  {
    key: 'change',
    header: 'Last change',
    cellSx: { minWidth: 180 },
    cell: (r) => (
      <>
        {formatDateTime(r.updatedAt)}
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {r.updatedBy ?? '—'}
        </Typography>
        <Link
          component={RouterLink}
          to={`/promos/history/${encodeURIComponent(r.name)}`}
          variant="body2"
          aria-label={`History of ${r.name}`}
        >
          History
        </Link>
      </>
    ),
  },
];

/** /promos/list: every rule across drafts, pending, active and production. */
export function PromoListPage() {
  const rules = useAllRules();
  const tags = usePromoTags();
  const [f, setF] = useState<PromoListFilter>(EMPTY_FILTER);
  const set = (patch: Partial<PromoListFilter>) => setF((current) => ({ ...current, ...patch }));
  const now = Math.floor(Date.now() / 1000);
  const shown = useMemo(() => filterRules(rules.data ?? [], f, now), [rules.data, f, now]);

  return (
    <>
      <PageHeader
        title="Promo list"
        subtitle="Every promotion rule in drafts, pending, active and production."
        breadcrumbs={[{ label: 'Promos', to: '/promos' }, { label: 'Promo list' }]}
        actions={
          <Button
            variant="outlined"
            startIcon={<FileDownloadOutlined />}
            disabled={shown.length === 0}
            onClick={() => downloadCsv('promo-rules.csv', rulesCsv(shown))}
          >
            Export CSV
          </Button>
        }
      />
      <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} useFlexGap sx={{ flexWrap: 'wrap' }}>
          <TextField
            label="Search by name"
            value={f.q}
            onChange={(e) => set({ q: e.target.value })}
            size="small"
            sx={{ minWidth: 200 }}
          />
          <TextField
            select
            slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
            label="Collection"
            value={f.collection}
            onChange={(e) => set({ collection: e.target.value as PromoListFilter['collection'] })}
            size="small"
            sx={{ minWidth: 150 }}
          >
            <MenuItem value="">All</MenuItem>
            {PROMO_COLLECTIONS.map((c) => (
              <MenuItem key={c} value={c}>
                {c}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
            label="Type"
            value={f.typeId === '' ? '' : String(f.typeId)}
            onChange={(e) => set({ typeId: e.target.value === '' ? '' : Number(e.target.value) })}
            size="small"
            sx={{ minWidth: 220 }}
          >
            <MenuItem value="">All</MenuItem>
            {RULE_TYPES.map((t) => (
              <MenuItem key={t.id} value={String(t.id)}>
                {typeLabel(t.id)}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
            label="Tag"
            value={f.tag}
            onChange={(e) => set({ tag: e.target.value })}
            size="small"
            sx={{ minWidth: 150 }}
          >
            <MenuItem value="">All</MenuItem>
            {(tags.data ?? []).map((t) => (
              <MenuItem key={t} value={t}>
                {t}
              </MenuItem>
            ))}
          </TextField>
          <TextField label="SKU" value={f.sku} onChange={(e) => set({ sku: e.target.value })} size="small" />
          <FormControlLabel
            control={<Switch checked={f.liveNow} onChange={(e) => set({ liveNow: e.target.checked })} />}
            label="Live now"
          />
        </Stack>
      </Paper>
      {rules.isPending ? (
        <Stack spacing={1} role="status" aria-busy="true" aria-label="Loading rules">
          {[0, 1, 2, 3].map((i) => (
            <Placeholder key={i} height={44} />
          ))}
        </Stack>
      ) : rules.isError ? (
        <Alert severity="error" action={<Button onClick={() => rules.refetch()}>Try again</Button>}>
          {errorMessage(rules.error, 'The promo rules could not be loaded.')}
        </Alert>
      ) : shown.length === 0 ? (
        <EmptyState
          icon={<LocalOfferOutlined />}
          title="No rules match"
          description="Try another collection, type, tag or SKU."
        />
      ) : (
        <Paper variant="outlined">
          <Typography variant="body2" sx={{ px: 2, pt: 1.5, color: 'text.secondary' }} aria-live="polite">
            {shown.length} of {rules.data.length} rules
          </Typography>
          <DataTable
            label="Promo rules"
            containerSx={{ maxWidth: '100%', overflowX: 'auto' }}
            columns={COLUMNS}
            rows={shown}
            rowKey={(r) => `${r.collection}/${r.name}`}
          />
        </Paper>
      )}
    </>
  );
}
