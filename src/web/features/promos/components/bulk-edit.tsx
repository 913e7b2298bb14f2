import type { BulkChange, RuleRef } from '@domain/promos/tool';
import {
  BULK_ACTIONS,
  BULK_FIELDS,
  type BulkAction,
  type BulkField,
  bulkUpdateReady,
} from '@domain/promos/tool-rules';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useAlert } from '@web/components/alert/alert-context';
import { ConfirmDialog } from '@web/components/confirm-dialog';
import { errorMessage } from '@web/lib/api-client';
import { useState } from 'react';
import { useBulkUpdate } from '../api/promos';

// Bulk edit (spec 3 §5): action, field and a comma-separated, trimmed SKU list applied to the chosen
// rules; previewed as a diff of every rule that changes, then applied.

const FIELD_LABELS: Record<BulkField, string> = {
  conditionItems: 'Condition items',
  actionItems: 'Action items',
  exclusionItems: 'Exclusion items',
  disqualificationItems: 'Disqualification items',
};

export function BulkEdit({ rules }: { rules: RuleRef[] }) {
  const [action, setAction] = useState<BulkAction | ''>('');
  const [field, setField] = useState<BulkField | ''>('');
  const [skus, setSkus] = useState('');
  const [preview, setPreview] = useState<BulkChange[] | null>(null);
  const [confirming, setConfirming] = useState(false);
  const bulk = useBulkUpdate();
  const alert = useAlert();
  const ready = bulkUpdateReady({ action, field, skus }) && rules.length > 0;
  const body = () => ({ action: action as BulkAction, field: field as BulkField, rules, skus });
  const reset = () => setPreview(null);

  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="bulk-title">
      <Typography id="bulk-title" variant="h6" component="h2" gutterBottom>
        Bulk update
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} useFlexGap sx={{ flexWrap: 'wrap', mb: 2 }}>
        <TextField
          select
          size="small"
          label="Action"
          value={action}
          onChange={(e) => {
            setAction(e.target.value as BulkAction);
            reset();
          }}
          sx={{ minWidth: 140 }}
        >
          {BULK_ACTIONS.map((a) => (
            <MenuItem key={a} value={a}>
              {a === 'add' ? 'Add SKUs' : 'Remove SKUs'}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label="Field"
          value={field}
          onChange={(e) => {
            setField(e.target.value as BulkField);
            reset();
          }}
          sx={{ minWidth: 200 }}
        >
          {BULK_FIELDS.map((f) => (
            <MenuItem key={f} value={f}>
              {FIELD_LABELS[f]}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          size="small"
          label="SKUs"
          value={skus}
          onChange={(e) => {
            setSkus(e.target.value);
            reset();
          }}
          helperText="Comma-separated"
          sx={{ flex: 1, minWidth: 200 }}
        />
      </Stack>
      <Stack direction="row" spacing={1}>
        <Button
          variant="outlined"
          disabled={!ready || bulk.isPending}
          onClick={() =>
            bulk.mutate({ ...body(), preview: true }, { onSuccess: (answer) => setPreview(answer.changes) })
          }
        >
          Preview
        </Button>
        <Button
          variant="contained"
          disabled={!ready || !preview || preview.length === 0 || bulk.isPending}
          onClick={() => setConfirming(true)}
        >
          Apply
        </Button>
      </Stack>
      {!ready && (
        <Typography variant="body2" sx={{ mt: 1, color: 'text.secondary' }}>
          Choose rules, an action, a field and at least one SKU.
        </Typography>
      )}
      {bulk.isError && (
        <Alert severity="error" sx={{ mt: 2 }}>
          {errorMessage(bulk.error, 'The bulk update failed.')}
        </Alert>
      )}
      {preview && (
        <Box sx={{ mt: 2 }} aria-live="polite" aria-label="Bulk update preview" role="region">
          {preview.length === 0 ? (
            <Typography>No rule changes.</Typography>
          ) : (
            preview.map((c) => <ChangeDiff key={`${c.collection}/${c.name}`} change={c} />)
          )}
        </Box>
      )}
      <ConfirmDialog
        open={confirming}
        title="Apply the bulk update?"
        confirmLabel="Apply"
        pending={bulk.isPending}
        onClose={() => setConfirming(false)}
        onConfirm={() =>
          bulk.mutate(body(), {
            onSuccess: (answer) => {
              alert.success(answer.message);
              setConfirming(false);
              setPreview(null);
            },
            onError: () => setConfirming(false),
          })
        }
      >
        {preview?.length ?? 0} rule{preview?.length === 1 ? '' : 's'} will change, as previewed.
      </ConfirmDialog>
    </Paper>
  );
}

function ChangeDiff({ change }: { change: BulkChange }) {
  const added = change.after.filter((s) => !change.before.includes(s));
  const removed = change.before.filter((s) => !change.after.includes(s));
  return (
    <Box sx={{ mb: 1.5, fontFamily: 'ui-monospace, Menlo, Consolas, monospace', fontSize: 13 }}>
      <Typography sx={{ fontWeight: 600 }}>
        {change.name}{' '}
        <Typography component="span" sx={{ color: 'text.secondary' }}>
          ({change.collection}) · {FIELD_LABELS[change.field]}
        </Typography>
      </Typography>
      {removed.map((s) => (
        <Box key={`-${s}`} sx={{ color: '#b71c1c', bgcolor: '#ffebee', px: 1 }}>
          − {s}
        </Box>
      ))}
      {added.map((s) => (
        <Box key={`+${s}`} sx={{ color: '#1b5e20', bgcolor: '#e8f5e9', px: 1 }}>
          + {s}
        </Box>
      ))}
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        [{change.before.join(', ')}] → [{change.after.join(', ')}]
      </Typography>
    </Box>
  );
}
