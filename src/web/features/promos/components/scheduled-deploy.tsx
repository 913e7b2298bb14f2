import { PROMO_ACCESS_REASONS } from '@domain/promos/access';
import { fieldInWords } from '@domain/promos/issue-words';
import { pacificLabel } from '@domain/promos/pacific-time';
import type { PromoRuleRecord } from '@domain/promos/tool';
import { canonicalJson } from '@domain/promos/tool-rules';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Collapse from '@mui/material/Collapse';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { errorMessage } from '@web/lib/api-client';
import { useId, useState } from 'react';
import { useReschedule } from '../api/promos';

// What a delayed deploy will publish (ADR 032): the rule as it was when the deploy was scheduled. When
// the rule was saved differently since (a later edit, a bulk update), the screen says that those
// changes will not go live and offers to re-schedule with the rule as saved now.

/** Fields whose saved value differs from the scheduled one, in words. */
function changedFields(record: PromoRuleRecord): string[] {
  const scheduled = record.scheduled!;
  const keys = new Set([...Object.keys(scheduled.rule), ...Object.keys(record.rule)]);
  const differs = [...keys].filter(
    (k) => canonicalJson(scheduled.rule[k]) !== canonicalJson(record.rule[k]) && k !== 'timestamps',
  );
  if (canonicalJson(scheduled.tags) !== canonicalJson(record.tags)) differs.push('tags');
  if (canonicalJson(scheduled.timestamps) !== canonicalJson(record.timestamps)) differs.push('timestamps');
  return differs.map((k) => fieldInWords([k]));
}

const savedLabel = (iso: string) => pacificLabel(Math.floor(Date.parse(iso) / 1000));

export function ScheduledDeploy({
  record,
  mayDeploy,
  onRescheduled,
}: {
  record: PromoRuleRecord;
  mayDeploy: boolean;
  onRescheduled: (record: PromoRuleRecord, message: string) => void;
}) {
  const scheduled = record.scheduled!;
  const reschedule = useReschedule();
  const [open, setOpen] = useState(false);
  const snapshotId = useId();
  const reasonId = useId();
  const changed = scheduled.changedSince ? changedFields(record) : [];
  const when = pacificLabel(scheduled.publishAt);

  return (
    <Box component="section" aria-label="Scheduled deploy" sx={{ mt: 2 }}>
      <Alert severity={scheduled.changedSince ? 'warning' : 'info'}>
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          Deploys to production on {when}
        </Typography>
        <Typography variant="body2">
          What goes live is the rule as saved by {scheduled.savedBy} on {savedLabel(scheduled.savedAt)}.
        </Typography>
        {scheduled.changedSince && (
          <Typography variant="body2" sx={{ mt: 1 }}>
            The rule was changed after the deploy was scheduled
            {changed.length > 0 ? ` (${changed.join(', ')})` : ''}: those changes will not go live on {when}{' '}
            unless the deploy is re-scheduled with the rule as saved now.
          </Typography>
        )}
        <Stack direction="row" spacing={1} useFlexGap sx={{ mt: 1, flexWrap: 'wrap' }}>
          <Button
            size="small"
            aria-expanded={open}
            aria-controls={snapshotId}
            onClick={() => setOpen((o) => !o)}
          >
            {open ? 'Hide what goes live' : 'Show what goes live'}
          </Button>
          {scheduled.changedSince && (
            <Button
              size="small"
              variant="contained"
              disabled={!mayDeploy || reschedule.isPending}
              aria-describedby={mayDeploy ? undefined : reasonId}
              onClick={() =>
                reschedule.mutate(
                  { collection: record.collection as 'drafts' | 'pending' | 'active', name: record.name },
                  { onSuccess: (answer) => onRescheduled(answer.data, answer.message) },
                )
              }
            >
              {reschedule.isPending ? 'Re-scheduling…' : 'Re-schedule with the rule as saved now'}
            </Button>
          )}
        </Stack>
        {scheduled.changedSince && !mayDeploy && (
          <Typography id={reasonId} variant="body2" sx={{ mt: 0.5 }}>
            {PROMO_ACCESS_REASONS.production}
          </Typography>
        )}
        {reschedule.isError && (
          <Typography variant="body2" role="alert" sx={{ mt: 0.5, color: 'error.main' }}>
            {errorMessage(reschedule.error, 'The deploy could not be re-scheduled.')}
          </Typography>
        )}
      </Alert>
      <Collapse in={open} id={snapshotId}>
        <Box
          component="pre"
          aria-label="Rule that goes live"
          tabIndex={0}
          sx={{
            m: 0,
            mt: 1,
            p: 1.5,
            maxHeight: 320,
            overflow: 'auto',
            fontSize: 12,
            bgcolor: 'grey.100',
            borderRadius: 1,
          }}
        >
          {JSON.stringify(
            { ...scheduled.rule, tags: scheduled.tags, timestamps: scheduled.timestamps },
            null,
            2,
          )}
        </Box>
      </Collapse>
    </Box>
  );
}
